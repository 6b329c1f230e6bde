import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_LAYOUT, GRAPHQL_STYLES } from '../../generators/app-layout';
import { namesOf, type Names } from '../../generators/utils/names';
import { startServer } from '../utils/server-process';
import { TEST_JWT_SECRET } from '../utils/constants';
import { FreeNames, objectTypeFiles } from './free-names';
import { ScratchProject } from './scratch-project';
import type { GraphqlBody } from '../utils/graphql';

const MINUTE = 60_000;

const INTERCEPTOR_KINDS = ['logging', 'transform', 'exclude-null', 'errors', 'cache', 'timeout'];

/** A name picked for a run, as given to `--name`, with every form of it. */
type Picked = Names & { given: string };

/**
 * The suite's names, each checked free in the scratch copy (which holds whatever the user generated) when the
 * suite starts: the first free one of its candidates (FreeNames). The preferred candidates keep what a case is
 * about: `categories` a plural in the flag, `Person` an irregular plural.
 */
function pickNames(root: string) {
  const free = new FreeNames(root);
  const feature = (...candidates: string[]): Picked => {
    const given = free.feature(...candidates);
    return { ...namesOf(given), given };
  };
  return {
    // The suite's own parents, one per GraphQL style, so that no case needs the app's hand-written Author or
    // Post (which `npm run demo:remove` takes out): `writer` code-first, `journal` schema-first.
    writer: feature('Writer', 'Scribe', 'Poet'),
    journal: feature('Journal', 'Gazette', 'Periodical'),
    gizmo: feature('Gizmo', 'Doohickey', 'Contraption'),
    sprocket: feature('sprockets', 'cogwheels', 'flywheels'),
    category: feature('categories', 'genres', 'kinds'),
    person: feature('Person', 'Child', 'Mouse', 'Goose'),
    novel: feature('Novel', 'Romance', 'Fable'),
    chapter: feature('Chapter', 'Episode', 'Verse'),
    tag: feature('Tag', 'Badge', 'Marker'),
    label: feature('Label', 'Sticker', 'Emblem'),
    essay: feature('Essay', 'Treatise', 'Memoir'),
    memo: feature('Memo', 'Jotting', 'Notelet'),
    interceptors: INTERCEPTOR_KINDS.map((_kind, i) =>
      free.interceptor(`Generated${'ABCDEF'[i]}`, `Produced${'ABCDEF'[i]}`),
    ),
    audit: namesOf(free.interceptor('Audit', 'Inspect', 'Observe')).Name,
    page: namesOf(free.objectType('Pennant', 'Banner', 'Streamer')),
    destroyedInterceptor: namesOf(free.interceptor('Trace', 'Stopwatch', 'Tally')).Name,
    destroyedPage: namesOf(free.objectType('Lantern', 'Beacon', 'Torch')),
  };
}

/** A `references` field to a picked parent, named after it (`novel:references`, `novel?:references`). */
const referenceTo = (parent: Picked, nullable = false) => `${parent.name}${nullable ? '?' : ''}:references`;

/** Every field type, bounds of each kind (`:min`/`:max`), the reference to `parent`: a feature of the suite's own; `q` searches title and summary. */
const everyFieldType = (parent: Picked) =>
  'title:string{200}:min=2:search isbn:string{13}:unique publishedOn?:date price:decimal{10,2}:min=0:max=9999.99 ' +
  'inStock:boolean=true genre:enum{FICTION,NONFICTION,POETRY} pages:int:index:min=1:max=20000 ' +
  'rating?:float:sort:min=0:max=5 summary?:text:max=5000:search externalId?:uuid ' +
  `metadata?:json releasedAt?:datetime ${referenceTo(parent)}`;

/**
 * Drives the real CLI (`npx plop <generator> -- …`) in one scratch copy of the project: two features generated
 * and destroyed, then a batch of features, then one type check, lint, test run and app start for all. Bad input,
 * help and previews are in generators-input.spec.ts.
 */
