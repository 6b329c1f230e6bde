import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { APP_LAYOUT } from '../../generators/app-layout';
import { type Manifest, readManifest } from '../../generators/utils/manifest';
import { FileChanges } from '../../generators/utils/file-changes';
import { namesOf } from '../../generators/utils/names';
import { unregister } from '../../generators/utils/wiring';
import { ROOT } from '../utils/paths';
import { FreeNames, objectTypeFiles } from './free-names';
import { ScratchProject } from './scratch-project';

const MINUTE = 60_000;

/**
 * The names the cases below use, as `{Token}`s filled in at run time: checked free in the scratch copy (which holds
 * whatever the user generated), or made to exist there by the test itself (`Existing`, a hand-written feature with
 * a code-first type and its page type). No case assumes that the user's tree has, or lacks, a name.
 */
const names: Record<string, string> = {};

function pickNames(scratch: ScratchProject): void {
  const free = new FreeNames(scratch.root);
  const feature = free.feature('Widget', 'Gadget', 'Trinket', 'Bauble');
  const kebabFeature = free.feature('book-review', 'reading-list', 'shelf-mark');
  const interceptor = free.interceptor('Audit', 'Inspect', 'Observe');
  const type = free.objectType('Pennant', 'Banner', 'Streamer');
  const existing = free.objectType('Exhibit', 'Specimen', 'Artifact');
  for (const [token, name] of Object.entries({ Feature: feature, Type: type, Existing: existing })) {
    names[token] = name;
    names[token.toLowerCase()] = namesOf(name).kebabName;
    names[`${token.toLowerCase()}s`] = namesOf(name).kebabNames;
  }
  Object.assign(names, {
    'kebab-feature': kebabFeature,
    'kebab-features': namesOf(kebabFeature).kebabNames,
    Interceptor: interceptor,
    interceptor: namesOf(interceptor).kebabName,
  });
  // The hand-written feature: a folder of src/ (so a feature of that name exists), a type and its page type.
  for (const [path, text] of Object.entries(objectTypeFiles(existing, { withPage: true })))
    scratch.write(path, text);
  for (const [path, text] of Object.entries(objectTypeFiles(type))) scratch.write(path, text);
  scratch.commitAll('test-owned types');
}

/** `{Feature}`, `{features}`, … replaced by the names picked for this run. */
function fill(text: string): string {
  return text.replace(/\{([\w-]+)\}/g, (token, key: string) => names[key] ?? token);
}
const fillPattern = (pattern: RegExp) => new RegExp(fill(pattern.source));

/**
 * Drives the real CLI (`npx plop <generator> -- …`) in a scratch copy of the project: what it refuses, its help
 * and its previews (nothing may change). Beside generators.spec.ts (the generated features), so that the two
 * halves of the generator suite run on both of Jest's workers at once.
 */
