import { writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, totalmem } from 'node:os';

/** The middle of the values (the upper middle of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dash = (value, format = String) => (value === undefined || value === null ? '—' : format(value));
const number = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const percent = (ratio) => `${Math.round(ratio * 100)} %`;

function table(headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * One row per thing measured: `rps`/`p50`/`p99`/`errors` for a load, `ms` (median) for a duration;
 * `ratio` against `baseline` (a rate ratio for loads, a time ratio for durations).
 */
export function measurementsTable(results) {
  const rows = results.flatMap(({ name, rows }) =>
    rows.map((row) => [
      name,
      row.target,
      dash(row.rps, number),
      dash(row.p50, (v) => `${number(v)} ms`),
      dash(row.p99, (v) => `${number(v)} ms`),
      dash(row.errors, String),
      dash(row.ms, (v) => `${Math.round(v)} ms`),
      dash(row.baseline),
      dash(row.ratio, (v) => (row.ms !== undefined ? `${v.toFixed(1)}×` : percent(v))),
      row.note ?? '',
    ]),
  );
  return table(
    ['scenario', 'measured', 'req/s', 'p50', 'p99', 'errors', 'time', 'baseline', 'ratio', 'note'],
    rows,
  );
}

export function barsTable(results) {
  const rows = results.flatMap(({ name, checks = [] }) =>
    checks.map((check) => [name, check.bar, check.measured, check.pass ? 'pass' : 'MISS']),
  );
  return table(['scenario', 'bar', 'measured', 'result'], rows);
}

export function writeResults(file, results) {
  const machine = {
    node: process.version,
    platform: platform(),
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadavg: loadavg().map((v) => Math.round(v * 100) / 100),
  };
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, scenarios: results }, null, 2)}\n`,
  );
}

export { percent };