describe('generators', () => {
  let scratch: ScratchProject;
  let n: ReturnType<typeof pickNames>;

  beforeAll(() => {
    scratch = ScratchProject.create();
    n = pickNames(scratch.root);
    // Hand-written code-first types of the suite's own, for `paginated` to page through.
    for (const type of [n.page, n.destroyedPage]) {
      for (const [path, text] of Object.entries(objectTypeFiles(type.Name))) scratch.write(path, text);
    }
    scratch.commitAll('types to page through');
  });

  afterAll(() => scratch?.remove());

  describe('destroy', () => {
    // Two features generated, then destroyed in reverse order. The type check, lint, tests and app start of
    // 'generated features' below run on the tree this leaves (committed), so they also prove that the app
    // compiles and migrates (drop migrations included) after a destroy.
    beforeAll(async () => {
      for (const [generator, args] of [
        ['resolver', ['--name', n.gizmo.given, '--style', 'code-first']],
        ['controller', ['--name', n.sprocket.given]],
      ] as const) {
        const result = await scratch.plop(generator, [...args]);
        if (result.exitCode !== 0) throw new Error(`plop ${generator} failed:\n${result.all}`);
      }
    }, 2 * MINUTE);

    afterAll(() => {
      if (scratch.status() !== '') scratch.commitAll('two features destroyed');
    });

    it(
      'should refuse a feature that another one references, naming it and changing nothing',
      async () => {
        const manifest = join(scratch.root, APP_LAYOUT.manifest);
        const original = readFileSync(manifest, 'utf8');
        const edited = JSON.parse(original) as { features: Record<string, { references: string[] }> };
        edited.features[n.sprocket.Name].references = [n.gizmo.Name];
        writeFileSync(manifest, JSON.stringify(edited));
        const before = scratch.status();

        const result = await scratch.plop('destroy', ['--name', n.gizmo.Name]);

        expect(result.exitCode).not.toBe(0);
        expect(result.all).toContain(`${n.gizmo.Name} is referenced by ${n.sprocket.Name}`);
        expect(scratch.status()).toBe(before);
        writeFileSync(manifest, original);
      },
      MINUTE,
    );

    it(
      'should refuse a generated file edited since, naming it and changing nothing, unless --force',
      async () => {
        const { given, Name, kebabNames, snakeNames } = n.sprocket;
        appendFileSync(
          join(scratch.root, `src/${kebabNames}/${kebabNames}.service.ts`),
          '// edited by hand\n',
        );
        const before = scratch.status();

        const refused = await scratch.plop('destroy', ['--name', given]);
        const dryRun = await scratch.plop('destroy', ['--name', Name, '--force', '--dry-run']);

        expect(refused.exitCode).not.toBe(0);
        expect(refused.all).toContain(`src/${kebabNames}/${kebabNames}.service.ts (edited)`);
        expect(refused.all).toContain('--force');
        expect(dryRun.exitCode).toBe(0);
        expect(dryRun.all).toContain(`delete src/${kebabNames}/${kebabNames}.controller.ts`);
        expect(dryRun.all).toContain('update src/app.module.ts');
        expect(dryRun.all).toContain(`drizzle/<next>_drop_${snakeNames}.sql`);
        expect(scratch.status()).toBe(before);
        expect((await scratch.plop('destroy', ['--name', given, '--force'])).exitCode).toBe(0);
      },
      MINUTE,
    );

    it(
      'should leave the tree as committed before both features, plus their migrations and a drop migration each',
      async () => {
        // A failing step (drizzle-kit, made to fail) puts back every deleted file and registration.
        const config = join(scratch.root, 'drizzle.config.ts');
        const original = readFileSync(config, 'utf8');
        writeFileSync(config, original.replace('./src/**/*.table.ts', './src/missing/schema.ts'));
        const before = scratch.status();
        const failed = await scratch.plop('destroy', ['--name', n.gizmo.Name]);
        expect(failed.exitCode).not.toBe(0);
        expect(scratch.status()).toBe(before);
        writeFileSync(config, original);

        const result = await scratch.plop('destroy', ['--name', n.gizmo.Name]);
        expect(result.exitCode).toBe(0);

        // Registrations, imports, manifest and schema.gql are back byte for byte: only drizzle/ differs, where
        // migrations are never edited or deleted (git lists paths in order, so migrations in the order run).
        const status = scratch.status().trimEnd().split('\n');
        const [gizmos, sprockets] = [n.gizmo.snakeNames, n.sprocket.snakeNames];
        expect(status.map((line) => line.replace(/\d{4}_/, 'NNNN_'))).toEqual([
          ' M drizzle/meta/_journal.json',
          `?? drizzle/NNNN_create_${gizmos}.sql`,
          `?? drizzle/NNNN_create_${sprockets}.sql`,
          `?? drizzle/NNNN_drop_${sprockets}.sql`,
          `?? drizzle/NNNN_drop_${gizmos}.sql`,
          ...Array<string>(4).fill('?? drizzle/meta/NNNN_snapshot.json'),
        ]);
        const drop = status.find((line) => line.endsWith(`_drop_${gizmos}.sql`))?.slice(3) ?? '';
        expect(readFileSync(join(scratch.root, drop), 'utf8')).toContain(`DROP TABLE "${gizmos}"`);
      },
      MINUTE,
    );
  });

  describe('destroy of an interceptor and a page type', () => {
    it(
      'should take out what interceptor --global and paginated wrote, leaving the tree exactly as committed',
      async () => {
        const interceptor = n.destroyedInterceptor;
        const type = n.destroyedPage;
        for (const [generator, args] of [
          ['interceptor', ['--name', interceptor, '--kind', 'timeout', '--global']],
          ['paginated', ['--type', type.Name]],
        ] as const) {
          const result = await scratch.plop(generator, [...args]);
          if (result.exitCode !== 0) throw new Error(`plop ${generator} failed:\n${result.all}`);
        }
        expect(scratch.status()).toContain(` M ${APP_LAYOUT.rootModule.file}`);

        const dryRun = await scratch.plop('destroy', ['--name', `${interceptor}Interceptor`, '--dry-run']);
        expect(dryRun.all).toContain(
          `delete ${APP_LAYOUT.interceptors}/${namesOf(interceptor).kebabName}.interceptor.ts`,
        );
        expect(dryRun.all).toContain(`update ${APP_LAYOUT.rootModule.file}`);
        for (const name of [`${interceptor}Interceptor`, `Paginated${type.Name}`]) {
          const result = await scratch.plop('destroy', ['--name', name]);
          if (result.exitCode !== 0) throw new Error(`destroy ${name} failed:\n${result.all}`);
        }

        expect(scratch.status()).toBe('');
      },
      2 * MINUTE,
    );
  });

  describe('generated features', () => {
    const generatedSpecs: string[] = [];
    // The built app's data, kept from the restart test to the destroy test.
    let dataDir = '';

    afterAll(() => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    beforeAll(async () => {
      const runs: Array<[string, string[]]> = [
        // The parents of the GraphQL children below, generated like any feature: whatever the app has (the demo's
        // Author and Post, or nothing after `npm run demo:remove`), the same cases run. A generated parent is a
        // parent on its own endpoint: `writer` on the code-first one with REST (a REST child's generated test then
        // deletes it over REST), `journal` on the schema-first one without (its REST child's test does not).
        // Owned, as is the Novel below: an owned child of an owned parent (the parent's owner only may add to it).
        ['resource', ['--name', n.writer.given, '--api', 'both', '--style', 'code-first', '--owned']],
        ['resolver', ['--name', n.journal.given, '--style', 'schema-first']],
        ['controller', ['--name', n.category.given, '--owned']],
        // A REST-only child of a REST-only parent, with a set of them too, and no timestamps (an update of the set
        // alone then has no column to write).
        [
          'controller',
          [
            '--name',
            n.person.given,
            '--public',
            '--no-timestamps',
            '--fields',
            `name:string{100} ${referenceTo(n.category, true)} sections:many{${n.category.Name}}`,
          ],
        ],
        ...INTERCEPTOR_KINDS.map((kind, i): [string, string[]] => [
          'interceptor',
          ['--name', n.interceptors[i], '--kind', kind],
        ]),
        ['interceptor', ['--name', `${n.audit}Interceptor`, '--kind', 'logging', '--global']],
        // A child of the code-first parent, on both APIs, with a set of writers too (`Writer.novelsAsEditor`):
        // owned, so bob may put only his own writers in it.
        [
          'resource',
          [
            '--name',
            n.novel.given,
            '--api',
            'both',
            '--owned',
            '--fields',
            `${everyFieldType(n.writer)} editors:many{${n.writer.Name}}`,
          ],
        ],
        // A generated child of a generated parent, on GraphQL only, deleted with it (its test deletes a novel).
        [
          'resolver',
          [
            '--name',
            n.chapter.given,
            '--fields',
            `heading:string{120} ${referenceTo(n.novel)}:cascade position?:int:min=1`,
          ],
        ],
        // Nullable references on each endpoint: Tag (code-first) to the code-first parent, and to a Novel both
        // directly and through its Chapter (its test fixtures make two novels, whose unique isbn must differ);
        // Label (schema-first) to the schema-first parent, through `extend type`. Tag refers to the writer twice, the
        // second time under another name, set null when that writer goes (`Writer.tagsAsTranslator`).
        [
          'resolver',
          [
            '--name',
            n.tag.given,
            '--style',
            'code-first',
            '--fields',
            `name:string{100} ${referenceTo(n.writer, true)} ${referenceTo(n.chapter, true)} ${referenceTo(n.novel, true)} ` +
              `translator?:references{${n.writer.Name}}:set-null`,
          ],
        ],
        [
          'resolver',
          [
            '--name',
            n.label.given,
            '--style',
            'schema-first',
            '--fields',
            `name:string{100} ${referenceTo(n.journal, true)}`,
          ],
        ],
        // A second schema-first child of the same parent (a second `extend type`), on both APIs, a third
        // `extend type` for a named reference to it (`Journal.essaysAsReviewer`), and a fourth for a set of them.
        [
          'resource',
          [
            '--name',
            n.essay.given,
            '--api',
            'both',
            '--style',
            'schema-first',
            '--fields',
            `${everyFieldType(n.journal)} reviewer?:references{${n.journal.Name}}:set-null sources:many{${n.journal.Name}}`,
          ],
        ],
        // Private: reads are the owner's too, on both APIs of the schema-first endpoint.
        [
          'resource',
          [
            '--name',
            n.memo.given,
            '--api',
            'both',
            '--style',
            'schema-first',
            '--private',
            '--fields',
            'body:text:search:min=1',
          ],
        ],
        ['paginated', ['--type', n.page.Name]],
      ];
      for (const [generator, args] of runs) {
        const result = await scratch.plop(generator, args);
        if (result.exitCode !== 0)
          throw new Error(`plop ${generator} ${args.join(' ')} failed:\n${result.all}`);
      }
      generatedSpecs.push(
        ...scratch
          .status()
          .split('\n')
          .map((line) => line.slice(3))
          .filter((path) => /\.(e2e-)?spec\.ts$/.test(path) || path.endsWith('/')),
      );
    }, 7 * MINUTE);

    it('should write each feature where the app keeps its own', () => {
      const status = scratch.status();

      const features = [
        n.writer,
        n.journal,
        n.category,
        n.person,
        n.novel,
        n.chapter,
        n.tag,
        n.label,
        n.essay,
        n.memo,
      ];
      for (const path of [
        ...features.map(({ kebabNames }) => `src/${kebabNames}/`),
        ...[n.writer, n.journal, n.category, n.person, n.tag, n.novel, n.label].map(
          ({ kebabNames }) => `test/${kebabNames}.e2e-spec.ts`,
        ),
        `${APP_LAYOUT.interceptors}/${namesOf(n.audit).kebabName}.interceptor.ts`,
        `src/${n.page.kebabNames}/models/paginated-${n.page.kebabName}.model.ts`,
      ]) {
        expect(status).toContain(path);
      }
      // One new migration per feature, in the order generated, numbered after whatever the project had.
      const migrations = status.match(/drizzle\/\d{4}_create_\w+\.sql/g) ?? [];
      expect(migrations.map((path) => path.replace(/^drizzle\/\d{4}_/, ''))).toEqual(
        features.map(({ snakeNames }) => `create_${snakeNames}.sql`),
      );
      expect([...migrations].sort()).toEqual(migrations);
      for (const file of [
        APP_LAYOUT.rootModule.file,
        APP_LAYOUT.endpoints['code-first'].file,
        APP_LAYOUT.endpoints['code-first'].artefact,
        APP_LAYOUT.endpoints['schema-first'].file,
        APP_LAYOUT.endpoints['schema-first'].artefact,
      ]) {
        expect(status).toContain(` M ${file}`);
      }
    });

    it('should name things with correct plurals', () => {
      const { Name, Names, kebabNames } = n.person;
      const controller = readFileSync(
        join(scratch.root, `src/${kebabNames}/${kebabNames}.controller.ts`),
        'utf8',
      );

      expect(controller).toContain(`@Controller('${kebabNames}')`);
      expect(controller).toContain(`export class ${Names}Controller`);
      expect(controller).toContain(`get${Name}(`);
    });

    it('should register what it generated', () => {
      const appModule = readFileSync(join(scratch.root, 'src/app.module.ts'), 'utf8');

      expect(appModule).toContain(`${n.category.Names}Module`);
      expect(appModule).toContain(`${n.person.Names}Module`);
      expect(appModule).toContain(`{ provide: APP_INTERCEPTOR, useClass: ${n.audit}Interceptor }`);
    });

    it(
      'should refuse to generate the same feature twice, changing nothing',
      async () => {
        const before = scratch.status();

        const result = await scratch.plop('controller', ['--name', n.category.given]);

        expect(result.exitCode).not.toBe(0);
        expect(result.all).toContain(`src/${n.category.kebabNames} already exists`);
        expect(scratch.status()).toBe(before);
      },
      MINUTE,
    );

    it(
      'should pass the type check of the whole project',
      async () => {
        const result = await scratch.run('node', ['node_modules/typescript/bin/tsc', '--noEmit']);

        expect(result.all).toBe('');
        expect(result.exitCode).toBe(0);
      },
      3 * MINUTE,
    );

    it(
      'should pass the linter and the formatter',
      async () => {
        // What the generators wrote or changed: the rules look at one file at a time, and the rest is the app's,
        // which `npm run lint` checks.
        const written = scratch
          .status()
          .split('\n')
          .map((line) => line.slice(3))
          .filter((path) => /^(src|test)\//.test(path));
        expect(written).toContain('src/app.module.ts');

        const lint = await scratch.run('node', [
          'node_modules/eslint/bin/eslint.js',
          '--no-warn-ignored',
          ...written.filter((path) => path.endsWith('/') || path.endsWith('.ts')),
        ]);
        expect(lint.all).toBe('');

        const format = await scratch.run('node', [
          'node_modules/prettier/bin/prettier.cjs',
          '--check',
          ...written,
        ]);
        // On failure the output names the files.
        expect(format.all).toContain('All matched files use Prettier code style!');
        expect(format.exitCode).toBe(0);
      },
      3 * MINUTE,
    );

    it(
      'should pass its own generated tests',
      async () => {
        const result = await scratch.run(
          'node',
          ['node_modules/jest/bin/jest.js', '--ci', ...generatedSpecs],
          {
            NODE_OPTIONS: '--experimental-vm-modules',
          },
        );

        expect(result.all).toMatch(/Tests:\s+\d+ passed, \d+ total/);
        expect(result.exitCode).toBe(0);
      },
      7 * MINUTE,
    );

    it(
      'should serve the generated routes from the built app and keep their data across a restart',
      async () => {
        // The generated test run above built dist/ and a migrated, seeded template database.
        dataDir = mkdtempSync(join(tmpdir(), 'nest-generated-app-'));
        cpSync(join(scratch.root, 'tmp', 'test-db-template'), dataDir, { recursive: true });
        const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET };
        let server = await startServer(env, MINUTE, scratch.root);
        const login = await fetch(`${server.url}/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'alice', password: 'alice-password' }),
        });
        const { access_token } = (await login.json()) as { access_token: string };
        const post = (path: string, body: object, token?: string) =>
          fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              ...(token && { Authorization: `Bearer ${token}` }),
            },
            body: JSON.stringify(body),
          });

        const [categories, people] = [`/${n.category.kebabNames}`, `/${n.person.kebabNames}`];
        const { tag: tagNames, label: labelNames } = n;
        expect((await post(categories, { name: 'Anonymous' })).status).toBe(401);
        const created = await post(categories, { name: 'Books' }, access_token);
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: number };
        expect((await post(people, { name: 'Ada', sectionIds: [id] })).status).toBe(201);
        const createTag = {
          query: `mutation { create${tagNames.Name}(input: { name: "urgent" }) { id name } }`,
        };
        const anonymous = (await (await post('/graphql', createTag)).json()) as GraphqlBody;
        expect(anonymous.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
        const tag = (await (await post('/graphql', createTag, access_token)).json()) as GraphqlBody;
        expect(tag.data).toEqual({ [`create${tagNames.Name}`]: { id: 1, name: 'urgent' } });
        const createLabel = {
          query: `mutation { create${labelNames.Name}(input: { name: "blue" }) { id name } }`,
        };
        const label = (await (
          await post('/schema-first/graphql', createLabel, access_token)
        ).json()) as GraphqlBody;
        expect(label.data).toEqual({ [`create${labelNames.Name}`]: { id: 1, name: 'blue' } });
        expect(await server.stop()).toBe(0);

        server = await startServer(env, MINUTE, scratch.root);
        const reread = await fetch(`${server.url}${categories}/${id}`, {
          headers: { Authorization: `Bearer ${access_token}` },
        });
        expect(await reread.json()).toMatchObject({ id, name: 'Books' });
        const listed = await fetch(`${server.url}${people}`);
        expect(await listed.json()).toMatchObject([{ id: 1, name: 'Ada', sectionIds: [id] }]);
        const tags = await post('/graphql', {
          query: `{ ${tagNames.name}(id: 1) { name } ${tagNames.names} { totalCount } }`,
        });
        expect(await tags.json()).toEqual({
          data: { [tagNames.name]: { name: 'urgent' }, [tagNames.names]: { totalCount: 1 } },
        });
        const labels = await post('/schema-first/graphql', {
          query: `{ ${labelNames.names} { nodes { id name } } }`,
        });
        expect(await labels.json()).toEqual({
          data: { [labelNames.names]: { nodes: [{ id: 1, name: 'blue' }] } },
        });
        expect(server.output()).toContain(`${n.audit}Interceptor`);
        expect(await server.stop()).toBe(0);
      },
      2 * MINUTE,
    );

    it(
      'should destroy every generated feature in reverse order, and the app still build, migrate and serve on the same data',
      async () => {
        const features = [
          n.memo,
          n.essay,
          n.label,
          n.tag,
          n.chapter,
          n.novel,
          n.person,
          n.category,
          n.journal,
          n.writer,
        ].map(({ Name }) => Name);
        for (const name of features) {
          const result = await scratch.plop('destroy', ['--name', name]);
          if (result.exitCode !== 0) throw new Error(`destroy ${name} failed:\n${result.all}`);
        }

        const manifest = readFileSync(join(scratch.root, 'generators.manifest.json'), 'utf8');
        const schema = readFileSync(join(scratch.root, APP_LAYOUT.endpoints['code-first'].artefact), 'utf8');
        const registrations = [
          APP_LAYOUT.rootModule.file,
          ...GRAPHQL_STYLES.map((style) => APP_LAYOUT.endpoints[style].file),
        ];
        for (const name of features) {
          const { kebabNames, Names } = namesOf(name);
          expect(existsSync(join(scratch.root, 'src', kebabNames))).toBe(false);
          expect(existsSync(join(scratch.root, 'test', `${kebabNames}.e2e-spec.ts`))).toBe(false);
          expect(manifest).not.toContain(`"${name}"`);
          for (const file of registrations) {
            expect(readFileSync(join(scratch.root, file), 'utf8')).not.toContain(`${Names}Module`);
          }
        }
        for (const { Name } of [n.writer, n.novel, n.chapter, n.tag])
          expect(schema).not.toMatch(new RegExp(`^type ${Name} `, 'm'));
        expect(scratch.status().match(/drizzle\/\d{4}_drop_\w+\.sql/g)).toHaveLength(features.length);

        const build = await scratch.run('node', [
          'node_modules/typescript/bin/tsc',
          '-p',
          'tsconfig.build.json',
        ]);
        expect(build.all).toBe('');
        const server = await startServer(
          { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET },
          MINUTE,
          scratch.root,
        );
        try {
          expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
          expect((await fetch(`${server.url}/${n.category.kebabNames}`)).status).toBe(404);
          // The app's own tables are served on the same data (alice, seeded before), whatever features it has.
          const login = await fetch(`${server.url}/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ username: 'alice', password: 'alice-password' }),
          });
          expect(login.status).toBe(200);
          const { access_token } = (await login.json()) as { access_token: string };
          const me = await fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access_token}` },
            body: JSON.stringify({ query: '{ me { username } }' }),
          });
          expect(await me.json()).toEqual({ data: { me: { username: 'alice' } } });
        } finally {
          expect(await server.stop()).toBe(0);
        }
      },
      3 * MINUTE,
    );
  });
});
