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

// The demo data of CONTRACT §2, written out (not imported from the seeder) so the tests check it independently.
export const ADA = { id: 1, firstName: 'Ada', lastName: 'Lovelace' };
export const ALAN = { id: 2, firstName: 'Alan', lastName: 'Turing' };
export const GRACE = { id: 3, firstName: 'Grace', lastName: 'Hopper' };
export const POSTS = [
  { id: 1, title: 'Notes on the Engine', votes: 3 },
  { id: 2, title: 'On Computable Numbers', votes: 5 },
  { id: 3, title: 'Computing Machinery', votes: 2 },
  { id: 4, title: 'The First Compiler', votes: null },
];
export const POSTS_OF = { 1: [POSTS[0]], 2: [POSTS[1], POSTS[2]], 3: [POSTS[3]] };
