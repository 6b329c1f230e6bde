import { defineConfig } from 'drizzle-kit';

// Every feature's table file: a new feature needs no registration here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/*.table.ts',
  out: './drizzle',
});
