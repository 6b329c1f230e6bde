import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import request from 'supertest';
import type { TestApp } from './test-app';

/** A GraphQL response as the tests read it. */
export interface GraphqlError {
  message: string;
  path?: string[];
  extensions: { code: string; validationErrors?: string[]; [key: string]: unknown };
}

export interface GraphqlBody<T = Record<string, unknown>> {
  data?: T | null;
  errors?: GraphqlError[];
}

export type GraphqlResponse<T = Record<string, unknown>> = GraphqlBody<T> & { status: number };

export interface GraphqlOptions {
  variables?: Record<string, unknown>;
  /** The Authorization header, e.g. `Bearer <token>`. */
  auth?: string;
}

export type GraphqlClient = <T = Record<string, unknown>>(
  query: string,
  options?: GraphqlOptions,
) => Promise<GraphqlResponse<T>>;

/**
 * POSTs queries as JSON to one endpoint of a test app; every response is checked for leaked stack traces.
 * `sut` is read at each call, so the client can be made before `beforeAll` has started the app.
 */
export function graphqlClient(sut: Pick<TestApp, 'http'>, path: string): GraphqlClient {
  return async <T>(query: string, { variables, auth }: GraphqlOptions = {}) => {
    const call = request(sut.http).post(path).send({ query, variables });
    if (auth) call.set('Authorization', auth);
    const response = await call;
    expect(JSON.stringify(response.body)).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
    return { status: response.status, ...(response.body as GraphqlBody<T>) };
  };
}

/** The one error of a response; fails when there is not exactly one. */
export function errorOf(body: GraphqlBody): GraphqlError {
  expect(body.errors).toHaveLength(1);
  return body.errors![0];
}

/** The schema an endpoint serves, as introspection shows it to a client. */
export async function introspect(gql: GraphqlClient): Promise<GraphQLSchema> {
  const body = await gql<IntrospectionQuery>(getIntrospectionQuery({ inputValueDeprecation: true }));
  expect(body.errors).toBeUndefined();
  return buildClientSchema(body.data!);
}

/** The fields of an object or input type with their types, e.g. `{ id: 'Int!', children: '[ProbeItem!]!' }`. */
export function fieldTypes(schema: GraphQLSchema, typeName: string): Record<string, string> {
  const type = schema.getType(typeName) as GraphQLObjectType | GraphQLInputObjectType | undefined;
  expect(type).toBeDefined();
  return Object.fromEntries(
    Object.values(type!.getFields()).map((field) => [field.name, String(field.type)]),
  );
}

/** The arguments of a field: `{ name: [type, default value] }`. */
export function argsOf(field: GraphQLField<unknown, unknown>): Record<string, [string, unknown]> {
  return Object.fromEntries(field.args.map((arg) => [arg.name, [String(arg.type), arg.defaultValue]]));
}
