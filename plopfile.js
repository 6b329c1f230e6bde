// `npx plop` loads this file. Node 20 cannot load TypeScript by itself: the project's one TypeScript runner
// (scripts/register-swc.cjs, SWC with the same settings as Jest) compiles plopfile.ts and the generators. Then
// Node's compile cache (Node >= 22, as the app's start uses it): a run after the first loads ts-morph and prettier
// from it. Node's own type stripping (Node >= 22.18) was measured slower here, and it reloads the app's CommonJS
// modules that the generators share as ES modules, with a warning.
require('./scripts/register-swc.cjs');
require('./src/common/startup/install-compile-cache.ts');
module.exports = require('./plopfile.ts').default;
