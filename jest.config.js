// Jest runs TypeScript through SWC (tsc stays the type checker), with the project's one set of SWC options
// (scripts/swc-options.cjs). NestJS 12 and a few of its dependencies ship ESM only: Jest's CommonJS sandbox
// cannot require them, so SWC transforms them too.
const { swcOptions } = require('./scripts/swc-options.cjs');

const swc = ['@swc/jest', swcOptions];

const shared = {
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@apollo|file-type|strtok3|token-types|load-esm|uid|@tokenizer|es-toolkit|graphql-ws)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testEnvironment: 'node',
};

/** @type {import('jest').Config} */
module.exports = {
  // A cold start (fresh clone: SWC transforms NestJS for the first time) on a loaded 2-core machine can take
  // several seconds per app; the default 5 s would fail hooks that are only slow, not wrong.
  // Top level on purpose: Jest reads testTimeout from the global config only, never from a project.
  testTimeout: 30_000,
  // Both cores: Jest's default on 2 CPUs is one worker, which leaves the second idle while a suite waits on I/O.
  maxWorkers: 2,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      rootDir: '.',
      // test/docs: checks of the documentation (its links), fast like a unit spec.
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/generators/**/*.spec.ts',
        '<rootDir>/test/docs/**/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'e2e',
      rootDir: '.',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/utils/global-setup.ts',
    },
    // Generates features into a scratch copy of the project, then type-checks, lints, tests and runs them.
    {
      ...shared,
      displayName: 'generators',
      rootDir: '.',
      testMatch: ['<rootDir>/test/generators/**/*.spec.ts'],
      // execa is ESM only: this suite imports it with a real `import()`, which Jest's VM modules load as ESM.
      transform: { '^.+\\.ts$': [swc[0], { ...swc[1], module: { type: 'commonjs', ignoreDynamic: true } }] },
    },
  ],
};
