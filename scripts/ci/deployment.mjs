// The container image's recipe, written once. The Dockerfile follows it in a container (its build stage runs
// `node scripts/ci/deployment.mjs assemble /deployment`), scripts/ci/production-install.mjs follows it outside one
// (there is no container engine in CI), and test/deployment.e2e-spec.ts fails when the Dockerfile says otherwise.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The build stage, in the project's root: install everything, compile. */
export const BUILD_COMMANDS = ['npm ci --no-audit --no-fund', 'npm run build'];

/** The build stage's last step: the folder the runtime stage copies (`COPY --from=build <folder> ./`). */
export const ASSEMBLE_FOLDER = '/deployment';
export const ASSEMBLE_COMMAND = `node scripts/ci/deployment.mjs assemble ${ASSEMBLE_FOLDER}`;

/**
 * What a deployment ships: the manifests, the build, the migrations (applied at start), the schema-first
 * schema (the `.graphql` files, read from src/ at start) and the data files read from src/ (the common passwords).
 */
export const SHIPPED = [
  'package.json',
  'package-lock.json',
  'dist',
  'drizzle',
  'src/**/*.graphql',
  'src/**/*.txt',
];

/**
 * The runtime stage, in the assembled folder: production dependencies only. `--omit=optional` too: TypeScript and
 * ts-morph are optional peers of @nestjs/graphql and @nestjs/swagger, so npm marks them `devOptional` (dev
 * dependencies here, optional for those packages) and drops them only when both kinds are omitted. The only other
 * optional production package is pg-cloudflare, which pg loads on Cloudflare Workers alone
 * (test/production-dependencies.e2e-spec.ts keeps that list).
 */
export const RUNTIME_INSTALL = 'npm ci --omit=dev --omit=optional --no-audit --no-fund';

/**
 * What the runtime install must not bring: compilers, bundlers, test and lint tools, the pinned Node of
 * development (production-install.mjs asks `npm ls` for each). The app runs the compiled JavaScript in dist/.
 */
export const DEVELOPMENT_TOOLS = [
  'typescript',
  'ts-morph',
  '@ts-morph/common',
  '@swc/core',
  '@swc/jest',
  'esbuild',
  'tsx',
  'ts-node',
  'drizzle-kit',
  'jest',
  'eslint',
  'prettier',
  'plop',
  'node',
];

/** The runtime stage's environment (DATA_DIR: PGlite's folder, when DATABASE_URL does not name a server). */
export const RUNTIME_ENV = { NODE_ENV: 'production', PORT: '3000', DATA_DIR: '/app/data' };

/** How the container starts. */
export const START_COMMAND = ['node', 'dist/main.js'];

/** The container's HEALTHCHECK: liveness, no database call (node:slim has no curl). Exit 0 when healthy. */
export const LIVENESS_PATH = '/health/live';
export const HEALTHCHECK_COMMAND = [
  'node',
  '-e',
  `fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '${LIVENESS_PATH}').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`,
];

/** The signal the container is stopped with: the app drains and exits 0 on it. */
export const STOP_SIGNAL = 'SIGTERM';

/** SHIPPED expanded in `root`: the paths to copy, relative to it. */
export function shippedPaths(root) {
  return SHIPPED.flatMap((entry) => {
    if (!entry.includes('*')) return [entry];
    const [base, pattern] = entry.split('/**/');
    const suffix = pattern.replace(/^\*/, '');
    return filesUnder(join(root, base))
      .filter((file) => file.endsWith(suffix))
      .map((file) => relative(root, file));
  });
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Copies what a deployment ships from `root` (a built checkout) into `target`, keeping the paths. */
export function assemble(root, target) {
  for (const path of shippedPaths(root)) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    cpSync(join(root, path), join(target, path), { recursive: true });
  }
}

// `node scripts/ci/deployment.mjs assemble <folder>`: the Dockerfile's build stage, from the project's root.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, target] = process.argv.slice(2);
  if (command !== 'assemble' || !target) {
    console.error('usage: node scripts/ci/deployment.mjs assemble <folder>');
    process.exit(2);
  }
  assemble(process.cwd(), resolve(target));
}