describe('generators: input, help and previews', () => {
  let scratch: ScratchProject;

  beforeAll(() => {
    scratch = ScratchProject.create();
    pickNames(scratch);
  });

  afterAll(() => scratch?.remove());

  describe('bad input', () => {
    const refusals: Array<[string, string, string[], RegExp]> = [
      ['an empty name', 'controller', ['--name', ''], /--name is required/],
      ['a missing name', 'controller', [], /--name is required/],
      ['a name that is a path', 'controller', ['--name', '../evil'], /not a path/],
      ['a name with a separator', 'controller', ['--name', 'src/things'], /not a path/],
      ['a name that starts with a digit', 'controller', ['--name', '9lives'], /must be a name of letters/],
      ['a name with a space', 'controller', ['--name', 'blog posts'], /must be a name of letters/],
      ['a reserved word', 'controller', ['--name', 'class'], /reserved word/],
      ['an existing feature', 'controller', ['--name', '{existings}'], /src\/{existings} already exists/],
      ['a name without a distinct plural', 'controller', ['--name', 'sheep'], /no distinct plural/],
      ['an unknown flag', 'controller', ['--name', '{features}', '--force'], /Unknown option '--force'/],
      [
        'an unknown interceptor kind',
        'interceptor',
        ['--name', '{Interceptor}', '--kind', 'magic'],
        /--kind must be one of/,
      ],
      ['an interceptor without a kind', 'interceptor', ['--name', '{Interceptor}'], /--kind is required/],
      [
        'an existing interceptor',
        'interceptor',
        ['--name', 'Logging', '--kind', 'logging'],
        /already exists/,
      ],
      [
        'a global cache interceptor, which would answer [] on every route',
        'interceptor',
        ['--name', '{Interceptor}', '--kind', 'cache', '--global'],
        /a cache interceptor answers \[\] without running the handler/,
      ],
      [
        'a reserved interceptor name',
        'interceptor',
        ['--name', 'delete', '--kind', 'errors'],
        /reserved word/,
      ],
      ['a resource without an API', 'resource', ['--name', '{Feature}'], /--api is required/],
      ['an unknown API', 'resource', ['--name', '{Feature}', '--api', 'soap'], /--api must be one of/],
      [
        'a field of an unknown type',
        'resource',
        ['--name', '{Feature}', '--api', 'rest', '--fields', 'title:strin'],
        /field "title": unknown type "strin"; allowed: string\{N\}/,
      ],
      [
        'a field declared twice',
        'resolver',
        ['--name', '{Feature}', '--fields', 'title:text title:text'],
        /title is declared twice/,
      ],
      [
        'a reserved field name',
        'controller',
        ['--name', '{features}', '--fields', 'id:int'],
        /field "id": id is reserved/,
      ],
      [
        'a default of the wrong type',
        'controller',
        ['--name', '{features}', '--fields', 'inStock:boolean=yes'],
        /the default "yes" is not true or false/,
      ],
      [
        'an unknown resolver style',
        'resolver',
        ['--name', '{Feature}', '--style', 'sdl'],
        /--style must be one of/,
      ],
      [
        'an existing GraphQL feature',
        'resolver',
        ['--name', '{Existing}', '--style', 'code-first'],
        /src\/{existings} already exists/,
      ],
      [
        'a GraphQL type named after a built-in',
        'resolver',
        ['--name', 'Query', '--style', 'code-first'],
        /reserved/,
      ],
      [
        'a REST feature named like an OpenAPI schema of the app',
        'controller',
        ['--name', 'SortDirection'],
        /the app has a class or enum named SortDirection already \(src\/common\/pagination\/sort-direction\.ts\)/,
      ],
      [
        "an enum field whose type is the name of the feature's filter (REST only)",
        'controller',
        ['--name', '{Feature}', '--fields', 'filter:enum{A,B}'],
        /would declare {Feature}Filter.*rename the feature, or the field whose type it is/,
      ],
      [
        'a name with a word that has no singular',
        'controller',
        ['--name', 'book_s'],
        /"book_s" cannot be a name: each word needs a singular and a plural form/,
      ],
      ['an unknown type to paginate', 'paginated', ['--type', 'Dragon'], /no @ObjectType\(\) class Dragon/],
      [
        'a type that is paginated already',
        'paginated',
        ['--type', '{Existing}'],
        /Paginated{Existing} already exists/,
      ],
      ['a type name that is a path', 'paginated', ['--type', '../{Existing}'], /not a path/],
      // A hand-written feature: the manifest has no entry for it.
      [
        'a feature that was not generated',
        'destroy',
        ['--name', '{Existing}'],
        /{Existing} is not a generated feature \(never generated, or destroyed already\)/,
      ],
      ['a destroy without a name', 'destroy', [], /--name is required/],
    ];

    it.each(refusals)(
      'should refuse %s with a non-zero exit, a message, and no file touched',
      async (_case, generator, args, message) => {
        const result = await scratch.plop(generator, args.map(fill));

        expect(result.exitCode).not.toBe(0);
        expect(result.all).toMatch(fillPattern(message));
        expect(scratch.status()).toBe('');
      },
      MINUTE,
    );

    it(
      'should put the tree back when a step fails part-way',
      async () => {
        // drizzle-kit runs after the files are written: break its configuration so that it fails.
        const config = join(scratch.root, 'drizzle.config.ts');
        const original = readFileSync(config, 'utf8');
        writeFileSync(config, original.replace('./src/**/*.table.ts', './src/missing/schema.ts'));
        scratch.commitAll('break drizzle-kit');

        const result = await scratch.plop('controller', ['--name', fill('{features}')]);

        expect(result.exitCode).not.toBe(0);
        expect(scratch.status()).toBe('');
        writeFileSync(config, original);
        scratch.commitAll('mend drizzle-kit');
      },
      MINUTE,
    );

    it(
      'should refuse a table the migrations have made, even with its feature removed by hand',
      async () => {
        // A table drizzle-kit's snapshots already know (its files removed by hand, the migration kept):
        // `drizzle-kit generate` would write nothing (it would ask whether a table was renamed).
        const before = scratch.head();
        try {
          const { Name, kebabNames, snakeNames } = namesOf(names.Feature);
          expect((await scratch.plop('controller', ['--name', kebabNames])).exitCode).toBe(0);
          await scratch.run('git', ['checkout', '--', 'src/app.module.ts', 'generators.manifest.json']);
          for (const path of [
            `src/${kebabNames}`,
            `test/${kebabNames}.e2e-spec.ts`,
            `test/fixtures/${kebabNames}.ts`,
          ]) {
            rmSync(join(scratch.root, path), { recursive: true });
          }
          scratch.commitAll(`${kebabNames} removed by hand, migration kept`);

          const result = await scratch.plop('controller', ['--name', kebabNames]);

          expect(result.exitCode).not.toBe(0);
          expect(result.all).toContain(
            `${Name}: the database has a table or type named ${snakeNames} already`,
          );
          expect(scratch.status()).toBe('');
        } finally {
          scratch.resetTo(before); // the later features expect migrations that match the tables
        }
      },
      MINUTE,
    );
  });

  it('should leave to git a feature named like a folder it ignores (data, coverage)', () => {
    const ignored = (path: string) =>
      spawnSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: ROOT }).status === 0;

    expect(ignored('data/pglite/base')).toBe(true);
    expect(ignored('src/data/data.service.ts')).toBe(false);
    expect(ignored('src/coverage/coverage.module.ts')).toBe(false);
  });

  it('should print the usage and exit 0 for --help, writing nothing', async () => {
    const result = await scratch.plop('resolver', ['--help']);

    expect(result.exitCode).toBe(0);
    expect(result.all).toContain(
      'usage: npx plop resolver -- --name <name> [--style <code-first|schema-first>] [--fields <fields>]',
    );
    expect(scratch.status()).toBe('');
  });

  // The app ships the output of README's example command (Book), recorded in the manifest: regenerated from its
  // recorded command, it must come out byte for byte as committed, so the templates and the app never drift apart.
  // The manifest decides, as it does for `destroy`: the shipped app commits Book with its entry, so there the case
  // always runs. A project that removed the demo (`npm run demo:remove`) or destroyed Book has no reference output
  // left to compare: there the case is skipped, its title saying why, and the templates are still checked by
  // generators.spec.ts, which generates every field type on both APIs and both endpoints, parents of its own
  // included, and type-checks, lints, tests and runs the result.
  const reference = (
    JSON.parse(readFileSync(join(ROOT, APP_LAYOUT.manifest), 'utf8')) as {
      features: Record<string, { options: { api: string; fields: string } } | undefined>;
    }
  ).features.Book;
  const referenceCase =
    'should regenerate the reference feature (Book) byte for byte from its recorded command';

  (reference ? it : it.skip)(
    reference
      ? referenceCase
      : `${referenceCase} (skipped: ${APP_LAYOUT.manifest} records no Book, the demo was removed or Book destroyed; generators.spec.ts checks the templates)`,
    async () => {
      const { api, fields } = reference!.options;
      const before = scratch.head();
      try {
        // Features generated on top of Book (its children) would stop its destroy: they are set aside first.
        for (const name of dependentsOf(readManifest(new FileChanges(scratch.root)), 'Book')) {
          const result = await scratch.plop('destroy', ['--name', name, '--force']);
          if (result.exitCode !== 0) throw new Error(`destroy ${name} failed:\n${result.all}`);
        }
        if (scratch.status() !== '') scratch.commitAll('children of Book set aside');
        const { registrations } = readManifest(new FileChanges(scratch.root)).features.Book!;

        const destroyed = await scratch.plop('destroy', ['--name', 'Book']);
        expect(destroyed.exitCode).toBe(0);
        const generated = await scratch.plop('resource', [
          '--name',
          'Book',
          '--api',
          api,
          '--fields',
          fields,
        ]);
        expect(generated.exitCode).toBe(0);

        // Every file of the feature, the schema and the manifest are as committed; migrations differ (a drop and a
        // new create), and so may the place of Book's registration among the user's own features (regenerated
        // last, it is listed last): those files are compared without it, and must have it.
        const changed = scratch
          .status()
          .split('\n')
          .filter(Boolean)
          .map((line) => line.slice(3))
          .filter((path) => !path.startsWith(`${APP_LAYOUT.migrations}/`));
        const registered = new Set(registrations.map((registration) => registration.file));
        expect(changed.filter((path) => !registered.has(path))).toEqual([]);
        for (const path of changed) {
          const own = registrations.filter((registration) => registration.file === path);
          // Formatted as the generators write: taking an element out may leave a line break or a comma behind.
          const without = async (text: string) =>
            format(own.reduce(unregister, text), {
              ...(await resolveConfig(join(scratch.root, path))),
              filepath: join(scratch.root, path),
            });
          expect(await without(scratch.read(path))).toBe(await without(scratch.committed(path)));
          expect(await without(scratch.read(path))).not.toBe(scratch.read(path));
        }
      } finally {
        scratch.resetTo(before);
      }
    },
    4 * MINUTE,
  );

  describe('--dry-run', () => {
    it.each([
      [
        'resolver',
        ['--name', '{Feature}', '--style', 'code-first'],
        'create src/{features}/{features}.resolver.ts',
      ],
      [
        'resolver',
        ['--name', '{Feature}', '--style', 'schema-first'],
        'create src/{features}/{features}.graphql',
      ],
      ['paginated', ['--type', '{Type}'], 'create src/{types}/models/paginated-{type}.model.ts'],
      [
        'resource',
        ['--name', '{Feature}', '--api', 'both'],
        'create src/{features}/{features}.controller.ts',
      ],
      [
        'controller',
        ['--name', '{kebab-feature}'],
        'create src/{kebab-features}/{kebab-features}.controller.ts',
      ],
    ])(
      'should list what `%s %s` would write, and write nothing',
      async (generator, args, line) => {
        const result = await scratch.plop(generator, [...args.map(fill), '--dry-run']);

        expect(result.exitCode).toBe(0);
        expect(result.all).toContain(fill(line));
        expect(scratch.status()).toBe('');
      },
      MINUTE,
    );

    it(
      'should list what the controller generator would write, and write nothing',
      async () => {
        const result = await scratch.plop('controller', ['--name', fill('{features}'), '--dry-run']);

        expect(result.exitCode).toBe(0);
        expect(result.all).toContain(fill('create src/{features}/{features}.controller.ts'));
        expect(result.all).toContain('update src/app.module.ts');
        expect(result.all).toContain(`drizzle/<next>_create_${namesOf(names.Feature).snakeNames}.sql`);
        expect(scratch.status()).toBe('');
      },
      MINUTE,
    );

    it(
      'should list what the interceptor generator would write, and write nothing',
      async () => {
        const result = await scratch.plop('interceptor', [
          '--name',
          names.Interceptor,
          '--kind',
          'logging',
          '--global',
          '--dry-run',
        ]);

        expect(result.exitCode).toBe(0);
        expect(result.all).toContain(fill('create src/common/interceptors/{interceptor}.interceptor.ts'));
        expect(result.all).toContain('update src/app.module.ts');
        expect(scratch.status()).toBe('');
      },
      MINUTE,
    );
  });
});

/** The features that reference `name`, directly or not, each before the ones it references: an order to destroy. */
function dependentsOf(manifest: Manifest, name: string): string[] {
  const order: string[] = [];
  const visit = (target: string) => {
    for (const [other, entry] of Object.entries(manifest.features)) {
      if (!entry.references.includes(target) || order.includes(other)) continue;
      visit(other);
      order.push(other);
    }
  };
  visit(name);
  return order;
}
