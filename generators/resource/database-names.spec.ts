import { createFixtureProject, removeFixtureProject } from '../testing/fixture-project';
import { databaseNameProblem } from './database-names';

describe(databaseNameProblem.name, () => {
  // The specs' own project: its migration snapshot and tables, not the live app's, which change with its features.
  let root: string;
  beforeAll(() => (root = createFixtureProject()));
  afterAll(() => removeFixtureProject(root));

  it('should name a table the project has, and the file that declares it', () => {
    expect(databaseNameProblem(root, ['throttle_counters'])).toBe(
      'the database has a table or type named throttle_counters already (src/auth/throttle/throttle-counters.table.ts)',
    );
  });

  it('should name an enum type the project has', () => {
    expect(databaseNameProblem(root, ['book_genre'])).toMatch(
      /book_genre already \(src\/books\/books.table.ts\)/,
    );
  });

  it('should name a table the project has when it is asked for as an enum', () => {
    expect(databaseNameProblem(root, ['widgets', 'authors'])).toMatch(/named authors already/);
  });

  it('should find nothing for new names', () => {
    expect(databaseNameProblem(root, ['widgets', 'widget_kind'])).toBeUndefined();
  });
});
