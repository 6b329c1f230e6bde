import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { buildResource } from '../resource/actions';
import { normalizeResourceOptions } from '../resource/normalize';
import { createFixtureProject, FIXTURE_PARENTS, removeFixtureProject } from '../testing/fixture-project';
import { FileChanges } from '../utils/file-changes';
import { generate } from '../utils/generate';
import { type Manifest, readManifest } from '../utils/manifest';
import { buildField, planFieldChange } from './actions';
import { fieldTargetProblem, normalizeFieldOptions, planFields } from './normalize';

const render = (template: string, data: Record<string, unknown>) => Handlebars.compile(template)(data);
const CONTEXT = { knownTypes: FIXTURE_PARENTS, reservedNames: ['id', 'createdAt', 'updatedAt'] };
const GADGET = { Name: 'Gadget', spec: 'name:string{100} author:references', table: 'gadgets' };

describe('field: the next field spec', () => {
  it('should append the added fields and name the migration after them', () => {
    expect(planFields(GADGET, { add: 'color?:string{20} stockCount:int=0', remove: [] }, CONTEXT)).toEqual({
      spec: 'name:string{100} author:references color?:string{20} stockCount:int=0',
      fields: ['color', 'stockCount'],
      migration: 'add_color_stock_count_to_gadgets',
    });
  });

  it('should take out the removed fields, a reference also by its key', () => {
    expect(planFields(GADGET, { add: '', remove: ['authorId'] }, CONTEXT)).toEqual({
      spec: 'name:string{100}',
      fields: ['author'],
      migration: 'remove_author_from_gadgets',
    });
  });

  it('should take out a named reference by its name or its key, its flags with it', () => {
    const spec = 'name:string{100} author:references editor?:references{Author}:set-null';

    expect(planFields({ ...GADGET, spec }, { add: '', remove: ['editorId'] }, CONTEXT).spec).toBe(
      'name:string{100} author:references',
    );
    expect(planFields({ ...GADGET, spec }, { add: '', remove: ['editor'] }, CONTEXT).spec).toBe(
      'name:string{100} author:references',
    );
  });

  it('should add and remove a many field (its set starts empty: no default needed), refusing a clash with its ids', () => {
    const added = planFields(GADGET, { add: 'editors:many{Author}', remove: [] }, CONTEXT);
    expect(added).toEqual({
      spec: 'name:string{100} author:references editors:many{Author}',
      fields: ['editors'],
      migration: 'add_editors_to_gadgets',
    });
    expect(planFields({ ...GADGET, spec: added.spec }, { add: '', remove: ['editors'] }, CONTEXT).spec).toBe(
      GADGET.spec,
    );
    expect(() =>
      planFields({ ...GADGET, spec: added.spec }, { add: 'editor?:references{Author}', remove: [] }, CONTEXT),
    ).toThrow('field "editor": Gadget has a field editorId already');
  });

  it.each([
    [
      'nothing asked',
      { add: '', remove: [] },
      /^nothing to do: give --add .*\(Gadget's fields: name, author\)/,
    ],
    ['both asked', { add: 'color?:text', remove: ['name'] }, /^give --add or --remove, not both/],
    ['a field that exists', { add: 'name?:text', remove: [] }, /Gadget has a field name already/],
    ["a reference's key that exists", { add: 'authorId?:int', remove: [] }, /has a field authorId already/],
    [
      'a field that does not exist',
      { add: '', remove: ['color'] },
      /^Gadget has no field color \(Gadget's fields/,
    ],
    ['every field', { add: '', remove: ['name', 'author'] }, /would have no field left.*npx plop destroy/],
    [
      'a required field without a default',
      { add: 'stock:int', remove: [] },
      'field "stock": required without a default: give it a default or make it nullable: the table may have rows',
    ],
    ['a required reference', { add: 'post:references', remove: [] }, /a new reference must be nullable/],
    [
      'a required :unique field',
      { add: 'code:string:unique=x', remove: [] },
      /:unique field must be nullable/,
    ],
  ])('should refuse %s, saying why', (_case, request, message) => {
    expect(() => planFields(GADGET, request, CONTEXT)).toThrow(message);
  });

  it('should read the flags, any form of the name and a comma-separated list', () => {
    expect(normalizeFieldOptions({ name: 'gadgets', remove: 'color, size', force: true })).toEqual({
      Name: 'Gadget',
      add: '',
      remove: ['color', 'size'],
      force: true,
    });
  });

  it('should refuse what is not a generated feature with fields, listing those that are', () => {
    const manifest = {
      features: {
        Gadget: { generator: 'resource', options: {}, files: {}, registrations: [], references: [] },
        AuditInterceptor: {
          generator: 'interceptor',
          options: {},
          files: {},
          registrations: [],
          references: [],
        },
      },
    } as Manifest;
    expect(fieldTargetProblem(manifest, 'Widget')).toMatch(
      /^Widget is not a generated feature .*features: Gadget\)/,
    );
    expect(fieldTargetProblem(manifest, 'AuditInterceptor')).toMatch(
      /interceptor generator and has no fields/,
    );
    expect(fieldTargetProblem(manifest, 'gadgets')).toBeUndefined();
  });
});

describe('field: the rewrite of a generated feature', () => {
  let root: string;

  // A Gadget generated into the fixture project, as `resource` writes it (its migration left out); only the last
  // case writes.
  beforeAll(async () => {
    root = createFixtureProject();
    const answers = { name: 'Gadget', api: 'both', fields: 'name:string{100} kind:enum{A,B}=A' };
    await generate(root, answers, (changes) =>
      buildResource(render, changes, normalizeResourceOptions(answers, root)),
    );
  });
  afterAll(() => removeFixtureProject(root));

  const plan = (answers: Record<string, string | boolean>) => {
    const manifest = readManifest(new FileChanges(root));
    const options = normalizeFieldOptions({ name: 'Gadget', ...answers });
    const change = planFieldChange(root, manifest, options);
    const changes = new FileChanges(root);
    const description = buildField(render, changes, manifest, options, change);
    return { changes, description, change };
  };

  it('should rewrite the files that hold fields, keep its registrations and record the new spec', () => {
    const { changes, description } = plan({ add: 'author?:references' });

    expect(changes.created).toEqual(['src/gadgets/author-gadgets.resolver.ts']);
    expect(changes.changed).toEqual(
      expect.arrayContaining(['src/gadgets/gadgets.table.ts', 'src/gadgets/models/gadget.model.ts']),
    );
    expect(changes.changed).not.toContain('src/graphql/code-first/code-first-graphql.module.ts');
    expect(changes.read('src/gadgets/gadgets.table.ts')).toContain("authorId: integer('author_id')");
    expect(description).toMatchObject({
      name: 'Gadget',
      generator: 'resource',
      options: { fields: 'name:string{100} kind:enum{A,B}=A author?:references' },
      references: ['Author'],
      registrations: [{ element: 'GadgetsModule' }],
    });
    expect(changes.summary()).toContain('then   drizzle/<next>_add_author_to_gadgets.sql');
  });

  it('should delete the files of a removed field (an enum) and drop it from every file', () => {
    const { changes } = plan({ remove: 'kind' });

    expect(changes.deleted).toEqual(['src/gadgets/gadget-kind.enum.ts']);
    expect(changes.read('src/gadgets/gadgets.table.ts')).not.toContain('kind');
  });

  it('should refuse while a file of the feature was edited since, naming it, unless --force', () => {
    const service = join(root, 'src/gadgets/gadgets.service.ts');
    const original = readFileSync(service, 'utf8');
    writeFileSync(service, `${original}// mine\n`);

    expect(() => plan({ add: 'color?:text' })).toThrow(
      /src\/gadgets\/gadgets\.service\.ts \(edited\)\nRun again with --force/,
    );
    const { changes, change } = plan({ add: 'color?:text', force: true });
    expect(change.overwritten).toEqual(['src/gadgets/gadgets.service.ts (edited)']);
    expect(changes.read('src/gadgets/gadgets.service.ts')).not.toContain('// mine');
    writeFileSync(service, original);
  });

  it('should give the list its q when a :search field is added, and refuse a field q beside it', () => {
    const { changes } = plan({ add: 'notes?:text:search' });

    expect(changes.read('src/gadgets/gadgets.repository.ts')).toContain(
      'containsText([gadgets.notes], filter.q)',
    );
    expect(changes.read('src/gadgets/dto/list-gadgets.query.ts')).toMatch(
      /@SearchParameter\([^@]*q\?: string;/,
    );
    expect(changes.read('src/gadgets/dto/gadgets-page.args.ts')).toMatch(/@IsSearchText\(\)\s+q\?: string;/);
    expect(() => plan({ add: 'q?:string:search' })).toThrow(/field "q": q is the list's text search/);
  });

  it('should give each added reference to one parent its own has-many resolver', () => {
    const { changes } = plan({ add: 'author?:references editor?:references{Author}:cascade' });

    expect(changes.created.sort()).toEqual([
      'src/gadgets/author-gadgets-as-editor.resolver.ts',
      'src/gadgets/author-gadgets.resolver.ts',
    ]);
    expect(changes.read('src/gadgets/gadgets.table.ts')).toContain(
      "editorId: integer('editor_id').references(() => authors.id, { onDelete: 'cascade' })",
    );
  });

  it('should check the new fields as --fields does, against the app', () => {
    expect(() => plan({ add: 'gadget?:references' })).toThrow(/references Gadget itself/);
    expect(() => plan({ add: 'shelf?:references' })).toThrow(/references Shelf, which/);
    expect(() => plan({ add: 'editor:references{Author}:set-null' })).toThrow(
      /field "editor": a required reference cannot be set null/,
    );
  });

  it('should write the rewrite, its manifest entry hashing every file of the feature', async () => {
    const before = Object.keys(readManifest(new FileChanges(root)).features.Gadget.files);
    const manifest = readManifest(new FileChanges(root));
    const options = normalizeFieldOptions({ name: 'Gadget', add: 'color?:string{20}' });
    const change = planFieldChange(root, manifest, options);

    await generate(root, {}, (changes) => buildField(render, changes, manifest, options, change));

    const entry = readManifest(new FileChanges(root)).features.Gadget;
    expect(Object.keys(entry.files)).toEqual(before);
    expect(entry.options.fields).toBe('name:string{100} kind:enum{A,B}=A color?:string{20}');
    // Unedited since: a second run is free to rewrite it again.
    expect(() => plan({ remove: 'color' })).not.toThrow();
  });
});
