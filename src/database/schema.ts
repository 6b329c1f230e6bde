// Every table of the app, for Drizzle's typed client and for drizzle-kit's migration generator.
export * from '../users/users.table';
export * from '../authors/authors.table';
export * from '../posts/posts.table';
export * from '../warriors/warriors.table';
