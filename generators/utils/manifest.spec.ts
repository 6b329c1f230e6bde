import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileChanges } from './file-changes';
import { generate } from './generate';
import {
  type FeatureDescription,
  forgetFeature,
  type Manifest,
  MANIFEST,
  readManifest,
  recordFeature,
  serializeManifest,
  sha256,
} from './manifest';

const WIDGET: FeatureDescription = {
  name: 'Widget',
  generator: 'controller',
  options: { public: true },
  table: 'widgets',
  registrations: [
    {
      file: 'src/app.module.ts',
      list: 'imports',
      element: 'WidgetsModule',
      import: { name: 'WidgetsModule', from: './widgets/widgets.module' },
    },
  ],
  references: [],
};

describe('manifest', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'manifest-'));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('should record the feature with the hash of every file the run creates', () => {
    const sut = new FileChanges(root);
    sut.create('src/widgets/widgets.service.ts', 'export class WidgetsService {}\n');
    sut.create('test/widgets.e2e-spec.ts', 'it.todo("widgets");\n');

    recordFeature(sut, WIDGET);

    expect(readManifest(sut).features.Widget).toEqual({
      generator: 'controller',
      options: { public: true },
      table: 'widgets',
      files: {
        'src/widgets/widgets.service.ts': sha256('export class WidgetsService {}\n'),
        'test/widgets.e2e-spec.ts': sha256('it.todo("widgets");\n'),
      },
      registrations: WIDGET.registrations,
      references: [],
    });
    expect(sha256('x')).toBe('sha256-2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
  });

  it('should write the same text whatever order the entries and keys came in', () => {
    const entry = (options: Record<string, string>) => ({
      generator: 'resolver' as const,
      options,
      table: 't',
      files: {},
      registrations: [],
      references: [],
    });
    const one: Manifest = { features: { B: entry({ y: '1', x: '2' }), A: entry({}) } };
    const other: Manifest = { features: { A: entry({}), B: entry({ x: '2', y: '1' }) } };

    expect(serializeManifest(one)).toBe(serializeManifest(other));
    expect(Object.keys(JSON.parse(serializeManifest(one)).features)).toEqual(['A', 'B']);
  });

  it('should forget a feature, back to the empty manifest', () => {
    const sut = new FileChanges(root);
    recordFeature(sut, WIDGET);

    forgetFeature(sut, 'Widget');

    expect(sut.read(MANIFEST)).toBe(serializeManifest({ features: {} }));
  });

  it('should refuse a manifest that is not one', () => {
    writeFileSync(join(root, MANIFEST), '{"features": [');
    expect(() => readManifest(new FileChanges(root))).toThrow(/not valid JSON/);
    writeFileSync(join(root, MANIFEST), '{"things": {}}');
    expect(() => readManifest(new FileChanges(root))).toThrow(/"features" object/);
  });

  it('should be written by generate() with the hashes of the files as formatted and written', async () => {
    await generate(root, {}, (changes) => {
      changes.create('src/widgets/widgets.module.ts', 'export   class WidgetsModule {}');
      return WIDGET;
    });

    const written = readFileSync(join(root, 'src/widgets/widgets.module.ts'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(root, MANIFEST), 'utf8')) as Manifest;
    expect(written).toBe('export class WidgetsModule {}\n');
    expect(manifest.features.Widget.files).toEqual({ 'src/widgets/widgets.module.ts': sha256(written) });
  });

  it('should leave the manifest alone on a dry run, but list it', async () => {
    const summary = await generate(root, { dryRun: true }, (changes) => {
      changes.create('a.ts', 'export const a = 1;\n');
      return WIDGET;
    });

    expect(summary).toContain(`create ${MANIFEST}`);
    expect(() => readFileSync(join(root, MANIFEST))).toThrow();
  });

  it('should record what has no table and a registration that needs more than its own import', () => {
    const sut = new FileChanges(root);
    const registration = {
      file: 'src/app.module.ts',
      list: 'providers',
      element: '{ provide: APP_INTERCEPTOR, useClass: AuditInterceptor }',
      import: { name: 'AuditInterceptor', from: './common/interceptors/audit.interceptor' },
      uses: [{ name: 'APP_INTERCEPTOR', from: '@nestjs/core' }],
    };

    recordFeature(sut, {
      name: 'AuditInterceptor',
      generator: 'interceptor',
      options: { kind: 'logging', global: true },
      registrations: [registration],
      references: [],
    });

    const entry = readManifest(sut).features.AuditInterceptor;
    expect(entry).not.toHaveProperty('table');
    expect(entry.registrations).toEqual([registration]);
  });

  it('should refuse to record a name the manifest has, whichever generator made it, writing nothing', async () => {
    await generate(root, {}, () => WIDGET);
    const before = readFileSync(join(root, MANIFEST), 'utf8');

    await expect(
      generate(root, {}, (changes) => {
        changes.create('src/common/interceptors/widget.interceptor.ts', 'export class X {}\n');
        return { ...WIDGET, generator: 'interceptor', registrations: [] };
      }),
    ).rejects.toThrow(
      `${MANIFEST} records Widget already (made by the controller generator): destroy it first`,
    );
    expect(readFileSync(join(root, MANIFEST), 'utf8')).toBe(before);
  });
});
