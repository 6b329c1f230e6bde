// `npx plop` loads this file. Node 20 cannot load TypeScript by itself, so tsx compiles plopfile.ts
// (and the generators it imports) on the fly; on Node 22+ this works the same.
// ts-morph and prettier are loaded first, as plain JavaScript: behind tsx's hook, loading TypeScript's
// compiler (which ts-morph carries) would cost about half a second more.
require('ts-morph');
require('prettier');
require('tsx/cjs/api').register();
module.exports = require('./plopfile.ts').default;
