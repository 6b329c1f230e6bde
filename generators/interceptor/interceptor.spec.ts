import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { FileChanges } from '../utils/file-changes';
import { APP_LAYOUT } from '../app-layout';
import { createFixtureProject, removeFixtureProject } from '../testing/fixture-project';
import { register, unregister } from '../utils/wiring';
import { buildInterceptor } from './actions';
import { INTERCEPTOR_KINDS, interceptorBaseName, normalizeInterceptorOptions } from './normalize';

const ROOT = join(__dirname, '..', '..');
const render = (template: string, data: Record<string, unknown>) => Handlebars.compile(template)(data);

// The app's own interceptors, as the templates must reproduce them: templates mirror the app.
const APP_CLASSES: Record<(typeof INTERCEPTOR_KINDS)[number], string> = {
  logging: 'Logging',
  transform: 'Transform',
  'exclude-null': 'ExcludeNull',
  errors: 'Errors',
  cache: 'FixedCache',
  timeout: 'Timeout',
};

describe('interceptor generator', () => {
  it.each(INTERCEPTOR_KINDS)(
    'should reproduce the app’s %s interceptor and its spec exactly',
    async (kind) => {
      // Rendered against an empty root, where nothing exists yet; nothing is written.
      const changes = new FileChanges(join(ROOT, 'tmp', 'nowhere'));
      const options = normalizeInterceptorOptions({ name: APP_CLASSES[kind], kind });

      buildInterceptor(render, changes, options);
      await changes.format();

      for (const file of [
        `${options.kebabName}.interceptor.ts`,
        `${options.kebabName}.interceptor.spec.ts`,
      ]) {
        const path = `src/common/interceptors/${file}`;
        expect(changes.read(path)).toBe(readFileSync(join(ROOT, path), 'utf8'));
      }
    },
  );

  it('should find no name in "Interceptor" alone, for the prompt to refuse', () => {
    expect(interceptorBaseName('Interceptor')).toBe('');
  });

  it('should name the class and file from any spelling of the name', () => {
    expect(normalizeInterceptorOptions({ name: 'AuditInterceptor', kind: 'errors' })).toMatchObject({
      Name: 'Audit',
      kebabName: 'audit',
    });
    for (const name of ['requestTiming', 'request-timing', 'request_timing', 'request-timing-interceptor']) {
      expect(normalizeInterceptorOptions({ name, kind: 'logging' })).toMatchObject({
        Name: 'RequestTiming',
        kebabName: 'request-timing',
      });
    }
  });

  it('should refuse a global cache interceptor, which would answer [] in place of every handler', () => {
    expect(() => normalizeInterceptorOptions({ name: 'Quick', kind: 'cache', global: true })).toThrow(
      /a cache interceptor answers \[\] without running the handler/,
    );
    expect(normalizeInterceptorOptions({ name: 'Quick', kind: 'cache' })).toMatchObject({ global: false });
    expect(normalizeInterceptorOptions({ name: 'Quick', kind: 'timeout', global: true })).toMatchObject({
      global: true,
    });
  });

  describe("in a project (the specs' own fixture project)", () => {
    let root: string;
    beforeAll(() => (root = createFixtureProject()));
    afterAll(() => removeFixtureProject(root));
    const rootModule = () => readFileSync(join(root, APP_LAYOUT.rootModule.file), 'utf8');

    it('should register a global interceptor once, however often it runs', () => {
      const [registration] = globalAudit(root).registrations;

      const once = register(rootModule(), registration);
      const twice = register(once, registration);

      expect(twice).toBe(once);
      expect(once.match(/useClass: AuditInterceptor/g)).toHaveLength(1);
      expect(once).toContain("import { AuditInterceptor } from './common/interceptors/audit.interceptor';");
    });

    it('should describe what it made for the manifest, so that destroy can take the registration out again', () => {
      const changes = new FileChanges(root);
      const description = buildInterceptor(
        render,
        changes,
        normalizeInterceptorOptions({ name: 'Audit', kind: 'logging', global: true }),
      );

      expect(description).toMatchObject({
        name: 'AuditInterceptor',
        generator: 'interceptor',
        options: { kind: 'logging', global: true },
      });
      expect(changes.read(APP_LAYOUT.rootModule.file)).toContain(
        '{ provide: APP_INTERCEPTOR, useClass: AuditInterceptor }',
      );
      expect(unregister(changes.read(APP_LAYOUT.rootModule.file), description.registrations[0])).toBe(
        rootModule(),
      );
    });

    it('should register nothing without --global', () => {
      const changes = new FileChanges(root);

      const description = buildInterceptor(
        render,
        changes,
        normalizeInterceptorOptions({ name: 'Audit', kind: 'errors' }),
      );

      expect(description.registrations).toEqual([]);
      expect(changes.changed).toEqual([]);
    });
  });
});

/** The description of a global `Audit` logging interceptor, planned in memory against `root`. */
function globalAudit(root: string) {
  return buildInterceptor(
    render,
    new FileChanges(root),
    normalizeInterceptorOptions({ name: 'Audit', kind: 'logging', global: true }),
  );
}
