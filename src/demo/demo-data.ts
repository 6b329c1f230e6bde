import type { Role } from '../users/roles';

// The demo data, seeded when SEED_DEMO is on. Passwords are here only to be hashed at seed time.
// Their addresses are confirmed.
export const DEMO_USERS: Array<{
  id: number;
  username: string;
  email: string;
  password: string;
  roles: Role[];
}> = [
  { id: 1, username: 'alice', email: 'alice@example.com', password: 'alice-password', roles: ['admin'] },
  { id: 2, username: 'bob', email: 'bob@example.com', password: 'bob-password', roles: ['user'] },
];

export const DEMO_AUTHORS = [
  { id: 1, firstName: 'Ada', lastName: 'Lovelace' },
  { id: 2, firstName: 'Alan', lastName: 'Turing' },
  { id: 3, firstName: 'Grace', lastName: 'Hopper' },
];

export const DEMO_POSTS = [
  { id: 1, title: 'Notes on the Engine', votes: 3, authorId: 1 },
  { id: 2, title: 'On Computable Numbers', votes: 5, authorId: 2 },
  { id: 3, title: 'Computing Machinery', votes: 2, authorId: 2 },
  { id: 4, title: 'The First Compiler', votes: null, authorId: 3 },
];

export const DEMO_WARRIORS = [
  { id: 1, name: 'Boudica', level: 12 },
  { id: 2, name: 'Miyamoto Musashi', level: 9.5 },
];
