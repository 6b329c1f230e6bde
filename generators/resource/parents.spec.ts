import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFixtureProject, FIXTURE_PARENTS, removeFixtureProject } from '../testing/fixture-project';
import { namesOf as featureNames } from '../utils/names';
import { findParentTypes, hasManyOf, parentTypesFor } from './parents';

const APP = join(__dirname, '..', '..');
const source = (root: string, file: string) => readFileSync(join(root, file), 'utf8');
const namesOf = (parents: Array<{ Name: string }>) => parents.map((parent) => parent.Name);

describe(findParentTypes.name, () => {
  describe("a project with parents (the specs' own fixture project)", () => {
    let root: string;
    beforeAll(() => (root = createFixtureProject()));
    afterAll(() => removeFixtureProject(root));

    it('should find every feature laid out as a parent, and no other', () => {
      expect(namesOf(findParentTypes(root))).toEqual(FIXTURE_PARENTS);
    });

    it.each([undefined, 'code-first', 'schema-first'] as const)(
      'should offer them to a child on %s',
      (style) => {
        expect(namesOf(parentTypesFor(root, style))).toEqual(FIXTURE_PARENTS);
      },
    );
  });

  // What a generated child imports from the app's hand-written parents: these names must be there, not only the
  // files. Named here, not listed from src/ (generated features have their own tests); a project that removed the
  // demo has none.
  describe("the app's hand-written parents", () => {
    for (const Name of ['Author', 'Post']) {
      const parent = findParentTypes(APP).find((found) => found.Name === Name);
      (parent ? it : it.skip)(
        `should have the pieces a child uses, under the names it uses, for ${Name}`,
        () => {
          const { Names, names, kebabName, kebabNames } = parent!;
          const folder = `src/${kebabNames}`;
          expect(parent).toMatchObject({ graphql: true, schemaFirst: true, fixture: false });
          expect(source(APP, `${folder}/${kebabNames}.table.ts`)).toContain(
            `export const ${names} = pgTable(`,
          );
          expect(source(APP, `${folder}/${kebabNames}-data.module.ts`)).toMatch(
            new RegExp(`exports: \\[[^\\]]*\\b${Names}Service\\b[^]*export class ${Names}DataModule `),
          );
          // The batch function GraphQL children call.
          expect(source(APP, `${folder}/${kebabNames}.service.ts`)).toMatch(
            new RegExp(
              `export class ${Names}Service [^]*readonly loadByIds: BatchLoadFn<number, ${Name} \\| null>`,
            ),
          );
          expect(source(APP, `${folder}/models/${kebabName}.model.ts`)).toContain(`export class ${Name} `);
        },
      );
    }
  });

  describe('the layout it asks for (in a scratch project)', () => {
    let root: string;

    // The smallest feature it takes: only what findParentTypes reads (the app's own are checked above).
    const FILES: Record<string, string> = {
      'notes.table.ts': "export const notes = pgTable('notes', {});\n",
      'notes-data.module.ts':
        '@Module({ providers: [NotesService], exports: [NotesService] })\nexport class NotesDataModule {}\n',
      'notes.service.ts':
        'export class NotesService {\n  readonly loadByIds: BatchLoadFn<number, Note | null> = (ids) => this.getByIds([...ids]);\n}\n',
      'notes.graphql': 'type Note {\n  id: Int!\n}\n',
      'models/note.model.ts': '@ObjectType()\nexport class Note {}\n',
    };

    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'parents-'));
      mkdirSync(join(root, 'src', 'notes', 'models'), { recursive: true });
      for (const [file, text] of Object.entries(FILES)) writeFileSync(join(root, 'src', 'notes', file), text);
    });

    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const note = () => findParentTypes(root).find((parent) => parent.Name === 'Note');

    it('should find a folder with the table, the data module, the model and a loadByIds batch function', () => {
      expect(note()).toMatchObject({
        Name: 'Note',
        graphql: true,
        schemaFirst: true,
        fixture: false,
        rest: false,
      });
    });

    it('should mark a feature whose controller deletes as one a REST child can try to delete', () => {
      const controller = join(root, 'src', 'notes', 'notes.controller.ts');
      writeFileSync(controller, "@Controller('notes')\nexport class NotesController {}\n");
      expect(note()).toMatchObject({ rest: false });

      writeFileSync(
        controller,
        "@Controller('notes')\nexport class NotesController {\n  @Delete(':id')\n  remove() {}\n}\n",
      );
      expect(note()).toMatchObject({ rest: true });
    });

    it('should offer a feature whose service has no loadByIds (what the request loaders call) to REST-only children only', () => {
      const service = join(root, 'src', 'notes', 'notes.service.ts');
      writeFileSync(service, FILES['notes.service.ts'].replace('loadByIds', 'loadSome'));

      expect(note()).toMatchObject({ graphql: false, schemaFirst: false });
      expect(namesOf(parentTypesFor(root, undefined))).toContain('Note');
      expect(namesOf(parentTypesFor(root, 'code-first'))).not.toContain('Note');
      expect(namesOf(parentTypesFor(root, 'schema-first'))).not.toContain('Note');
    });

    it.each(['notes-data.module.ts', 'notes.table.ts', 'models/note.model.ts', 'notes.service.ts'])(
      'should not find a feature without %s',
      (file) => {
        rmSync(join(root, 'src', 'notes', file));

        expect(note()).toBeUndefined();
      },
    );

    it('should offer it to a schema-first child only while its .graphql file declares the type', () => {
      writeFileSync(join(root, 'src', 'notes', 'notes.graphql'), 'type Query {\n  x: Int\n}\n');

      expect(note()).toMatchObject({ schemaFirst: false });
      expect(namesOf(parentTypesFor(root, 'schema-first'))).not.toContain('Note');
      expect(namesOf(parentTypesFor(root, 'code-first'))).toContain('Note');
    });

    it('should mark a feature with a test fixture as one that tests can create', () => {
      mkdirSync(join(root, 'test', 'fixtures'), { recursive: true });
      writeFileSync(join(root, 'test', 'fixtures', 'notes.ts'), '');

      expect(note()).toMatchObject({ fixture: true });
    });
  });
});

describe(hasManyOf.name, () => {
  const novels = featureNames('Novel');
  const writer = featureNames('Writer');

  it('should name the has-many side after the children when the reference is named after its parent', () => {
    expect(hasManyOf(novels, 'writer', writer)).toEqual({
      name: 'novels',
      Name: 'Novels',
      kebab: 'novels',
      words: 'novels',
    });
  });

  it('should add the reference to the name of any other: one has-many field per reference', () => {
    expect(hasManyOf(novels, 'translator', writer)).toEqual({
      name: 'novelsAsTranslator',
      Name: 'NovelsAsTranslator',
      kebab: 'novels-as-translator',
      words: 'novels as translator',
    });
    expect(hasManyOf(featureNames('BookReview'), 'coAuthor', writer).name).toBe('bookReviewsAsCoAuthor');
  });
});
