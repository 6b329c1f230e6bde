// `node -r ./scripts/register-swc.cjs generators/utils/load-then-run.cjs <script>`, started by startEarly
// (generate.ts) before a generator writes anything: loads the packages named in PRELOAD_PACKAGES (the seconds a
// regeneration script spends before it reads the tree), then holds the script back until the generator writes a
// line to stdin (the tree is written: the script runs, with its packages loaded) or closes it without one
// (nothing to regenerate after all: the process ends without running the script).
const { join, resolve } = require('node:path');

const script = process.argv[2];
// The app's compile cache first (Node >= 22), as the scripts themselves start with it.
require('../../src/common/startup/install-compile-cache.ts');
const requireFromProject = require('node:module').createRequire(join(process.cwd(), 'package.json'));
for (const name of (process.env.PRELOAD_PACKAGES ?? '').split(',').filter(Boolean)) requireFromProject(name);

// Either the line (then stdin is closed: no `end` follows) or the end of stdin without one.
process.stdin.once('data', () => {
  process.stdin.destroy();
  require(resolve(script));
});
process.stdin.once('end', () => process.exit(0));
