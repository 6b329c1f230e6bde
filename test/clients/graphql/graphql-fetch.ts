import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

/** A GraphQL answer: the data the document selects, and errors with their codes. */
export interface GraphqlAnswer<TResult> {
  data?: TResult | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** No argument for an operation without variables, its variables otherwise. */
type VariablesArgument<TVariables> = TVariables extends Record<string, never> ? [] : [variables: TVariables];

/**
 * The smallest typed client: POSTs a typed document (graphql-codegen's) over fetch. Its variables and its data
 * are the document's types, so a call the schema does not allow fails the type check.
 */
export function graphqlFetch(url: string, headers: Record<string, string> = {}) {
  return async <TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    ...[variables]: VariablesArgument<TVariables>
  ): Promise<GraphqlAnswer<TResult>> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: print(document), variables }),
    });
    return (await response.json()) as GraphqlAnswer<TResult>;
  };
}
