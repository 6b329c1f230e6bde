import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { ERROR_RESPONSE_SCHEMA, ERROR_RESPONSE_SCHEMA_NAME } from './error-response';

/** The methods OpenAPI 3.0 can describe: a route for any other (`@All()`'s SEARCH) is left out. */
const OPENAPI_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The methods whose body the app parses: JSON only, at most JSON_BODY_LIMIT (app.setup.ts). */
const WITH_BODY = new Set(['post', 'put', 'patch']);
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** What each status the app adds on its own means; an operation's own description wins. */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400':
    'The request is invalid (a parameter or body field out of range, malformed JSON); the message says why.',
  '401': 'No valid access token: send `Authorization: Bearer <token>` from POST /auth/login.',
  '413': 'The body is larger than the app accepts.',
  '415': 'The body is not sent as application/json.',
  '429': 'Too many writes by this user: try again after the Retry-After header’s seconds.',
  '503': 'The database is unavailable: try again after the Retry-After header’s seconds.',
};

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};

const ERROR_CONTENT = {
  'application/json': { schema: { $ref: `#/components/schemas/${ERROR_RESPONSE_SCHEMA_NAME}` } },
};

/**
 * Completes the document the decorators give, for what the whole app shares rather than each controller:
 * - each operation lists the errors that the app's cross-cutting parts answer: 400 where a parameter or body is
 *   validated, 413 and 415 where a body is read, 401 behind the global guard, 429 and 503 for a signed-in user's
 *   writes (the write throttle counts in the database);
 * - every error answer without a schema of its own gets ErrorResponse, the body the exception filter writes;
 * - a public operation says `security: []` (documentGuardedRoutes gave the others the bearer scheme);
 * - a route for a method OpenAPI 3.0 cannot describe (SEARCH) is left out;
 * - a nullable property of several types (a json field) says so as OpenAPI 3.0 can (nullableInBranches).
 * A controller adds what only it knows (a 404, a 409, a 403, a 503 where it reads the database) with the
 * usual decorators, a description without a type: the schema comes from here.
 */
export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  for (const path of Object.values(document.paths)) {
    const item = path as Record<string, unknown>;
    for (const method of Object.keys(item)) {
      if (!/^[a-z]+$/.test(method) || OPENAPI_METHODS.has(method)) continue;
      delete item[method];
    }
    for (const method of OPENAPI_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (operation) completeOperation(method, operation);
    }
  }
  const schemas = document.components?.schemas ?? {};
  for (const schema of Object.values(schemas)) {
    for (const property of Object.values((schema as SchemaObject).properties ?? {})) {
      nullableInBranches(property as SchemaObject);
    }
  }
  document.components = {
    ...document.components,
    schemas: { ...schemas, [ERROR_RESPONSE_SCHEMA_NAME]: ERROR_RESPONSE_SCHEMA },
  };
  return document;
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a nullable property that is one of several types (a json
 * field, `oneOf` object or array) says so in each branch instead, as `anyOf`, since null then matches them all.
 */
function nullableInBranches(property: SchemaObject): void {
  const branches = property.oneOf ?? property.anyOf;
  if (!property.nullable || property.type !== undefined || !branches) return;
  delete property.nullable;
  delete property.oneOf;
  property.anyOf = branches.map((branch) => ({ ...branch, nullable: true }));
}

function completeOperation(method: string, operation: OperationObject): void {
  const guarded = (operation.security ?? []).length > 0;
  if (!guarded) operation.security = [];
  const added = new Set<string>();
  if (WITH_BODY.has(method)) ['400', '413', '415'].forEach((status) => added.add(status));
  if (isValidated(operation)) added.add('400');
  if (guarded) added.add('401');
  if (guarded && WRITES.has(method)) ['429', '503'].forEach((status) => added.add(status));

  const responses = operation.responses as Record<string, ResponseObject>;
  for (const status of added) responses[status] ??= { description: ERROR_DESCRIPTIONS[status] };
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]/.test(status)) continue;
    response.content ??= ERROR_CONTENT;
    if (status === '429' || status === '503') response.headers ??= RETRY_AFTER;
  }
  operation.responses = sortedByStatus(responses);
}

/** A query parameter (validated by its DTO) or an integer path parameter (ParseIdPipe) can be refused with 400. */
function isValidated(operation: OperationObject): boolean {
  return (operation.parameters ?? []).some((parameter) => {
    const { in: location, schema } = parameter as ParameterObject;
    return location === 'query' || (location === 'path' && (schema as { type?: string })?.type === 'integer');
  });
}

function sortedByStatus(responses: Record<string, ResponseObject>): Record<string, ResponseObject> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
