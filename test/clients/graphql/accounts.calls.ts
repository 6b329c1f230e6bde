import type { ResultOf } from '@graphql-typed-document-node/core';
// Generated from src/schema.gql and accounts.graphql when the test runs (graphql-codegen's client preset), never
// committed: this file is type-checked against the schema of the moment, and left out of the project's own check.
import { MeDocument, UserDocument } from './gql/graphql';
import { type GraphqlAnswer, graphqlFetch } from './graphql-fetch';

type Account = NonNullable<ResultOf<typeof UserDocument>['user']>;

/** What the calls saw, for the test to check. */
export interface AccountQueries {
  me: ResultOf<typeof MeDocument>['me'];
  found: Account | null;
  unknown: Account | null;
  refused: GraphqlAnswer<ResultOf<typeof UserDocument>>;
}

/**
 * An admin's and a user's GraphQL calls through the typed documents: the admin reads itself (`me`, no variables)
 * and looks users up by id (a known one, an unknown one); the user is refused the look-up.
 */
export async function queryAccounts(
  url: string,
  adminToken: string,
  userToken: string,
  userId: number,
): Promise<AccountQueries> {
  const asAdmin = graphqlFetch(url, { Authorization: `Bearer ${adminToken}` });
  const asUser = graphqlFetch(url, { Authorization: `Bearer ${userToken}` });

  const { data: self } = await asAdmin(MeDocument);
  if (!self) throw new Error('me unanswered');
  const { data: found } = await asAdmin(UserDocument, { id: userId });
  const { data: unknown } = await asAdmin(UserDocument, { id: 2_000_000_000 });
  const refused = await asUser(UserDocument, { id: userId });

  return { me: self.me, found: found?.user ?? null, unknown: unknown?.user ?? null, refused };
}
