import { parseArgs } from 'node:util';
/** The part of plop's inquirer the generators use. */
export interface Prompter {
  prompt<T>(questions: object[]): Promise<T>;
}

/** One generator option: a `--flag` after `--`, or a prompt when it is missing and a person is at the terminal. */
export interface Option {
  name: string;
  message: string;
  type: 'string' | 'boolean';
  choices?: readonly string[];
  /** Makes a string option optional: the value taken when it is left out. */
  defaultValue?: string;
  /** Asks for the value on a terminal when the flag is missing, instead of one text prompt (e.g. field by field). */
  ask?: (inquirer: Prompter, answers: Answers) => Promise<string>;
  /** A message saying what is wrong, or undefined when the value is fine. */
  validate?: (value: string, answers: Answers) => string | undefined;
  /** On a terminal, asked only when this says so (e.g. no GraphQL endpoint for a REST API); else its default. */
  relevant?: (answers: Answers) => boolean;
}

export type Answers = Record<string, string | boolean>;

const DRY_RUN: Option = { name: 'dry-run', type: 'boolean', message: 'Only print what would change?' };
const HELP: Option = { name: 'help', type: 'boolean', message: 'Print the usage and exit' };

/** Fails the run before anything is written; plop prints the message and exits with code 1. */
export class GeneratorInputError extends Error {
  override readonly name = 'GeneratorInputError';
}

function usage(generator: string, options: Option[]): string {
  const flags = [...options, DRY_RUN].map((option) => {
    if (option.type === 'boolean') return `[--${option.name}]`;
    const flag = `--${option.name} <${option.choices ? option.choices.join('|') : option.name}>`;
    return option.defaultValue === undefined ? flag : `[${flag}]`;
  });
  return `usage: npx plop ${generator} -- ${flags.join(' ')}`;
}

/** `--help`: the usage line, then each flag with its question. */
function help(generator: string, options: Option[]): string {
  const rows = [...options, DRY_RUN, HELP].map(
    (option) => `  --${option.name.padEnd(12)} ${option.message.replace(/[?:]$/, '')}`,
  );
  return [usage(generator, options), '', ...rows, ''].join('\n');
}

function problemWith(option: Option, value: string | undefined, answers: Answers): string | undefined {
  if (value === undefined || value === '') {
    return option.defaultValue === undefined ? `--${option.name} is required` : undefined;
  }
  if (option.choices && !option.choices.includes(value)) {
    return `--${option.name} must be one of ${option.choices.join(', ')} (got "${value}")`;
  }
  return option.validate?.(value, answers);
}

/**
 * Reads the options from the flags after `--`; asks for the missing ones when stdin is a terminal,
 * and refuses otherwise. Every value is validated before any file is touched.
 */
export async function collectAnswers(
  generator: string,
  options: Option[],
  inquirer: Prompter,
  argv = process.argv,
): Promise<Answers> {
  const dashes = argv.indexOf('--');
  const args = dashes === -1 ? [] : argv.slice(dashes + 1);
  let values: Record<string, string | boolean | undefined>;
  try {
    const parsed = parseArgs({
      args,
      strict: true,
      tokens: true,
      options: Object.fromEntries(
        [...options, DRY_RUN, HELP].map((option) => [option.name, { type: option.type }]),
      ),
    });
    values = parsed.values;
    // parseArgs keeps the last of a repeated flag: `--api both --api rest` would be a silent choice.
    const names = parsed.tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : []));
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    if (repeated !== undefined) throw new Error(`--${repeated} is given more than once: give it once`);
  } catch (error) {
    throw new GeneratorInputError(`${(error as Error).message}\n${usage(generator, options)}`);
  }

  if (values.help === true) {
    process.stdout.write(help(generator, options));
    process.exit(0);
  }

  const answers: Answers = { dryRun: values['dry-run'] === true };
  // On a terminal, whatever is missing is asked for; yes/no questions only when no flag was given at all
  // (with flags, a missing boolean flag means no).
  const interactive = process.stdin.isTTY === true;
  const askBooleans = interactive && args.length === 0;
  for (const option of options) {
    const given = values[option.name];
    if (option.type === 'boolean') {
      answers[option.name] = askBooleans
        ? (
            await inquirer.prompt<Answers>([
              { type: 'confirm', name: option.name, message: option.message, default: false },
            ])
          )[option.name]
        : given === true;
      continue;
    }
    if (given === undefined && interactive && option.relevant?.(answers) === false) {
      answers[option.name] = option.defaultValue ?? '';
      continue;
    }
    if (given === undefined && interactive && option.ask) {
      answers[option.name] = await option.ask(inquirer, answers);
      continue;
    }
    if (given === undefined && interactive) {
      const asked = await inquirer.prompt<Answers>([
        {
          type: option.choices ? 'list' : 'input',
          name: option.name,
          message: option.message,
          choices: option.choices,
          default: option.defaultValue,
          validate: (value: string) => problemWith(option, value, answers) ?? true,
        },
      ]);
      answers[option.name] = asked[option.name];
      continue;
    }
    const problem = problemWith(option, given as string | undefined, answers);
    if (problem) throw new GeneratorInputError(`${problem}\n${usage(generator, options)}`);
    answers[option.name] = (given as string | undefined) ?? option.defaultValue ?? '';
  }
  return answers;
}
