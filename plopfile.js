// `npx plop` loads this file. Node 20 cannot load TypeScript by itself, so tsx compiles plopfile.ts
// (and the generators it imports) on the fly; on Node 22+ this works the same.
require('tsx/cjs/api').register();
module.exports = require('./plopfile.ts').default;
