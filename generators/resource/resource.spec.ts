import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { APP_LAYOUT } from '../app-layout';
import { FieldSpecError } from '../utils/fields';
import { FileChanges } from '../utils/file-changes';
import { buildResource } from './actions';
import { createFixtureProject, removeFixtureProject } from '../testing/fixture-project';
import { normalizeResourceOptions } from './normalize';

const render = (template: string, data: Record<string, unknown>) => Handlebars.compile(template)(data);
const ALL_TYPES =
  'title:string{200} isbn:string{13}:unique publishedOn?:date price:decimal{10,2} inStock:boolean=true ' +
  'genre:enum{FICTION,NONFICTION} pages:int rating?:float summary?:text externalId?:uuid metadata?:json ' +
  'releasedAt?:datetime';

// The specs' own project (its features are Author, Book and Post), not the live app, whose features change.
let root: string;
beforeAll(() => (root = createFixtureProject()));
afterAll(() => removeFixtureProject(root));

// Planned in memory against the fixture project; nothing is written.
function plan(answers: Record<string, string | boolean>) {
  const changes = new FileChanges(root);
  buildResource(render, changes, normalizeResourceOptions(answers));
  return changes;
}

describe('resource generator', () => {
  it('should plan both APIs on one table, repository and service, registered on the code-first endpoint', () => {
    const changes = plan({ name: 'novel', api: 'both', fields: ALL_TYPES });

    expect(changes.created.sort()).toEqual([
      'src/novels/dto/create-novel.input.ts',
      'src/novels/dto/list-novels.query.ts',
      'src/novels/dto/novels-page.args.ts',
      'src/novels/dto/update-novel.input.ts',
      'src/novels/models/novel.model.ts',
      'src/novels/models/paginated-novel.model.ts',
      'src/novels/novel-genre.enum.ts',
      'src/novels/novels-data.module.ts',
      'src/novels/novels.controller.ts',
      'src/novels/novels.module.ts',
      'src/novels/novels.repository.ts',
      'src/novels/novels.resolver.ts',
      'src/novels/novels.service.spec.ts',
      'src/novels/novels.service.ts',
      'src/novels/novels.table.ts',
      'test/fixtures/novels.ts',
      'test/novels.e2e-spec.ts',
    ]);
    expect(changes.changed).toEqual([APP_LAYOUT.endpoints['code-first'].file]);
  });

  it('should plan a REST-only feature without GraphQL files, registered in the root module', () => {
    const changes = plan({ name: 'BlogPost', api: 'rest' });

    expect(changes.created).toContain('src/blog-posts/blog-posts.controller.ts');
    expect(changes.created).not.toContain('src/blog-posts/blog-posts.resolver.ts');
    expect(changes.changed).toEqual([APP_LAYOUT.rootModule.file]);
    const model = changes.read('src/blog-posts/models/blog-post.model.ts');
    expect(model).not.toContain('@nestjs/graphql');
    expect(model).toContain('@ApiProperty({ maxLength: 100 })');
  });

  it('should plan a schema-first feature with REST beside it: SDL, its own resolver and module, two registrations', () => {
    const changes = new FileChanges(root);
    buildResource(
      render,
      changes,
      normalizeResourceOptions(
        { name: 'novel', api: 'both', style: 'schema-first', fields: `${ALL_TYPES} author:references` },
        root,
      ),
    );

    expect(changes.created).toEqual(
      expect.arrayContaining([
        'src/novels/novels.graphql',
        'src/novels/novels-schema-first.module.ts',
        'src/novels/novels-schema-first.resolver.ts',
        'src/novels/author-novels-schema-first.resolver.ts',
        'src/novels/novels.controller.ts',
      ]),
    );
    expect(changes.created).not.toContain('src/novels/novels.resolver.ts');
    expect(changes.changed.sort()).toEqual([
      APP_LAYOUT.rootModule.file,
      APP_LAYOUT.endpoints['schema-first'].file,
    ]);
    const sdl = changes.read('src/novels/novels.graphql');
    expect(sdl).toContain('  price: Decimal!\n');
    expect(sdl).toContain('  author: Author!\n');
    expect(sdl).toContain('extend type Author {');
    expect(changes.read('src/novels/models/novel.model.ts')).not.toContain('@nestjs/graphql');
  });

  it('should write an enum default as a member of its enum', () => {
    const changes = plan({ name: 'novel', api: 'rest', fields: 'genre:enum{FICTION,POETRY}=POETRY' });

    expect(changes.read('src/novels/novels.table.ts')).toContain(
      "genre: novelGenre('genre').notNull().default(NovelGenre.POETRY)",
    );
  });

  it('should map each field type to its column, GraphQL type and rules', () => {
    const changes = plan({ name: 'novel', api: 'both', fields: ALL_TYPES });
    const table = changes.read('src/novels/novels.table.ts');
    const input = changes.read('src/novels/dto/create-novel.input.ts');
    const model = changes.read('src/novels/models/novel.model.ts');

    for (const column of [
      "title: varchar('title', { length: 200 }).notNull()",
      "isbn: varchar('isbn', { length: 13 }).notNull().unique()",
      "publishedOn: date('published_on', { mode: 'string' })",
      "price: numeric('price', { precision: 10, scale: 2 }).notNull()",
      "inStock: boolean('in_stock').notNull().default(true)",
      "genre: novelGenre('genre').notNull()",
      "metadata: jsonb('metadata')",
      "releasedAt: timestamp('released_at', { withTimezone: true })",
      "export const novelGenre = pgEnum('novel_genre', NovelGenre);",
    ]) {
      expect(table).toContain(column);
    }
    for (const rule of [
      '@IsText(1, 200)',
      '@IsDecimalNumber(10, 2)',
      '@Transform(toDecimalString)',
      '@IsEnum(NovelGenre)',
      '@IsCalendarDate()',
      '@IsDateTimeWithOffset()',
      '@IsJsonDocument(65536)',
      '@IsUUID()',
    ]) {
      expect(input).toContain(rule);
    }
    expect(input).toContain('inStock?: boolean;');
    expect(model).toContain('@Field(() => DecimalScalar)');
    expect(model).toContain("registerEnumType(NovelGenre, { name: 'NovelGenre' });");
  });

  it('should give OpenAPI the type of a nullable text or boolean, which reflects as Object', () => {
    const model = plan({
      name: 'novel',
      api: 'rest',
      fields: 'note?:text title?:string{20} done?:boolean',
    }).read('src/novels/models/novel.model.ts');

    expect(model).toContain("@ApiPropertyOptional({ type: 'string', maxLength: 100000, nullable: true })");
    expect(model).toContain("@ApiPropertyOptional({ type: 'string', maxLength: 20, nullable: true })");
    expect(model).toContain("@ApiPropertyOptional({ type: 'boolean', nullable: true })");
    expect(model).toContain("@ApiProperty({ type: 'integer' })\n  id: number;");
  });

  it('should let null clear a nullable field and refuse it for a required one on update', () => {
    const update = plan({ name: 'novel', api: 'graphql', fields: 'title:string{20} note?:text' }).read(
      'src/novels/dto/update-novel.input.ts',
    );

    expect(update).toMatch(
      /ValidateIf\(\(_, value\) => value !== undefined\)\n\s+@IsText\(1, 20\)\n\s+title\?: string;/,
    );
    expect(update).toMatch(/@IsOptional\(\)\n\s+@IsText\(0, 100000\)\n\s+note\?: string \| null;/);
  });

  it('should filter on enum and boolean fields and order by id, the timestamps and indexed fields only', () => {
    const changes = plan({ name: 'novel', api: 'both', fields: ALL_TYPES });
    const repository = changes.read('src/novels/novels.repository.ts');

    expect(repository).toContain('inStock?: boolean;');
    expect(repository).toContain('genre?: NovelGenre;');
    // isbn is :unique (indexed); the GraphQL enum names are UPPER_CASE.
    expect(repository).toContain(
      "{ ID: 'id', ISBN: 'isbn', CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt' }",
    );
    expect(repository).not.toContain("'title'");
    expect(changes.read('src/novels/dto/list-novels.query.ts')).toContain('@Transform(toBoolean)');
  });

  it('should make a :sort field sortable and index it, on both APIs and both endpoints', () => {
    const fields = 'title:string{200}:sort rating?:float:sort';
    const codeFirst = plan({ name: 'novel', api: 'both', fields });
    const schemaFirst = plan({ name: 'essay', api: 'graphql', style: 'schema-first', fields });

    expect(codeFirst.read('src/novels/novels.repository.ts')).toContain(
      "{ ID: 'id', TITLE: 'title', RATING: 'rating', CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt' }",
    );
    expect(codeFirst.read('src/novels/novels.table.ts')).toContain(
      "index('novels_title_index').on(table.title)",
    );
    expect(schemaFirst.read('src/essays/essays.graphql')).toMatch(
      /enum EssayOrderField \{\s+ID\s+TITLE\s+RATING\s+CREATED_AT/,
    );
    expect(schemaFirst.read('src/essays/dto/essays-page.args.ts')).toContain(
      '@Transform(toSortField(EssaySortField))',
    );
  });

  it('should keep the global guard on writes unless --public', () => {
    const guarded = plan({ name: 'thing', api: 'both' });
    const open = plan({ name: 'thing', api: 'both', public: true });

    expect(guarded.read('src/things/things.controller.ts')).toMatch(/@Public\(\)\n\s+@Get\(\)/);
    expect(guarded.read('src/things/things.controller.ts')).not.toMatch(/@Public\(\)\n@ApiTags/);
    expect(open.read('src/things/things.controller.ts')).toMatch(/@Public\(\)\n@ApiTags/);
    expect(open.read('src/things/things.resolver.ts')).toMatch(/@Public\(\)\n@Resolver/);
  });

  it('should give an owned feature an owner from the token and the ownership rule on writes', () => {
    const changes = plan({ name: 'thing', api: 'rest', owned: true });

    expect(changes.read('src/things/things.table.ts')).toContain(
      "ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' })",
    );
    expect(changes.read('src/things/things.service.ts')).toContain('assertCanChange(actor, row.ownerId);');
    expect(changes.read('src/things/things.controller.ts')).toContain('@CurrentUser() actor: TokenPayload');
    expect(changes.read('src/things/dto/create-thing.input.ts')).not.toContain('ownerId');
    expect(() => normalizeResourceOptions({ name: 'thing', api: 'rest', owned: true, public: true })).toThrow(
      '--owned needs a token',
    );
  });

  it("should order its tests' records by a field that differs between them, never a reference", () => {
    const options = (fields: string) => normalizeResourceOptions({ name: 'quip', api: 'rest', fields }, root);

    expect(options('author:references title:string{40}:sort').sortField).toEqual({
      name: 'title',
      constant: 'TITLE',
    });
    expect(options('author:references title:string{40}').sortField.name).toBe('createdAt');
    expect(
      normalizeResourceOptions(
        { name: 'quip', api: 'rest', fields: 'author:references', 'no-timestamps': true },
        root,
      ).sortField.name,
    ).toBe('id');
  });

  it.each([
    ['decimal{2,1}', "`${n % 10}.${String(Math.floor(n / 10) % 10).padStart(1, '0')}`"],
    ['decimal{3,0}', '`${n % 1000}`'],
    ['decimal{4,4}', "`0.${String(n % 10000).padStart(4, '0')}`"],
    ['decimal{10,2}', '`${n % 100000000}.50`'],
  ])('should give a unique %s 100 sample values at least', (type, sample) => {
    const { fields } = normalizeResourceOptions(
      { name: 'ratio', api: 'rest', fields: `ratio:${type}:unique` },
      root,
    );

    expect(fields[0].sample).toBe(sample);
  });

  it('should leave out the timestamps with --no-timestamps', () => {
    const table = plan({ name: 'thing', api: 'rest', 'no-timestamps': true }).read(
      'src/things/things.table.ts',
    );

    expect(table).not.toContain('created_at');
    expect(table).not.toContain('timestamp');
  });

  it.each([
    ['an unknown type', 'title:strin', FieldSpecError, /unknown type "strin"/],
    ['a reserved name', 'createdAt:datetime', FieldSpecError, /createdAt is reserved/],
    ['a default of the wrong type', 'pages:int=many', FieldSpecError, /"many" is not a 32-bit integer/],
    [
      'a reference to a type the app lacks',
      'shelf:references',
      FieldSpecError,
      /references Shelf, which is not a parent on the code-first endpoint: a parent there needs its GraphQL type and a batch loader \(loadByIds\) in its service, which a REST-only feature lacks \(types: Author, Book, Post\)/,
    ],
  ])('should refuse %s before planning anything', (_case, fields, error, message) => {
    expect(() => normalizeResourceOptions({ name: 'novel', api: 'graphql', fields }, root)).toThrow(error);
    expect(() => normalizeResourceOptions({ name: 'novel', api: 'graphql', fields }, root)).toThrow(message);
  });

  it.each(['offset', 'limit', 'sort', 'order', 'page'])(
    'should refuse a REST filter named %s, a parameter of the list route, and take it on GraphQL',
    (name) => {
      const fields = `${name}:boolean`;

      expect(() => normalizeResourceOptions({ name: 'novel', api: 'both', fields }, root)).toThrow(
        new RegExp(
          `field "${name}": it filters GET /novels as \\?${name}=, a parameter of its paging and order`,
        ),
      );
      expect(normalizeResourceOptions({ name: 'novel', api: 'graphql', fields }, root).filters).toHaveLength(
        1,
      );
    },
  );

  it.each(['code-first', 'schema-first'])(
    'should search the :search fields with q on both APIs (%s), and add no q without one',
    (style) => {
      const fields = 'title:string{200}:search summary?:text:search genre:enum{A,B}';
      const changes = plan({ name: 'novel', api: 'both', style, fields });
      const file = (path: string) => changes.read(`src/novels/${path}`) ?? '';

      expect(file('novels.repository.ts')).toContain(
        'containsText([novels.title, novels.summary], filter.q)',
      );
      expect(file('novels.repository.ts')).toMatch(
        /export interface NovelFilter \{\s+genre\?: NovelGenre;[^}]*q\?: string;/,
      );
      expect(file('dto/list-novels.query.ts')).toMatch(
        /@SearchParameter\(\s*'Text to look for in title or summary, [^']*',?\s*\)\s+q\?: string;/,
      );
      expect(file('novels.controller.ts')).toContain('{ genre, q }');
      expect(file('dto/novels-page.args.ts')).toMatch(/@IsSearchText\(\)\s+q\?: string;/);
      if (style === 'schema-first')
        expect(file('novels.graphql')).toMatch(/input NovelFilter \{[^}]*q: String/);

      const plain = plan({ name: 'novel', api: 'both', style, fields: 'title:string{200} q:int' });
      for (const path of plain.created)
        expect(plain.read(path)).not.toMatch(/containsText|SearchParameter|IsSearchText|q\?: string/);
    },
  );

  it('should give a feature whose only filter is q a GraphQL filter input that says so', () => {
    const options = normalizeResourceOptions(
      { name: 'novel', api: 'both', fields: 'title:string:search' },
      root,
    );

    expect(options).toMatchObject({
      hasFilter: true,
      filters: [],
      searchFields: [expect.objectContaining({ name: 'title' })],
      filterDescription: 'The text search (q); left out, it matches every novel.',
      searchDescription:
        'Text to look for in title, ignoring case (% and _ are taken literally); empty matches every novel.',
    });
  });

  it('should refuse ownerId on an owned feature, whose owner it is', () => {
    expect(() =>
      normalizeResourceOptions({ name: 'novel', api: 'rest', owned: true, fields: 'ownerId:int' }, root),
    ).toThrow(
      /field "ownerId": ownerId is reserved \(the feature has id, createdAt, updatedAt, ownerId, mine\)/,
    );
  });

  it('should give an owned feature the list filter mine, which no column holds', () => {
    const options = normalizeResourceOptions(
      { name: 'novel', api: 'both', owned: true, fields: 'title:string' },
      root,
    );

    expect(options.filters).toEqual([
      expect.objectContaining({ name: 'mine', virtual: true, filterType: 'boolean' }),
    ]);
    expect(options.filterField).toBeUndefined();
    expect(() =>
      normalizeResourceOptions({ name: 'novel', api: 'rest', owned: true, fields: 'mine?:boolean' }, root),
    ).toThrow(/field "mine": mine is reserved/);
  });

  it('should make a --private feature owned, and refuse it with --public', () => {
    const options = normalizeResourceOptions({ name: 'diary', api: 'both', private: true }, root);

    expect(options).toMatchObject({ owned: true, isPrivate: true });
    expect(() =>
      normalizeResourceOptions({ name: 'diary', api: 'rest', private: true, public: true }, root),
    ).toThrow('--private needs a token to know who creates a record: leave out --public');
  });

  it("should refuse references that would show a private feature's records to others", () => {
    const project = createFixtureProject();
    try {
      const diaries = join(project, 'src', 'diaries');
      mkdirSync(join(diaries, 'models'), { recursive: true });
      writeFileSync(join(diaries, 'diaries.table.ts'), "export const diaries = pgTable('diaries', {});\n");
      writeFileSync(join(diaries, 'diaries-data.module.ts'), 'export class DiariesDataModule {}\n');
      writeFileSync(join(diaries, 'models', 'diary.model.ts'), '@ObjectType()\nexport class Diary {}\n');
      writeFileSync(
        join(diaries, 'diaries.service.ts'),
        'readonly loadByIds = 1;\nlistOwnerOf(reader, { mine, isPrivate: true });\n',
      );

      expect(() =>
        normalizeResourceOptions({ name: 'entry', api: 'graphql', fields: 'diary:references' }, project),
      ).toThrow(
        /field "diary": references Diary, a --private feature, whose records only their owners may see/,
      );
      expect(() =>
        normalizeResourceOptions(
          { name: 'note', api: 'graphql', private: true, fields: 'author:references' },
          project,
        ),
      ).toThrow(/field "author": a --private feature takes no references/);
    } finally {
      removeFixtureProject(project);
    }
  });

  it("should relate a child to the app's Author: foreign key, both GraphQL sides through loaders, a fixture", () => {
    const changes = new FileChanges(root);
    buildResource(
      render,
      changes,
      normalizeResourceOptions({ name: 'novel', api: 'both', fields: 'title:text author:references' }, root),
    );

    expect(changes.read('src/novels/novels.table.ts')).toContain(
      "authorId: integer('author_id').notNull().references(() => authors.id, { onDelete: 'restrict' })",
    );
    expect(changes.read('src/novels/novels.table.ts')).toContain(
      "index('novels_author_id_index').on(table.authorId)",
    );
    expect(changes.read('src/novels/novels.resolver.ts')).toContain(
      'return loaders.of(this.authorsService.loadByIds).load(authorId);',
    );
    expect(changes.read('src/novels/author-novels.resolver.ts')).toContain(
      'return loaders.of(this.novelsService.loadByAuthor).load({ authorId: id, limit });',
    );
    expect(changes.read('src/novels/novels.module.ts')).toContain(
      'imports: [NovelsDataModule, AuthorsDataModule]',
    );
    expect(changes.read('test/fixtures/novels.ts')).toContain('authorId: await firstIdOf(app, authors)');
  });

  it('should give each of several references to one parent its column, loader and has-many field, with its on-delete', () => {
    const changes = new FileChanges(root);
    const fields = 'title:text author:references:cascade translator?:references{Author}:set-null';
    buildResource(render, changes, normalizeResourceOptions({ name: 'novel', api: 'both', fields }, root));

    const table = changes.read('src/novels/novels.table.ts');
    expect(table).toContain(
      "authorId: integer('author_id').notNull().references(() => authors.id, { onDelete: 'cascade' })",
    );
    expect(table).toContain(
      "translatorId: integer('translator_id').references(() => authors.id, { onDelete: 'set null' })",
    );
    const resolver = changes.read('src/novels/novels.resolver.ts');
    expect(resolver).toContain('return loaders.of(this.authorsService.loadByIds).load(authorId);');
    expect(resolver).toContain('return loaders.of(this.authorsService.loadByIds).load(translatorId);');
    expect(changes.read('src/novels/author-novels.resolver.ts')).toContain("@ResolveField('novels'");
    const named = changes.read('src/novels/author-novels-as-translator.resolver.ts');
    expect(named).toContain('export class AuthorNovelsAsTranslatorResolver');
    expect(named).toContain("@ResolveField('novelsAsTranslator'");
    expect(named).toContain(
      'loaders.of(this.novelsService.loadByTranslator).load({ translatorId: id, limit })',
    );
    expect(changes.read('src/novels/novels.service.ts')).toContain('readonly loadByTranslator');
    expect(changes.read('src/novels/novels.repository.ts')).toContain('getFirstByTranslatorIds(');
    expect(changes.read('src/novels/novels.module.ts')).toContain(
      'providers: [NovelsResolver, AuthorNovelsResolver, AuthorNovelsAsTranslatorResolver]',
    );
    expect(changes.read('src/novels/novels.module.ts')).toContain(
      'imports: [NovelsDataModule, AuthorsDataModule]',
    );
  });

  it('should extend a schema-first parent with the has-many field of a named reference', () => {
    const changes = new FileChanges(root);
    const fields = 'title:text editor?:references{Post}:set-null';
    buildResource(
      render,
      changes,
      normalizeResourceOptions({ name: 'note', api: 'graphql', style: 'schema-first', fields }, root),
    );

    expect(changes.read('src/notes/notes.graphql')).toContain(
      [
        'extend type Post {',
        `  "The post's first notes as editor in id order, fetched in one batch per request."`,
        '  notesAsEditor(limit: Int = 10): [Note!]! @maxItems(max: 100, sizedBy: "limit")',
      ].join('\n'),
    );
    expect(changes.read('src/notes/post-notes-as-editor-schema-first.resolver.ts')).toContain(
      'export class PostNotesAsEditorSchemaFirstResolver',
    );
    expect(changes.read('src/notes/notes-schema-first.module.ts')).toContain(
      'PostNotesAsEditorSchemaFirstResolver',
    );
  });

  it('should keep a many field in a join table: pair key, cascades both ways, tagIds in, both GraphQL sides by loaders', () => {
    const changes = new FileChanges(root);
    const fields = 'title:text authors:many editors:many{Author}';
    buildResource(render, changes, normalizeResourceOptions({ name: 'novel', api: 'both', fields }, root));

    const table = changes.read('src/novels/novels.table.ts');
    expect(table).toContain("export const novelsAuthors = pgTable(\n  'novels_authors',");
    expect(table).toContain(".references(() => novels.id, { onDelete: 'cascade' })");
    expect(table).toContain(".references(() => authors.id, { onDelete: 'cascade' })");
    expect(table).toContain('primaryKey({ columns: [table.novelId, table.authorId] })');
    expect(table).toContain("index('novels_editors_editor_id_index').on(table.editorId)");
    const input = changes.read('src/novels/dto/create-novel.input.ts');
    expect(input).toContain('@IsIdList()\n  authorIds?: number[];');
    expect(input).toContain('@IsIdList()\n  editorIds?: number[];');
    expect(changes.read('src/novels/models/novel.model.ts')).toContain('authorIds?: number[];');
    const resolver = changes.read('src/novels/novels.resolver.ts');
    expect(resolver).toContain('return loaders.of(this.novelsService.loadAuthors).load(id);');
    expect(resolver).toContain("@ResolveField('editors', () => [Author]");
    expect(changes.read('src/novels/author-novels-as-editor.resolver.ts')).toContain(
      'loaders.of(this.novelsService.loadByEditor).load({ editorId: id, limit })',
    );
    expect(changes.read('src/novels/author-novels.resolver.ts')).toContain("@ResolveField('novels'");
    const repository = changes.read('src/novels/novels.repository.ts');
    expect(repository).toContain('return this.db.transaction(async (tx) => {');
    expect(repository).toContain('in (select ${novelsAuthors.novelId} from ${novelsAuthors}');
    expect(changes.read('src/novels/dto/list-novels.query.ts')).toContain('authorId?: number;');
    expect(changes.read('src/novels/novels.controller.ts')).toContain(
      'this.novelsService.withSetIds(found.nodes)',
    );
  });

  it('should refuse a feature of many fields only, and sets on or of a private feature', () => {
    expect(() => normalizeResourceOptions({ name: 'novel', fields: 'authors:many' }, root)).toThrow(
      'Novel needs a field of its own besides its many fields',
    );
    expect(() =>
      normalizeResourceOptions({ name: 'novel', private: true, fields: 'title:text authors:many' }, root),
    ).toThrow(/a --private feature takes no references/);
  });

  it("should refuse a set whose join table would hold the feature's own key twice", () => {
    expect(() =>
      normalizeResourceOptions({ name: 'novel', fields: 'title:text novels:many{Author}' }, root),
    ).toThrow(/its join table would hold novelId twice/);
  });

  it('should test what deleting the parent does: the children deleted, their key unset, or a refusal', () => {
    // Parents a test can make (a fixture) and delete over REST (a controller), as generated ones are.
    const madeFiles = ['books', 'posts'].flatMap((things) => [
      `test/fixtures/${things}.ts`,
      `src/${things}/${things}.controller.ts`,
    ]);
    mkdirSync(join(root, 'test', 'fixtures'), { recursive: true });
    for (const file of madeFiles)
      writeFileSync(join(root, file), file.endsWith('.controller.ts') ? '@Delete()\n' : '\n');
    const changes = new FileChanges(root);
    const fields = 'title:text book:references:cascade post?:references:set-null other?:references{Book}';
    try {
      buildResource(render, changes, normalizeResourceOptions({ name: 'note', api: 'both', fields }, root));
    } finally {
      for (const file of madeFiles) rmSync(join(root, file));
    }

    const test = changes.read('test/notes.e2e-spec.ts');
    expect(test).toContain("it('should delete the notes of a book deleted (bookId :cascade)'");
    expect(test).toContain('await api.get(`/notes/${created.body.id}`).expect(404);');
    expect(test).toContain("it('should keep the notes of a post deleted, without one (postId :set-null)'");
    expect(test).toContain('expect(read.body.postId).toBeNull();');
    expect(test).toContain(
      "it('should answer 409 to deleting a book that still has notes, deleting nothing'",
    );
    expect(test).toContain('other.notesAsOther');
  });

  it.each([
    [
      'a reference to a type the app lacks',
      'writer:references{Writer}',
      /field "writer": references Writer, which/,
    ],
    [
      'two references of one name',
      'author:references author?:references{Post}',
      /field "author": author is declared twice/,
    ],
    [
      'a has-many field the parent has already',
      'title:text volume?:references{Book}',
      /field "volume": its parent's has-many field would be Book.pagesAsVolume, but the schema at \/graphql has the field Book.pagesAsVolume already/,
    ],
  ])('should refuse %s, naming the field', (_case, fields, message) => {
    expect(() => normalizeResourceOptions({ name: 'page', api: 'graphql', fields }, root)).toThrow(message);
  });
});
