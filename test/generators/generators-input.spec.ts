import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../utils/paths';
import { ScratchProject } from './scratch-project';

const MINUTE = 60_000;

/**
 * Drives the real CLI (`npx plop <generator> -- …`) in a scratch copy of the project: what it refuses, its help
 * and its previews (nothing may change). Beside generators.spec.ts (the generated features), so that the two
 * halves of the generator suite run on both of Jest's workers at once.
 */
describe('generators: input, help and previews', () => {
  let scratch: ScratchProject;

  beforeAll(() => {
    scratch = ScratchProject.create();
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
      ['an existing feature', 'controller', ['--name', 'cats'], /src\/cats already exists/],
      ['a name without a distinct plural', 'controller', ['--name', 'sheep'], /no distinct plural/],
      ['an unknown flag', 'controller', ['--name', 'things', '--force'], /Unknown option '--force'/],
      [
        'an unknown interceptor kind',
        'interceptor',
        ['--name', 'Audit', '--kind', 'magic'],
        /--kind must be one of/,
      ],
      ['an interceptor without a kind', 'interceptor', ['--name', 'Audit'], /--kind is required/],
      [
        'an existing interceptor',
        'interceptor',
        ['--name', 'Logging', '--kind', 'logging'],
        /already exists/,
      ],
      [
        'a global cache interceptor, which would answer [] on every route',
        'interceptor',
        ['--name', 'Quick', '--kind', 'cache', '--global'],
        /a cache interceptor answers \[\] without running the handler/,
      ],
      [
        'a reserved interceptor name',
        'interceptor',
        ['--name', 'delete', '--kind', 'errors'],
        /reserved word/,
      ],
      ['a resource without an API', 'resource', ['--name', 'Tag'], /--api is required/],
      ['an unknown API', 'resource', ['--name', 'Tag', '--api', 'soap'], /--api must be one of/],
      [
        'a field of an unknown type',
        'resource',
        ['--name', 'Tag', '--api', 'rest', '--fields', 'title:strin'],
        /field "title": unknown type "strin"; allowed: string\{N\}/,
      ],
      [
        'a field declared twice',
        'resolver',
        ['--name', 'Tag', '--fields', 'title:text title:text'],
        /title is declared twice/,
      ],
      [
        'a reserved field name',
        'controller',
        ['--name', 'tags', '--fields', 'id:int'],
        /field "id": id is reserved/,
      ],
      [
        'a default of the wrong type',
        'controller',
        ['--name', 'tags', '--fields', 'inStock:boolean=yes'],
        /the default "yes" is not true or false/,
      ],
      [
        'an unknown resolver style',
        'resolver',
        ['--name', 'Tag', '--style', 'sdl'],
        /--style must be one of/,
      ],
      [
        'an existing GraphQL feature',
        'resolver',
        ['--name', 'Author', '--style', 'code-first'],
        /src\/authors already exists/,
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
        ['--name', 'Ticket', '--fields', 'filter:enum{A,B}'],
        /would declare TicketFilter.*rename the feature, or the field whose type it is/,
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
        ['--type', 'Author'],
        /PaginatedAuthor already exists/,
      ],
      ['a type name that is a path', 'paginated', ['--type', '../Author'], /not a path/],
      // The app's own features are hand-written: the committed manifest lists none.
      [
        'a feature that was not generated',
        'destroy',
        ['--name', 'Author'],
        /Author is not a generated feature \(never generated, or destroyed already\)/,
      ],
      ['a destroy without a name', 'destroy', [], /--name is required/],
    ];

    it.each(refusals)(
      'should refuse %s with a non-zero exit, a message, and no file touched',
      async (_case, generator, args, message) => {
        const result = await scratch.plop(generator, args);

        expect(result.exitCode).not.toBe(0);
        expect(result.all).toMatch(message);
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

        const result = await scratch.plop('controller', ['--name', 'widgets']);

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
          expect((await scratch.plop('controller', ['--name', 'gadgets'])).exitCode).toBe(0);
          await scratch.run('git', ['checkout', '--', 'src/app.module.ts', 'generators.manifest.json']);
          for (const path of ['src/gadgets', 'test/gadgets.e2e-spec.ts', 'test/fixtures/gadgets.ts']) {
            rmSync(join(scratch.root, path), { recursive: true });
          }
          scratch.commitAll('gadgets removed by hand, migration kept');

          const result = await scratch.plop('controller', ['--name', 'gadgets']);

          expect(result.exitCode).not.toBe(0);
          expect(result.all).toContain('Gadget: the database has a table or type named gadgets already');
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

  // The app ships the output of README's example command, recorded in the manifest; a project that has destroyed
  // the sample has nothing to compare.
  const reference = (
    JSON.parse(readFileSync(join(ROOT, 'generators.manifest.json'), 'utf8')) as {
      features: Record<string, { options: { api: string; fields: string } } | undefined>;
    }
  ).features.Book;

  (reference ? it : it.skip)(
    'should regenerate the reference feature (Book) byte for byte from its recorded command',
    async () => {
      const { api, fields } = reference!.options;
      const before = scratch.head();

      const destroyed = await scratch.plop('destroy', ['--name', 'Book']);
      expect(destroyed.exitCode).toBe(0);
      const generated = await scratch.plop('resource', ['--name', 'Book', '--api', api, '--fields', fields]);
      expect(generated.exitCode).toBe(0);

      // Only the migrations differ: a drop and a new create. Every file of the feature, its registration, the
      // schema and the manifest are as committed.
      const changed = scratch
        .status()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.slice(3));
      expect(changed.filter((path) => !path.startsWith('drizzle/'))).toEqual([]);
      scratch.resetTo(before);
    },
    2 * MINUTE,
  );

  describe('--dry-run', () => {
    it.each([
      ['resolver', ['--name', 'Widget', '--style', 'code-first'], 'create src/widgets/widgets.resolver.ts'],
      ['resolver', ['--name', 'Widget', '--style', 'schema-first'], 'create src/widgets/widgets.graphql'],
      ['paginated', ['--type', 'Warrior'], 'create src/warriors/models/paginated-warrior.model.ts'],
      ['resource', ['--name', 'Widget', '--api', 'both'], 'create src/widgets/widgets.controller.ts'],
      ['controller', ['--name', 'book-review'], 'create src/book-reviews/book-reviews.controller.ts'],
    ])(
      'should list what `%s %s` would write, and write nothing',
      async (generator, args, line) => {
        const result = await scratch.plop(generator, [...args, '--dry-run']);

        expect(result.exitCode).toBe(0);
        expect(result.all).toContain(line);
        expect(scratch.status()).toBe('');
      },
      MINUTE,
    );

    it(
      'should list what the controller generator would write, and write nothing',
      async () => {
        const result = await scratch.plop('controller', ['--name', 'widgets', '--dry-run']);

        expect(result.exitCode).toBe(0);
        expect(result.all).toContain('create src/widgets/widgets.controller.ts');
        expect(result.all).toContain('update src/app.module.ts');
        expect(result.all).toContain('drizzle/<next>_create_widgets.sql');
        expect(scratch.status()).toBe('');
      },
      MINUTE,
    );

    it(
      'should list what the interceptor generator would write, and write nothing',
      async () => {
        const result = await scratch.plop('interceptor', [
          '--name',
          'Audit',
          '--kind',
          'logging',
          '--global',
          '--dry-run',
        ]);

        expect(result.exitCode).toBe(0);
        expect(result.all).toContain('create src/common/interceptors/audit.interceptor.ts');
        expect(result.all).toContain('update src/app.module.ts');
        expect(scratch.status()).toBe('');
      },
      MINUTE,
    );
  });
});
