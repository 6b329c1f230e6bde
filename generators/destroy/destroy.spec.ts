import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import { FileChanges } from '../utils/file-changes';
import { type Manifest, MANIFEST, readManifest, serializeManifest, sha256 } from '../utils/manifest';
import { type Registration, register } from '../utils/wiring';
import { buildDestroy, destroyProblem, touchedEndpoints } from './actions';
import { featureKeyOf, normalizeDestroyOptions } from './normalize';

const ENDPOINT = APP_LAYOUT.endpoints['code-first'];
const FILES = {
  'src/gizmos/gizmos.module.ts': 'export class GizmosModule {}\n',
  'src/gizmos/models/gizmo.model.ts': 'export class Gizmo {}\n',
  'test/gizmos.e2e-spec.ts': 'it.todo("gizmos");\n',
};
const FEATURES_BEFORE = `import { AuthorsModule } from '../../authors/authors.module';

export const CODE_FIRST_FEATURES = [AuthorsModule];
`;
const FEATURES_AFTER = `import { AuthorsModule } from '../../authors/authors.module';
import { GizmosModule } from '../../gizmos/gizmos.module';

export const CODE_FIRST_FEATURES = [AuthorsModule, GizmosModule];
`;

function manifestWith(references: Record<string, string[]> = {}): Manifest {
  const entry = (table: string, files: Record<string, string>) => ({
    generator: 'resolver' as const,
    options: { style: 'code-first' },
    table,
    files,
    registrations: [],
    references: references[table] ?? [],
  });
  return {
    features: {
      Gizmo: {
        ...entry('gizmos', {}),
        files: Object.fromEntries(Object.entries(FILES).map(([path, text]) => [path, sha256(text)])),
        registrations: [
          {
            file: ENDPOINT.file,
            list: ENDPOINT.features,
            element: 'GizmosModule',
            import: { name: 'GizmosModule', from: '../../gizmos/gizmos.module' },
          },
        ],
      },
      Widget: entry('widgets', {}),
    },
  };
}

describe('destroy generator', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const plan = (manifest: Manifest, force = false) => {
    write(MANIFEST, serializeManifest(manifest));
    const changes = new FileChanges(root);
    buildDestroy(changes, manifest, normalizeDestroyOptions({ name: 'gizmos', force }));
    return changes;
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'destroy-'));
    for (const [path, text] of Object.entries(FILES)) write(path, text);
    write('test/other.e2e-spec.ts', '');
    write(ENDPOINT.file, FEATURES_AFTER);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('should plan the deletion of every generated file, the registration and the manifest entry', () => {
    const changes = plan(manifestWith());

    expect(changes.deleted.sort()).toEqual(Object.keys(FILES).sort());
    expect(changes.read(ENDPOINT.file)).toBe(FEATURES_BEFORE);
    expect(Object.keys(readManifest(changes).features)).toEqual(['Widget']);
    expect(changes.summary()).toContain('then   drizzle/<next>_drop_gizmos.sql (drizzle-kit generate)');
    expect(changes.summary()).toContain(`then   ${ENDPOINT.artefact} (npm run graphql:schema)`);
  });

  it('should refuse a name the manifest does not list, naming those it does', () => {
    expect(destroyProblem(manifestWith(), 'Author')).toBe(
      `Author is not a generated feature (never generated, or destroyed already): ${MANIFEST} has no entry for it (generated features: Gizmo, Widget); nothing was removed`,
    );
    expect(destroyProblem({ features: {} }, '../gizmos')).toMatch(
      /^\.\.\/gizmos is not a generated feature .*lists none yet/,
    );
  });

  it('should refuse a feature that another one references, naming it', () => {
    expect(() => plan(manifestWith({ widgets: ['Gizmo'] }))).toThrow(
      'Gizmo is referenced by Widget: destroy that first; nothing was removed',
    );
  });

  it('should refuse edited or missing files unless forced, naming them', () => {
    write('src/gizmos/gizmos.module.ts', 'export class GizmosModule { edited = true; }\n');
    rmSync(join(root, 'test/gizmos.e2e-spec.ts'));

    expect(() => plan(manifestWith())).toThrow(
      /src\/gizmos\/gizmos\.module\.ts \(edited\)\n {2}test\/gizmos\.e2e-spec\.ts \(missing\)\nRun again with --force/,
    );
    expect(plan(manifestWith(), true).deleted.sort()).toEqual([
      'src/gizmos/gizmos.module.ts',
      'src/gizmos/models/gizmo.model.ts',
    ]);
  });

  it.each([
    ['an import', "import { GizmosModule } from '../gizmos/gizmos.module';\n", 'src/gizmos/gizmos.module.ts'],
    ['a re-export', "export * from '../gizmos/models/gizmo.model';\n", 'src/gizmos/models/gizmo.model.ts'],
  ])('should refuse while a file that stays has %s of one that goes, naming both', (_case, text, target) => {
    write(
      'src/authors/authors.module.ts',
      `// gizmos are not imported in this comment: from '../gizmos/x'\n${text}`,
    );

    expect(() => plan(manifestWith())).toThrow(
      `Gizmo: src/authors/authors.module.ts imports ${target}, which destroy would delete: ` +
        'take that import out first; nothing was removed',
    );
  });

  it('should not mistake a mention of the feature for an import of it', () => {
    write('src/authors/authors.service.ts', "// from '../gizmos/gizmos.module'\nconst url = '/gizmos';\n");

    expect(() => plan(manifestWith())).not.toThrow();
  });

  it('should regenerate only the endpoints the feature was registered on', () => {
    const { Gizmo, Widget } = manifestWith().features;

    expect(touchedEndpoints(Gizmo)).toEqual(['code-first']);
    expect(touchedEndpoints(Widget)).toEqual([]);
  });

  it.each([
    ['Gizmo', 'Gizmo'],
    ['gizmos', 'Gizmo'],
    ['BookReview', 'BookReview'],
    ['book-reviews', 'BookReview'],
    ['book_review', 'BookReview'],
    ['../gizmos', undefined],
  ])('should find the manifest key of %s', (raw, key) => {
    expect(featureKeyOf(raw)).toBe(key);
  });
});

