// `npx plop` loads this file. Node 20 cannot load TypeScript by itself: the project's one TypeScript runner
// (scripts/register-swc.cjs, SWC with the same settings as Jest) compiles plopfile.ts and the generators.
require('./scripts/register-swc.cjs');
module.exports = require('./plopfile.ts').default;
