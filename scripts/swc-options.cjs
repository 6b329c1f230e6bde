// The one set of SWC options for the project's TypeScript outside tsc: Jest (jest.config.js), the script runner
// (register-swc.cjs) and the development build (build.mjs). Decorator metadata is on: Nest's injection and
// code-first GraphQL read it. tsc stays the type checker (`npm run typecheck`).
/** @type {import('@swc/core').Options} */
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = { swcOptions };
