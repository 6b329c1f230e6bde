import { createFixtureProject, removeFixtureProject } from '../testing/fixture-project';
import { featureOpenapiNames, openapiNameProblem } from './openapi-names';

describe(openapiNameProblem.name, () => {
  // The specs' own project: its classes and enums, not the live app's, which change with its features.
  let root: string;
  beforeAll(() => (root = createFixtureProject()));
  afterAll(() => removeFixtureProject(root));

  it('should refuse a feature named like an enum of the project, naming the file', () => {
    expect(openapiNameProblem(root, featureOpenapiNames({ Name: 'BookGenre', enums: [] }))).toBe(
      'the app has a class or enum named BookGenre already (src/books/book-genre.enum.ts), which names an OpenAPI schema too',
    );
  });

  it("should refuse a feature whose enum is named like a class of the project's", () => {
    expect(
      openapiNameProblem(root, featureOpenapiNames({ Name: 'Sort', enums: [{ name: 'SortDirection' }] })),
    ).toMatch(/named SortDirection already \(src\/common\/pagination\/sort-direction\.ts\)/);
  });

  it('should find nothing for new names', () => {
    expect(
      openapiNameProblem(root, featureOpenapiNames({ Name: 'Widget', enums: [{ name: 'WidgetKind' }] })),
    ).toBeUndefined();
  });
});
