import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './utils/paths';

// What the image's runtime install (RUNTIME_INSTALL, scripts/ci/deployment.mjs) keeps, read from package-lock.json
// with npm's own rule; scripts/ci/production-install.mjs performs that install in CI and asks `npm ls` the same.

interface LockEntry {
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const installed = Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/'));
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * npm's rule for `--omit=dev --omit=optional`: a package goes when it is only a dev dependency, only optional,
 * or both (devOptional: a dev dependency here that a production package names as an optional peer).
 */
const keptByRuntimeInstall = (entry: LockEntry) => !entry.dev && !entry.optional && !entry.devOptional;

/**
 * Optional production packages, which the runtime install leaves out: each must be one the app can do without.
 * pg-cloudflare: pg loads it on Cloudflare Workers only.
 */
const OPTIONAL_PRODUCTION_PACKAGES = ['pg-cloudflare'];

describe('the production install (the image’s runtime stage)', () => {
  let recipe: typeof import('../scripts/ci/deployment.mjs');

  beforeAll(async () => {
    recipe = await import('../scripts/ci/deployment.mjs');
  });

  it('should omit dev and optional dependencies both', () => {
    expect(recipe.RUNTIME_INSTALL.split(' ')).toEqual(
      expect.arrayContaining(['npm', 'ci', '--omit=dev', '--omit=optional']),
    );
  });

  it('should carry no TypeScript compiler, ts-morph or other development tool', () => {
    const kept = installed.filter(([, entry]) => keptByRuntimeInstall(entry)).map(([path]) => nameOf(path));

    expect(kept).toEqual(expect.arrayContaining(['@nestjs/core', 'pg', '@electric-sql/pglite']));
    expect(kept.filter((name) => recipe.DEVELOPMENT_TOOLS.includes(name))).toEqual([]);
  });

  it('should leave out only optional production packages that the app does without', () => {
    const optional = installed
      .filter(([, entry]) => entry.optional && !entry.dev)
      .map(([path]) => nameOf(path));

    // A new one here is dropped from the image: check that the app runs without it, then list it above.
    expect(optional.sort()).toEqual(OPTIONAL_PRODUCTION_PACKAGES);
  });
});
