import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { FileChanges } from '../utils/file-changes';
import { addToModule } from '../utils/wiring';
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

  it('should register a global interceptor once, however often it runs', () => {
    const appModule = readFileSync(join(ROOT, 'src/app.module.ts'), 'utf8');
    const register = (text: string) =>
      addToModule(
        'src/app.module.ts',
        text,
        'providers',
        '{ provide: APP_INTERCEPTOR, useClass: AuditInterceptor }',
        [
          { name: 'APP_INTERCEPTOR', from: '@nestjs/core' },
          { name: 'AuditInterceptor', from: './common/interceptors/audit.interceptor' },
        ],
      );

    const once = register(appModule);
    const twice = register(once);

    expect(twice).toBe(once);
    expect(once.match(/useClass: AuditInterceptor/g)).toHaveLength(1);
    expect(once).toContain("import { AuditInterceptor } from './common/interceptors/audit.interceptor';");
  });
});
