// Quick mode (`npm run bench -- --quick`, or BENCH_QUICK=1): every scenario runs whole, each step shortened to
// seconds, so CI can prove they all still run. Its figures are too short to report: results.json is left alone.
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** `full` in a real run, `quick` in quick mode. */
export const unlessQuick = (full, quick) => (QUICK ? quick : full);
