import nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Packages that ship a single-file build of everything they export, and the specifiers the app's dependencies
 * load them by. Loaded as hundreds of small modules (rxjs ~500, class-validator with validator ~150), they take
 * about a fifth of a production start; their own bundles load in a few milliseconds and export the same names
 * (rxjs's bundle holds its operators too, and class-validator keeps its metadata on a global, shared by any copy).
 */
export const PACKAGE_BUNDLES: Record<string, { specifiers: readonly string[]; bundle: string }> = {
  rxjs: { specifiers: ['rxjs', 'rxjs/operators'], bundle: 'dist/bundles/rxjs.umd.min.js' },
  'class-validator': { specifiers: ['class-validator'], bundle: 'bundles/class-validator.umd.min.js' },
};

/** A bundle as the hooks serve it: the URL its specifiers resolve to, and that module's source. */
export interface BundleModule {
  url: string;
  source: string;
}

/**
 * The module a specifier loads instead: an ES module re-exporting the bundle's exports by name, which a UMD file
 * alone does not offer to an ES module importing it (Nest 12's packages are ES modules); `require` gets the same
 * names (Node's require of an ES module). Its URL sits beside the bundle; the hooks serve it, nothing is written.
 */
export function bundleModule(bundleFile: string): BundleModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle's names, once, at start
  const names = Object.keys(require(bundleFile) as object).filter(
    (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
  );
  const source = [
    "import { createRequire } from 'node:module';",
    `const bundle = createRequire(import.meta.url)(${JSON.stringify(bundleFile)});`,
    `export const { ${names.join(', ')} } = bundle;`,
    'export default bundle;',
  ].join('\n');
  return { url: pathToFileURL(`${bundleFile}.mjs`).href, source };
}

/** Specifier → the module standing in for it, for the packages that are installed and have their bundle. */
export function bundleModules(
  resolve: (request: string) => string = require.resolve,
): Map<string, BundleModule> {
  const modules = new Map<string, BundleModule>();
  for (const [name, { specifiers, bundle }] of Object.entries(PACKAGE_BUNDLES)) {
    let file: string;
    try {
      file = resolve(join(dirname(resolve(`${name}/package.json`)), bundle));
    } catch {
      continue; // not installed, or a version without that bundle: loaded as it is
    }
    const module = bundleModule(file);
    for (const specifier of specifiers) modules.set(specifier, module);
  }
  return modules;
}

/**
 * Sends every later `require` and `import` of those packages to their bundles. Does nothing on a Node without
 * `module.registerHooks` (22.12 to 22.14): the packages then load module by module, only slower. Returns whether
 * the hooks are on. Call it before anything loads them: the entry points import install-package-bundles first.
 */
export function usePackageBundles(): boolean {
  const { registerHooks } = nodeModule as { registerHooks?: typeof nodeModule.registerHooks };
  if (!registerHooks) return false;
  const modules = bundleModules();
  const sources = new Map([...modules.values()].map(({ url, source }) => [url, source]));
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const module = modules.get(specifier);
      return module
        ? { url: module.url, format: 'module', shortCircuit: true }
        : nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      const source = sources.get(url);
      return source === undefined ? nextLoad(url, context) : { format: 'module', source, shortCircuit: true };
    },
  });
  return true;
}
