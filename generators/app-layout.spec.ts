import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_LAYOUT } from './app-layout';

const ROOT = join(__dirname, '..');
const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** The template folder of each endpoint's API module. */
const API_MODULE_TEMPLATES: Record<string, string> = {
  'code-first': 'templates/resource/src/__kebabNames__',
  'schema-first': 'templates/resource-schema-first/src/__kebabNames__',
};

describe('APP_LAYOUT', () => {
  it('should name the root module as the app declares it', () => {
    expect(source(APP_LAYOUT.rootModule.file)).toContain(`export class ${APP_LAYOUT.rootModule.className} `);
  });

  it.each(Object.entries(APP_LAYOUT.endpoints))(
    'should name the %s endpoint, its feature list, artefact and script as the app has them',
    (style, endpoint) => {
      const module = source(endpoint.file);
      expect(module).toContain(`export const ${endpoint.features} = [`);
      expect(module).toContain(`'${endpoint.path}'`);
      expect(existsSync(join(ROOT, endpoint.artefact))).toBe(true);
      expect(existsSync(join(ROOT, endpoint.regenerate.script))).toBe(true);
      for (const name of endpoint.regenerate.preload) {
        expect(require.resolve(name, { paths: [ROOT] })).toContain(name);
      }
      // The API module is where the templates write it, named as they name it (the generators register and
      // destroy it by this name); read from the templates, not from a feature of the app, which may have none.
      expect(
        source(`${API_MODULE_TEMPLATES[style]}/__kebabNames__${endpoint.apiModule.file}.ts.hbs`),
      ).toContain(`export class {{Names}}${endpoint.apiModule.className} `);
    },
  );

  it('should name the OpenAPI artefact, its script and its npm script as the app has them', () => {
    const { artefact, command, regenerate } = APP_LAYOUT.openapi;
    const scripts = (JSON.parse(source('package.json')) as { scripts: Record<string, string> }).scripts;

    expect(existsSync(join(ROOT, artefact))).toBe(true);
    expect(scripts[command.replace('npm run ', '')]).toContain(regenerate.script);
    for (const name of regenerate.preload) {
      expect(require.resolve(name, { paths: [ROOT] })).toContain(name);
    }
  });

  it('should point at folders and files that exist', () => {
    expect(existsSync(join(ROOT, `${APP_LAYOUT.paginatedType}.ts`))).toBe(true);
    expect(existsSync(join(ROOT, APP_LAYOUT.migrations, 'meta', '_journal.json'))).toBe(true);
    expect(existsSync(join(ROOT, APP_LAYOUT.interceptors, 'logging.interceptor.ts'))).toBe(true);
    expect(existsSync(join(ROOT, APP_LAYOUT.manifest))).toBe(true);
  });
});
