/**
 * What the demo is: the one list `npm run demo:remove` works from. Everything else it does (the registrations it
 * takes out, the manifest entries it forgets, the migration it writes) is derived from these paths and names.
 */
export const DEMO = {
  /** Feature folders of the showcase and the examples: every file under them goes. */
  folders: [
    'src/cats',
    'src/routing',
    'src/tenants',
    'src/interceptors-showcase',
    'src/warriors',
    'src/authors',
    'src/posts',
    'src/books',
    'test/demo',
  ],
  /** Single files of the demo outside those folders (tests and fixtures). */
  files: ['test/books.e2e-spec.ts', 'test/fixtures/books.ts'],
  /** The tables those features own: the new migration drops them. */
  tables: ['authors', 'posts', 'warriors', 'books'],
  /** The demo data that goes (src/demo/demo-data.ts); DEMO_USERS, alice and bob, stays. */
  data: {
    file: 'src/demo/demo-data.ts',
    constants: ['DEMO_AUTHORS', 'DEMO_POSTS', 'DEMO_WARRIORS'],
  },
  /** The seeder, whose statements and lists that use removed tables or data go. */
  seeder: 'src/demo/demo.seeder.ts',
  /** Prose that names what goes, rewritten where it is found as written here. */
  wording: [
    {
      file: 'src/demo/demo.module.ts',
      from: 'The demo data of the starter (users, authors, posts, warriors)',
      to: 'The demo users of the starter (alice and bob)',
    },
  ],
  /** The name of the migration that drops the tables (`drizzle/<next>_remove_demo.sql`). */
  migration: 'remove_demo',
} as const;
