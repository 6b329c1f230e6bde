import type { NodePlopAPI } from 'plop';

/**
 * Why `npx plop` cannot show its menu, or undefined when it can: with no generator named and no terminal to pick
 * one at (a script, CI, `</dev/null`), the menu would draw and exit 0 having done nothing. The answer is the
 * usage, with every generator and what it makes.
 */
export function menuProblem(
  plop: NodePlopAPI,
  argv: readonly string[] = process.argv,
  isTerminal = process.stdin.isTTY === true,
): string | undefined {
  const dashes = argv.indexOf('--');
  // Anything before `--` (a generator's name, plop's own --help or --version) is plop's to handle.
  const plopArgs = argv.slice(2, dashes === -1 ? undefined : dashes);
  if (isTerminal || plopArgs.length > 0) return undefined;
  const generators = plop.getGeneratorList();
  const width = Math.max(...generators.map(({ name }) => name.length));
  return [
    'no generator named, and no terminal to choose one at',
    `usage: npx plop <${generators.map(({ name }) => name).join('|')}> -- [flags]   (-- --help lists a generator's flags)`,
    ...generators.map(({ name, description }) => `  ${name.padEnd(width)}  ${description}`),
    '',
  ].join('\n');
}
