// The project's one TypeScript runner for scripts and CLIs (`node -r ./scripts/register-swc.cjs file.ts`, and
// plopfile.js): SWC with the same settings as Jest (swc-options.cjs), so decorator metadata (which code-first
// GraphQL needs) is emitted. Only `.ts` files go through it; packages load as they are.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');
const { swcOptions } = require('./swc-options.cjs');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    ...swcOptions,
    filename,
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
