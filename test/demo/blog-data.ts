// The demo's authors and posts, written out (not imported from the seeder) so the tests check them independently.
export const ADA = { id: 1, firstName: 'Ada', lastName: 'Lovelace' };
export const ALAN = { id: 2, firstName: 'Alan', lastName: 'Turing' };
export const GRACE = { id: 3, firstName: 'Grace', lastName: 'Hopper' };
export const AUTHORS = [ADA, ALAN, GRACE];
export const POSTS = [
  { id: 1, title: 'Notes on the Engine', votes: 3 },
  { id: 2, title: 'On Computable Numbers', votes: 5 },
  { id: 3, title: 'Computing Machinery', votes: 2 },
  { id: 4, title: 'The First Compiler', votes: null },
];
export const POSTS_OF: Record<number, typeof POSTS> = {
  1: [POSTS[0]],
  2: [POSTS[1], POSTS[2]],
  3: [POSTS[3]],
};

/** A demo author as `{ id firstName lastName posts { id title votes } }` answers it. */
export const withPosts = (author: (typeof AUTHORS)[number]) => ({ ...author, posts: POSTS_OF[author.id] });