describe('destroy generator, for an interceptor and a page type', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const ROOT_MODULE = APP_LAYOUT.rootModule.file;
  const INTERCEPTOR_FILES = {
    'src/common/interceptors/audit.interceptor.ts': 'export class AuditInterceptor {}\n',
    'src/common/interceptors/audit.interceptor.spec.ts': 'it.todo("audit");\n',
  };
  const PAGE_FILES = {
    'src/warriors/models/paginated-warrior.model.ts': 'export class PaginatedWarrior {}\n',
    'src/warriors/models/paginated-warrior.model.spec.ts': 'it.todo("page");\n',
  };
  const GLOBAL: Registration = {
    file: ROOT_MODULE,
    list: 'providers',
    element: '{ provide: APP_INTERCEPTOR, useClass: AuditInterceptor }',
    import: { name: 'AuditInterceptor', from: './common/interceptors/audit.interceptor' },
    uses: [{ name: 'APP_INTERCEPTOR', from: '@nestjs/core' }],
  };
  const hashes = (files: Record<string, string>) =>
    Object.fromEntries(Object.entries(files).map(([path, text]) => [path, sha256(text)]));
  const MANIFEST_WITH: Manifest = {
    features: {
      AuditInterceptor: {
        generator: 'interceptor',
        options: { kind: 'logging', global: true },
        files: hashes(INTERCEPTOR_FILES),
        registrations: [GLOBAL],
        references: [],
      },
      PaginatedWarrior: {
        generator: 'paginated',
        options: { type: 'Warrior' },
        files: hashes(PAGE_FILES),
        registrations: [],
        references: [],
      },
    },
  };
  const plan = (name: string) => {
    write(MANIFEST, serializeManifest(MANIFEST_WITH));
    const changes = new FileChanges(root);
    buildDestroy(changes, MANIFEST_WITH, normalizeDestroyOptions({ name }));
    return changes;
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'destroy-'));
    for (const [path, text] of Object.entries({ ...INTERCEPTOR_FILES, ...PAGE_FILES })) write(path, text);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    [
      'without',
      "import { Module } from '@nestjs/common';\n\n@Module({ providers: [] })\nexport class AppModule {}\n",
    ],
    [
      'with',
      "import { Module } from '@nestjs/common';\nimport { APP_INTERCEPTOR } from '@nestjs/core';\n\n" +
        '@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: LoggingInterceptor }] })\nexport class AppModule {}\n',
    ],
  ])(
    'should take a global interceptor out of the providers, as it was added, %s another APP_INTERCEPTOR',
    (_case, before) => {
      write(ROOT_MODULE, register(before, GLOBAL));

      const changes = plan('audit-interceptor');

      expect(changes.deleted.sort()).toEqual(Object.keys(INTERCEPTOR_FILES).sort());
      expect(changes.read(ROOT_MODULE)).toBe(before);
      expect(Object.keys(readManifest(changes).features)).toEqual(['PaginatedWarrior']);
      // No table, no schema: nothing to run after.
      expect(changes.summary()).not.toContain('then');
    },
  );

  it('should delete a page type and its spec, and nothing else', () => {
    const changes = plan('PaginatedWarrior');

    expect(changes.deleted.sort()).toEqual(Object.keys(PAGE_FILES).sort());
    expect(changes.changed).toEqual([MANIFEST]);
    expect(changes.summary()).not.toContain('then');
  });

  it('should refuse while a file that stays imports the page type, naming both', () => {
    write(
      'src/warriors/warriors.resolver.ts',
      "import { PaginatedWarrior } from './models/paginated-warrior.model';\n",
    );

    expect(() => plan('PaginatedWarrior')).toThrow(
      'PaginatedWarrior: src/warriors/warriors.resolver.ts imports src/warriors/models/paginated-warrior.model.ts',
    );
  });

  it('should refuse an edited interceptor unless forced, naming the file', () => {
    write('src/common/interceptors/audit.interceptor.ts', 'export class AuditInterceptor { edited = 1; }\n');
    write(ROOT_MODULE, register('@Module({ providers: [] })\nexport class AppModule {}\n', GLOBAL));

    expect(() => plan('AuditInterceptor')).toThrow(
      /AuditInterceptor: generated files changed since[^]*src\/common\/interceptors\/audit\.interceptor\.ts \(edited\)\nRun again with --force/,
    );
  });
});
