import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { featureOpenapiNames, openapiNameProblem } from './openapi-names';

const ROOT = join(__dirname, '..', '..');

describe(openapiNameProblem.name, () => {
  // Book's enum: the sample a project may have destroyed (`npx plop destroy -- --name Book`).
  (existsSync(join(ROOT, 'src', 'books')) ? it : it.skip)(
    'should refuse a feature named like an enum of the app, naming the file',
    () => {
      expect(openapiNameProblem(ROOT, featureOpenapiNames({ Name: 'BookGenre', enums: [] }))).toBe(
        'the app has a class or enum named BookGenre already (src/books/book-genre.enum.ts), which names an OpenAPI schema too',
      );
    },
  );

  it("should refuse a feature whose enum is named like a class of the app's", () => {
    expect(
      openapiNameProblem(ROOT, featureOpenapiNames({ Name: 'Sort', enums: [{ name: 'SortDirection' }] })),
    ).toMatch(/named SortDirection already \(src\/common\/pagination\/sort-direction\.ts\)/);
  });

  it('should find nothing for new names', () => {
    expect(
      openapiNameProblem(ROOT, featureOpenapiNames({ Name: 'Widget', enums: [{ name: 'WidgetKind' }] })),
    ).toBeUndefined();
  });
});
