import { execFileSync } from 'node:child_process';
import { PROJECT_ROOT } from '../project-root';
import { bundleModules } from './package-bundles';

/** What a process that turned the hooks on sees once Nest and the two packages are loaded. */
const CHILD = `
const { usePackageBundles } = require('./src/common/startup/package-bundles.ts');
const hooked = usePackageBundles();
const { ValidationPipe } = require('@nestjs/common');
const { IsInt, validateSync } = require('class-validator');
const { lastValueFrom, of } = require('rxjs');
const { map } = require('rxjs/operators');
class Body { constructor(n) { this.n = n; } }
IsInt()(Body.prototype, 'n');
Promise.all([import('rxjs'), lastValueFrom(of(1).pipe(map((n) => n + 1)))]).then(([esm, two]) => {
  const loaded = Object.keys(require.cache);
  console.log(JSON.stringify({
    hooked,
    pipe: typeof ValidationPipe,
    errors: validateSync(new Body('x')).map((error) => Object.keys(error.constraints)),
    two,
    esmMap: typeof esm.map,
    rxjsModules: loaded.filter((file) => file.includes('/rxjs/dist/cjs/')).length,
    validatorModules: loaded.filter((file) => /\\/(class-)?validator\\/(cjs|dist)\\//.test(file)).length,
  }));
});
`;

describe(bundleModules.name, () => {
  it('should stand one module in for rxjs and rxjs/operators, and one for class-validator', () => {
    const modules = bundleModules();

    expect([...modules.keys()]).toEqual(['rxjs', 'rxjs/operators', 'class-validator']);
    expect(modules.get('rxjs')).toBe(modules.get('rxjs/operators'));
    expect(modules.get('rxjs')!.url).toMatch(/\/rxjs\/dist\/bundles\/rxjs\.umd\.min\.js\.mjs$/);
    expect(modules.get('rxjs')!.source).toMatch(/export const \{ [^}]*\bswitchMap\b[^}]*\} = bundle;/);
  });

  it('should leave out a package whose bundle cannot be found', () => {
    const modules = bundleModules(() => {
      throw new Error('not installed');
    });

    expect(modules.size).toBe(0);
  });

  it('should serve Nest, rxjs and class-validator from the bundles, by require and import alike', () => {
    const output = execFileSync(process.execPath, ['-r', './scripts/register-swc.cjs', '-e', CHILD], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const seen = JSON.parse(output) as Record<string, unknown>;

    expect(seen).toEqual({
      hooked: true,
      pipe: 'function',
      errors: [['isInt']],
      two: 2,
      esmMap: 'function',
      rxjsModules: 0,
      validatorModules: 0,
    });
  });
});
