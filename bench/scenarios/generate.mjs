import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { QUICK } from '../lib/mode.mjs';
import { ROOT } from '../lib/paths.mjs';
import { run } from '../lib/process.mjs';
import { createScratchProject } from '../lib/scratch.mjs';

const BAR_MS = 3_000;
const NAME = 'Novel';
// The README's "done when" feature: every common type, a unique field, an enum, a reference to Author.
const FIELDS =
  'title:string{200} isbn:string{13}:unique publishedOn?:date price:decimal{10,2} inStock:boolean=true ' +
  'genre:enum{FICTION,NONFICTION,POETRY} author:references';

/** Runs a step in the scratch copy; a failing step stops the scenario with its output. */
async function step(scratch, label, command, args, env = {}) {
  const result = await run(command, args, {
    cwd: scratch.root,
    env: { ...process.env, FORCE_COLOR: '0', ...env },
    timeoutMs: 240_000,
    group: true,
  });
  if (result.code !== 0)
    throw new Error(`${label} failed (${result.code}):\n${result.output.slice(0, 6_000)}`);
  return result.ms;
}

/** `tsc --noEmit` from cold (no incremental build info), as on a fresh clone. */
function typeCheck(scratch, label) {
  rmSync(join(scratch.root, 'dist'), { recursive: true, force: true });
  return step(scratch, label, process.execPath, [
    join(scratch.root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '--noEmit',
  ]);
}

/** The generator suite's bar, and how long it may run before it is stopped and reported as a miss. */
const SUITE_BAR_MS = 180_000;
const SUITE_TIMEOUT_MS = 300_000;

/**
 * `jest --selectProjects generators` in this checkout: `{ ms, stopped }`. A busy machine can make it take far
 * longer than its bar; past SUITE_TIMEOUT_MS it is stopped, a missed bar rather than a scenario that could not run.
 * Left out in quick mode: it takes minutes, and `npm test` runs it anyway.
 */
async function generatorSuite() {
  if (QUICK) return undefined;
  const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
  const { code, output, ms } = await run(process.execPath, [jest, '--selectProjects', 'generators'], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0', NODE_OPTIONS: '--experimental-vm-modules' },
    timeoutMs: SUITE_TIMEOUT_MS,
    group: true,
  });
  if (ms >= SUITE_TIMEOUT_MS) return { ms, stopped: true };
  if (code !== 0)
    throw new Error(`jest --selectProjects generators failed (${code}):\n${output.slice(-6_000)}`);
  return { ms, stopped: false };
}

/** The generator suite's bar, when it ran. */
function suiteChecks(suite) {
  if (suite === undefined) return [];
  const seconds = Math.round(suite.ms / 1000);
  return [
    {
      bar: `generator suite < ${SUITE_BAR_MS / 60_000} min`,
      measured: suite.stopped ? `stopped after ${seconds} s` : `${seconds} s`,
      pass: !suite.stopped && suite.ms < SUITE_BAR_MS,
    },
  ];
}

/**
 * `npx plop resource -- --name Novel --api both --fields …` in a scratch copy of the project, then the whole loop
 * a developer runs: generate, type-check, run the generated tests; against `tsc --noEmit` of the unchanged copy.
 * Then the generator suite itself (`jest --selectProjects generators`), in this checkout, except in quick mode.
 */
export default {
  name: 'generate',
  async run() {
    const scratch = createScratchProject();
    try {
      const tsc = await typeCheck(scratch, 'tsc --noEmit (unchanged project)');
      const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
      const startUp = await step(scratch, 'npx plop --version', npx, ['plop', '--version']);
      const generate = await step(scratch, 'npx plop resource', npx, [
        'plop',
        'resource',
        '--',
        '--name',
        NAME,
        '--api',
        'both',
        '--fields',
        FIELDS,
      ]);
      const created = scratch.changedFiles();
      const tests = created.filter((file) => /\.(e2e-)?spec\.ts$/.test(file));
      if (tests.length === 0) throw new Error(`the generator created no test:\n${created.join('\n')}`);
      const check = await typeCheck(scratch, 'tsc --noEmit (with the feature)');
      const jest = await step(
        scratch,
        'jest (generated tests)',
        process.execPath,
        [join('node_modules', 'jest', 'bin', 'jest.js'), ...tests],
        {
          NODE_OPTIONS: '--experimental-vm-modules',
        },
      );
      const loop = generate + check + jest;
      const suite = await generatorSuite();
      const row = (target, ms, note) => ({ target, ms, baseline: 'tsc --noEmit', ratio: ms / tsc, note });
      return {
        created,
        rows: [
          { target: 'tsc --noEmit (unchanged)', ms: tsc },
          row('npx plop --version', startUp, 'diagnostic: npx and plop start-up alone'),
          row(
            `npx plop resource (${NAME}, 7 fields, both APIs)`,
            generate,
            `${created.length} files created or changed`,
          ),
          row(
            'generate + tsc + its tests',
            loop,
            `tsc ${Math.round(check)} ms, jest ${Math.round(jest)} ms (${tests.length} test files)`,
          ),
        ],
        checks: [
          {
            bar: 'one feature generated < 3 s',
            measured: `${Math.round(generate)} ms`,
            pass: generate < BAR_MS,
          },
          ...suiteChecks(suite),
        ],
      };
    } finally {
      scratch.remove();
    }
  },
};
