import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { generateSchemaFirstTypings, renderSchemaFirstTypings, SCHEMA_FIRST_TYPINGS_FILE } from './typings';

const ROOT = resolve(__dirname, '..', '..', '..');

describe(renderSchemaFirstTypings.name, () => {
  let sut: string;

  beforeAll(async () => {
    sut = await renderSchemaFirstTypings(ROOT);
  });

  it('should match the committed src/graphql/schema-first/graphql.generated.ts (run `npm run graphql:typings`)', () => {
    expect(readFileSync(join(ROOT, SCHEMA_FIRST_TYPINGS_FILE), 'utf8')).toBe(sut);
  });

  it('should be marked as generated, with the command that regenerates it', () => {
    expect(sut).toContain('THIS FILE WAS AUTOMATICALLY GENERATED (DO NOT MODIFY)');
    expect(sut).toContain('npm run graphql:typings');
  });

  // Classes (so a DTO can extend them), optional properties for nullable fields, an abstract query class.
  it('should emit classes, with optional properties for the nullable fields', () => {
    expect(sut).toContain('export class Author {\n    id: number;\n    firstName?: Nullable<string>;');
    expect(sut).toContain('    posts?: Nullable<Nullable<Post>[]>;\n}');
    expect(sut).toContain(
      'export class Post {\n    id: number;\n    title: string;\n    votes?: Nullable<number>;\n}',
    );
    expect(sut).toContain('export class CreatePostInput {\n    title: string;\n}');
  });

  it('should emit abstract classes for the query and mutation types', () => {
    expect(sut).toContain('export abstract class IQuery {');
    expect(sut).toContain('abstract author(id: number): Nullable<Author> | Promise<Nullable<Author>>;');
    expect(sut).toContain('export abstract class IMutation {');
    expect(sut).toContain(
      'abstract createPost(authorId: number, input: CreatePostInput): Nullable<Post> | Promise<Nullable<Post>>;',
    );
  });
});

describe(generateSchemaFirstTypings.name, () => {
  let root: string;

  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'schema-first-typings-spec-'));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('should write the typings of every src/**/*.graphql file of the given project, and return them', async () => {
    write(
      'src/things/things.graphql',
      'type Thing { id: Int! name: String! }\ntype Query { thing(id: Int!): Thing }\n',
    );
    write('src/posts/posts.graphql', 'type Post { id: Int! }\ntype Query { post: Post }\n');
    write('other/ignored.graphql', 'type Ignored { id: Int }\n');
    mkdirSync(dirname(join(root, SCHEMA_FIRST_TYPINGS_FILE)), { recursive: true });

    const text = await generateSchemaFirstTypings(root);

    expect(readFileSync(join(root, SCHEMA_FIRST_TYPINGS_FILE), 'utf8')).toBe(text);
    expect(text).toContain('export class Thing {\n    id: number;\n    name: string;\n}');
    expect(text).toContain('export class Post {');
    // The `Query` types of all files merge into one.
    expect(text).toMatch(/abstract post\(\): Nullable<Post>.*\n\n {4}abstract thing\(id: number\)/);
    expect(text).not.toContain('Ignored');
  });

  it('should fail, writing nothing, when the project has no .graphql file', async () => {
    mkdirSync(join(root, 'src', 'graphql', 'schema-first'), { recursive: true });

    await expect(generateSchemaFirstTypings(root)).rejects.toThrow(/No type definitions were found/);
    expect(() => readFileSync(join(root, SCHEMA_FIRST_TYPINGS_FILE))).toThrow(/ENOENT/);
  });
});
