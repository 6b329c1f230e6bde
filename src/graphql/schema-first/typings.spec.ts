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
});

// The shape of the typings, on a project of its own (the app's features are the user's: any may be removed).
describe(`${renderSchemaFirstTypings.name} on a fixture project`, () => {
  let root: string;
  let sut: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'schema-first-typings-shape-'));
    mkdirSync(join(root, 'src', 'shelves'), { recursive: true });
    writeFileSync(
      join(root, 'src', 'shelves', 'shelves.graphql'),
      [
        'type Shelf { id: Int! label: String volumes: [Volume] }',
        'type Volume { id: Int! title: String! pages: Int }',
        'input CreateVolumeInput { title: String! }',
        'type Query { shelf(id: Int!): Shelf }',
        'type Mutation { addVolume(shelfId: Int!, input: CreateVolumeInput!): Volume }',
      ].join('\n'),
    );
    sut = await renderSchemaFirstTypings(root);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // Classes (so a DTO can extend them), optional properties for the nullable fields, an abstract query class.
  it('should emit classes, with optional properties for the nullable fields', () => {
    expect(sut).toContain('export class Shelf {\n    id: number;\n    label?: Nullable<string>;');
    expect(sut).toContain('    volumes?: Nullable<Nullable<Volume>[]>;\n}');
    expect(sut).toContain(
      'export class Volume {\n    id: number;\n    title: string;\n    pages?: Nullable<number>;\n}',
    );
    expect(sut).toContain('export class CreateVolumeInput {\n    title: string;\n}');
  });

  it('should emit abstract classes for the query and mutation types', () => {
    expect(sut).toContain('export abstract class IQuery {');
    expect(sut).toContain('abstract shelf(id: number): Nullable<Shelf> | Promise<Nullable<Shelf>>;');
    expect(sut).toContain('export abstract class IMutation {');
    expect(sut).toContain(
      'abstract addVolume(shelfId: number, input: CreateVolumeInput): Nullable<Volume> | Promise<Nullable<Volume>>;',
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
