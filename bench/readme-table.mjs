// `node bench/readme-table.mjs` prints the README's performance table (section Performance) made from
// bench/results.json, the last full `npm run bench`; `--write` puts it in the README in place of the one there, with
// the line above it that says where it was measured. Nothing else in the README changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH, ROOT } from './lib/paths.mjs';

const RESULTS = join(BENCH, 'results.json');
const README = join(ROOT, 'README.md');
const SECTION = '## Performance';
const CAPTION_START = 'Measured on ';
const LINE_WIDTH = 110; // the README's prose wraps here (.prettierrc.json's printWidth)

/** 12345.6 → "12 346", 8.74 → "8.7": thousands apart, a decimal only below 100. */
const figure = (value) =>
  value < 100
    ? String(Math.round(value * 10) / 10)
    : Math.round(value)
        .toString()
        .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** What a row measured, in words: its rate and latencies, or its time, then its note. */
function measured({ target, rps, unit = 'req/s', p50, p99, errors, ms, note }) {
  const parts = [];
  if (rps !== undefined) parts.push(`${figure(rps)} ${unit}`);
  if (p50 !== undefined) parts.push(`p50 ${figure(p50)} ms`);
  if (p99 !== undefined) parts.push(`p99 ${figure(p99)} ms`);
  if (errors) parts.push(`${errors} errors`);
  if (ms !== undefined) parts.push(`${figure(ms)} ms`);
  if (note) parts.push(note);
  return parts.length > 0 ? `${target}: ${parts.join(', ')}` : target;
}

/** A rate ratio as a percentage, a time ratio (rows with `ms`) as a multiple. */
function ratio(row) {
  if (row.ratio === undefined) return '—';
  return row.ms !== undefined || row.ratio >= 10
    ? `${row.ratio.toFixed(1)}×`
    : `${Math.round(row.ratio * 100)} %`;
}

// Table cells: a pipe inside one would split it.
const cell = (text) => String(text).replaceAll('|', '\\|');

function scenarioLines({ name, rows = [], checks = [], error }) {
  if (error) return [[name, `could not run: ${error.split('\n')[0]}`, '—', '—', 'runs', '**miss**']];
  return [
    ...rows.map((row) => [name, measured(row), row.baseline ?? '—', ratio(row), '—', '—']),
    ...checks.map((check) => [name, check.measured, '—', '—', check.bar, check.pass ? 'pass' : '**miss**']),
  ];
}

export function markdownTable({ scenarios }) {
  const header = ['scenario', 'measured', 'baseline (same run)', 'ratio', 'bar', 'result'];
  const lines = [header, header.map(() => '---'), ...scenarios.flatMap(scenarioLines)];
  return lines.map((line) => `| ${line.map(cell).join(' | ')} |`).join('\n');
}

/** Words into lines of at most LINE_WIDTH characters. */
const wrap = (text) =>
  text
    .split(' ')
    .reduce((lines, word) => {
      const last = lines.at(-1);
      if (last !== undefined && `${last} ${word}`.length <= LINE_WIDTH)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, [])
    .join('\n');

/** Where and when: the paragraph above the table. */
export function caption({ date, machine, scenarios }) {
  const boot = scenarios.find((scenario) => scenario.name === 'boot')?.nodes?.bar;
  return wrap(
    `${CAPTION_START}${machine.cpus} vCPUs (${machine.cpu}), Node ${machine.node}` +
      `${boot ? ` (boot's bar on Node ${boot}, where its rows say so)` : ''}, by one \`npm run bench\` of ` +
      `${date.slice(0, 10)}; load average ${machine.loadavg.join(' ')} (1, 5, 15 min) at its end, from other work ` +
      'on the machine. The request-rate scenarios run the app as deployed (`NODE_ENV=production`); boot is ' +
      'measured in both configurations. A bar is reported, never asserted: a miss is a row, not a failed run.',
  );
}

/** The README with the caption and the table of its Performance section replaced. */
function replaceTable(readme, results) {
  const lines = readme.split('\n');
  const section = lines.indexOf(SECTION);
  const tableStart = lines.findIndex((line, i) => i > section && line.startsWith('|'));
  if (section < 0 || tableStart < 0) throw new Error(`no table under "${SECTION}" in ${README}`);
  let tableEnd = tableStart;
  while (lines[tableEnd]?.startsWith('|')) tableEnd += 1;
  // The caption: the paragraph right above the table, when it is the one this script writes.
  let captionStart = tableStart - 1;
  while (captionStart > section && lines[captionStart - 1] !== '') captionStart -= 1;
  const hasCaption = lines[captionStart]?.startsWith(CAPTION_START);
  const from = hasCaption ? captionStart : tableStart;
  const replacement = [...(hasCaption ? [caption(results), ''] : []), markdownTable(results)];
  return [...lines.slice(0, from), ...replacement, ...lines.slice(tableEnd)].join('\n');
}

const results = JSON.parse(readFileSync(RESULTS, 'utf8'));
if (process.argv.includes('--write')) {
  writeFileSync(README, replaceTable(readFileSync(README, 'utf8'), results));
  console.error(
    `README.md: table replaced from ${RESULTS}; format it with \`npx prettier --write README.md\``,
  );
} else {
  console.log(`${caption(results)}\n\n${markdownTable(results)}`);
}
