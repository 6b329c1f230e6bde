import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseNameProblem } from './database-names';

const ROOT = join(__dirname, '..', '..');

describe(databaseNameProblem.name, () => {
  it('should name a table the app has, and the file that declares it', () => {
    expect(databaseNameProblem(ROOT, 'throttle_counters', [])).toBe(
      'the database has a table or type named throttle_counters already (src/auth/throttle/throttle-counters.table.ts)',
    );
  });

  // Book's enum: the sample a project may have destroyed (`npx plop destroy -- --name Book`).
  (existsSync(join(ROOT, 'src', 'books')) ? it : it.skip)('should name an enum type the app has', () => {
    expect(databaseNameProblem(ROOT, 'book_genre', [])).toMatch(
      /book_genre already \(src\/books\/books.table.ts\)/,
    );
  });

  it('should name a table the app has when it is asked for as an enum', () => {
    expect(databaseNameProblem(ROOT, 'widgets', ['authors'])).toMatch(/named authors already/);
  });

  it('should find nothing for new names', () => {
    expect(databaseNameProblem(ROOT, 'widgets', ['widget_kind'])).toBeUndefined();
  });
});
