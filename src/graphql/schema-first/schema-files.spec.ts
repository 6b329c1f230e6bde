import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { StartupError } from '../../common/errors/startup-error';
import { assertSchemaFilesParse } from './schema-files';

describe(assertSchemaFilesParse.name, () => {
  let root: string;

  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'schema-files-'));
    write('src/authors/authors.graphql', 'type Author {\n  id: Int!\n}\n');
    write('src/authors/authors.service.ts', 'not GraphQL at all {');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("should accept the project's own .graphql files", () => {
    expect(() => assertSchemaFilesParse(resolve(__dirname, '..', '..', '..'))).not.toThrow();
  });

  it('should accept files that each parse, and read nothing but .graphql files', () => {
    expect(() => assertSchemaFilesParse(root)).not.toThrow();
  });

  it('should name the file, line and column of a syntax error, in any folder under src/', () => {
    write('src/posts/nested/posts.graphql', 'type Post {\n  id: Int!\n  title String\n}\n');

    expect(() => assertSchemaFilesParse(root)).toThrow(
      new StartupError(
        'src/posts/nested/posts.graphql:3:9: Syntax Error: Expected ":", found Name "String".',
      ),
    );
  });

  it('should pass over an empty file, as Nest does, and name one with nothing but a comment, which Nest refuses', () => {
    write('src/posts/empty.graphql', '\n');
    expect(() => assertSchemaFilesParse(root)).not.toThrow();

    write('src/posts/posts.graphql', '# type Post {\n#   id: Int!\n# }\n');
    expect(() => assertSchemaFilesParse(root)).toThrow(
      new StartupError('src/posts/posts.graphql:4:1: Syntax Error: Unexpected <EOF>.'),
    );
  });
});
