// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'tmp/', 'data/', 'node_modules/', 'coverage/', 'templates/', 'bench/results.json'] },
  // Generated files are checked against their generator instead (src/graphql/schema-first/typings.spec.ts).
  { ignores: ['src/**/*.generated.ts'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        module: 'writable',
        require: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Entry points stay thin: the database is reached through a service and its repository.
    files: ['**/*.controller.ts', '**/*.resolver.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'Query the database in a repository.',
            },
            {
              group: ['**/database/*', '**/*.table'],
              message: 'Controllers and resolvers call services, not the database.',
            },
          ],
        },
      ],
    },
  },
  // Lower layers know nothing above them: common/ may use only config/, database/ config/ and common/; neither
  // imports auth/, graphql/ or a feature (those depend on them, not the other way round). One block per depth,
  // since the rule sees import paths, not the folders they resolve to.
  ...[
    ['src/common/*.ts', '^\\.\\./(?!config/)'],
    ['src/common/*/**/*.ts', '^\\.\\./\\.\\./(?!config/)'],
    ['src/database/**/*.ts', '^\\.\\./(?!config/|common/)'],
  ].map(([files, regex]) => ({
    files: [files],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex, message: 'A lower layer (common/, database/) imports no feature, auth/ or graphql/.' },
          ],
        },
      ],
    },
  })),
  {
    // CommonJS entry points (Jest config, the plopfile shim, the SWC require hook) load with require().
    files: ['**/*.cjs', 'plopfile.js', 'jest.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
