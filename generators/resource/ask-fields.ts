import { FIELD_TYPES, FieldSpecError, parseFields } from '../utils/fields';
import { namesOf } from '../utils/names';
import type { Prompter } from '../utils/options';

/** The arguments a type asks for, as its `{…}` part of the spec. */
const ARGUMENT_QUESTIONS: Partial<Record<string, { message: string; fallback: string }>> = {
  string: { message: 'Longest length, in characters:', fallback: '255' },
  decimal: { message: 'Digits in all, and after the point (P,S):', fallback: '12,2' },
  enum: { message: 'Values, UPPER_CASE, comma-separated (e.g. DRAFT,PUBLISHED):', fallback: '' },
};

/** Types whose column may take `=default` (the grammar refuses one on the others). */
const TAKES_DEFAULT = new Set(['string', 'text', 'int', 'float', 'decimal', 'boolean', 'date', 'enum']);

/** What deleting the parent does to the record: refused (no flag), or `:cascade`, or `:set-null` if nullable. */
async function askOnDelete(inquirer: Prompter, nullable: boolean): Promise<string> {
  const choices = [
    { name: 'refuse the delete while referenced (409)', value: '' },
    { name: 'delete this record too (:cascade)', value: ':cascade' },
    ...(nullable ? [{ name: 'leave this record without one (:set-null)', value: ':set-null' }] : []),
  ];
  const { onDelete } = await inquirer.prompt<{ onDelete: string }>([
    { type: 'list', name: 'onDelete', message: 'When the parent is deleted:', choices },
  ]);
  return onDelete;
}

/** `:min=N` / `:max=N`: the value's bounds (int, float, decimal), or the length's (string, text); empty for none. */
async function askBounds(inquirer: Prompter, type: string): Promise<string> {
  const length = type === 'string' || type === 'text';
  if (!length && !['int', 'float', 'decimal'].includes(type)) return '';
  const what = length ? 'length' : 'value';
  let bounds = '';
  for (const [flag, word] of [
    ['min', 'Smallest'],
    ['max', 'Largest'],
  ]) {
    const { bound } = await inquirer.prompt<{ bound: string }>([
      { type: 'input', name: 'bound', message: `${word} ${what} (empty for none):` },
    ]);
    if (bound.trim() !== '') bounds += `:${flag}=${bound.trim()}`;
  }
  return bounds;
}

/**
 * `:unique`, `:index`, `:search` and `=default`, asked where the type takes them: a reference is indexed already, a
 * unique column has its index, and only string and text fields hold the text a search looks in.
 */
async function askFlags(inquirer: Prompter, type: string): Promise<string> {
  const confirm = async (message: string) =>
    (await inquirer.prompt<{ yes: boolean }>([{ type: 'confirm', name: 'yes', message, default: false }]))
      .yes;
  const unique = type !== 'json' && type !== 'references' && (await confirm('Unique?'));
  const index =
    !unique &&
    type !== 'json' &&
    type !== 'references' &&
    (await confirm('Index it (to sort and look up fast)?'));
  const search =
    (type === 'string' || type === 'text') &&
    (await confirm("Searchable (the list's ?q= looks for text in it, ignoring case)?"));
  let fallback = '';
  if (TAKES_DEFAULT.has(type)) {
    ({ fallback } = await inquirer.prompt<{ fallback: string }>([
      { type: 'input', name: 'fallback', message: 'Default value (empty for none):' },
    ]));
  }
  return `${unique ? ':unique' : ''}${index ? ':index' : ''}${search ? ':search' : ''}${fallback.trim() === '' ? '' : `=${fallback.trim()}`}`;
}

/**
 * `npx plop resource` on a terminal without `--fields`: asks for the fields one by one (name, type from a list,
 * what the type needs, nullable, unique, index, search, default) until an empty name, checks each as `--fields` would, and shows the
 * resulting `--fields` so that the run can be repeated without prompts.
 */
export async function askFields(
  inquirer: Prompter,
  knownTypes: readonly string[],
  reservedNames: readonly string[],
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<string> {
  const specs: string[] = [];
  // A reference or a set needs a type to point at.
  const types = FIELD_TYPES.filter(
    (type) => (type !== 'references' && type !== 'many') || knownTypes.length > 0,
  );
  for (;;) {
    const { name } = await inquirer.prompt<{ name: string }>([
      { type: 'input', name: 'name', message: 'Field name (empty to finish):' },
    ]);
    if (name.trim() === '') break;
    const { type } = await inquirer.prompt<{ type: string }>([
      { type: 'list', name: 'type', message: `Type of ${name}:`, choices: types },
    ]);
    const fieldName = name.trim();
    let args = '';
    if (type === 'references') {
      const { parent } = await inquirer.prompt<{ parent: string }>([
        { type: 'list', name: 'parent', message: 'Refers to:', choices: knownTypes },
      ]);
      // Named after its parent, `author:references` refers to Author; any other name says which (`{Author}`).
      if (fieldName !== namesOf(parent).name) args = `{${parent}}`;
    }
    if (type === 'many') {
      const { parent } = await inquirer.prompt<{ parent: string }>([
        { type: 'list', name: 'parent', message: 'A set of:', choices: knownTypes },
      ]);
      // Named after its parent in the plural, `tags:many` holds Tags; any other name says which (`{Tag}`).
      if (fieldName !== namesOf(parent).names) args = `{${parent}}`;
    }
    const question = ARGUMENT_QUESTIONS[type];
    if (question) {
      const { value } = await inquirer.prompt<{ value: string }>([
        { type: 'input', name: 'value', message: question.message, default: question.fallback },
      ]);
      if (value.trim() !== '') args = `{${value.replace(/\s+/g, '')}}`;
    }
    // A set is never null (it may be empty) and takes no flags.
    const { nullable } =
      type === 'many'
        ? { nullable: false }
        : await inquirer.prompt<{ nullable: boolean }>([
            { type: 'confirm', name: 'nullable', message: 'May it be empty (null)?', default: false },
          ]);
    const onDelete = type === 'references' ? await askOnDelete(inquirer, nullable) : '';
    const flags =
      type === 'many' ? '' : `${await askBounds(inquirer, type)}${await askFlags(inquirer, type)}`;
    const spec = `${fieldName}${nullable ? '?' : ''}:${type}${args}${flags}${onDelete}`;
    try {
      parseFields([...specs, spec].join(' '), { knownTypes, reservedNames });
      specs.push(spec);
    } catch (error) {
      if (!(error instanceof FieldSpecError)) throw error;
      print(`${error.message}: not added, try again`);
    }
  }
  const fields = specs.join(' ');
  if (fields !== '') print(`--fields "${fields}"`);
  return fields;
}
