import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { featureExistsProblem, identifierProblem, nameProblem } from './validate-name';

describe(nameProblem.name, () => {
  it.each(['Thing', 'categories', 'BlogPost', 'person', 'book-review', 'book_reviews'])(
    'should accept %p',
    (name) => {
      expect(nameProblem(name, 'the name', 'Thing')).toBeUndefined();
    },
  );

  it.each([
    ['', /is required/],
    [undefined, /is required/],
    ['../things', /not a path/],
    ['src/things', /not a path/],
    ['things.ts', /not a path/],
    ['blog-', /must be a name of letters and digits/],
    ['blog--post', /must be a name of letters and digits/],
    ['blog post', /must be a name of letters and digits/],
    ['9lives', /must be a name of letters and digits/],
    [' Thing', /must be a name of letters and digits/],
    ['class', /reserved word/],
    ['Query', /reserved word/],
    ['users', /reserved word/],
    ['User', /reserved word/],
    ['sheep', /no distinct plural/],
  ])('should refuse %p, saying why', (name, message) => {
    expect(nameProblem(name, 'the name', 'Thing')).toMatch(message);
  });

  it('should allow names without a plural where no plural is needed', () => {
    expect(identifierProblem('Sheep', 'the name', 'Audit')).toBeUndefined();
  });

  it('should keep identifiers (class names) to letters and digits', () => {
    expect(identifierProblem('audit-log', 'the name', 'Audit')).toMatch(/must be an identifier/);
  });
});

describe(featureExistsProblem.name, () => {
  const root = mkdtempSync(join(tmpdir(), 'feature-exists-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('should refuse a folder that holds files, and take a missing or empty one', () => {
    mkdirSync(join(root, 'src', 'tags'), { recursive: true });
    mkdirSync(join(root, 'src', 'notes'), { recursive: true });
    writeFileSync(join(root, 'src', 'notes', 'notes.service.ts'), '');

    expect(featureExistsProblem(root, 'src/things')).toBeUndefined();
    expect(featureExistsProblem(root, 'src/tags')).toBeUndefined();
    expect(featureExistsProblem(root, 'src/notes')).toBe(
      'src/notes already exists: the feature is there, nothing was generated',
    );
  });
});
