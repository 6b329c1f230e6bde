import { featureKeyOf } from '../destroy/normalize';
import { type Field, type FieldContext, parseFields } from '../utils/fields';
import { type Manifest, MANIFEST, type ManifestEntry } from '../utils/manifest';
import { namesOf, snakeCase } from '../utils/names';
import { type Answers, GeneratorInputError } from '../utils/options';

/** The generators whose output has fields that `field` can change. */
const FEATURE_GENERATORS = new Set(['resource', 'resolver', 'controller']);

export interface FieldOptions {
  /** The manifest key: the singular type name (`BookReview`). */
  Name: string;
  /** The fields to add, as a `--fields` spec ('' for none). */
  add: string;
  /** The names of the fields to remove. */
  remove: string[];
  /** Rewrite files edited since they were generated. */
  force: boolean;
}

export function normalizeFieldOptions(answers: Answers): FieldOptions {
  const name = String(answers.name ?? '');
  return {
    Name: featureKeyOf(name) ?? name,
    add: String(answers.add ?? '').trim(),
    remove: String(answers.remove ?? '')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean),
    force: answers.force === true,
  };
}

/** Why `field` cannot change the feature `name` at all (not generated, or not a feature with fields), or undefined. */
export function fieldTargetProblem(manifest: Manifest, name: string): string | undefined {
  const key = featureKeyOf(name) ?? name;
  const features = Object.keys(manifest.features)
    .filter((other) => FEATURE_GENERATORS.has(manifest.features[other].generator))
    .sort();
  const entry = Object.hasOwn(manifest.features, key) ? manifest.features[key] : undefined;
  if (!entry) {
    const listed = features.length > 0 ? `generated features: ${features.join(', ')}` : 'it lists none yet';
    return `${key} is not a generated feature (never generated, or destroyed): ${MANIFEST} has no entry for it (${listed}); nothing was changed`;
  }
  if (!FEATURE_GENERATORS.has(entry.generator)) {
    return `${key} was made by the ${entry.generator} generator and has no fields; field changes features made by resource, resolver or controller; nothing was changed`;
  }
  return undefined;
}

/** The answers that generate the feature as its manifest entry records it (`fields` its current spec). */
export function answersOf(Name: string, entry: ManifestEntry): Answers {
  const { api, style, fields, public: isPublic, owned, private: isPrivate, timestamps } = entry.options;
  return {
    name: Name,
    api: String(api),
    ...(typeof style === 'string' ? { style } : {}),
    fields: String(fields),
    public: isPublic === true,
    owned: owned === true,
    private: isPrivate === true,
    'no-timestamps': timestamps === false,
  };
}

/** What a `field` run changes: the feature's next field spec and the name of its migration. */
export interface FieldPlan {
  spec: string;
  /** The names of the fields added or removed. */
  fields: string[];
  /** drizzle-kit's `--name` for the migration (`add_isbn_to_books`). */
  migration: string;
}

/** One field of a spec as written, with the names it takes (a reference's field and key: `author`, `authorId`). */
interface SpecField {
  name: string;
  token: string;
}

/** The fields of a spec, each with its name, in order (the spec parsed as far as names go). */
export function specFields(spec: string): SpecField[] {
  return spec
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => ({ name: token.split(/[?:]/)[0], token }));
}

/**
 * The next field spec of a feature whose spec is `current` (its table `table`), or a refusal that says why: nothing
 * or both asked, a field that exists (add) or does not (remove), no field left, a new field that rows already in
 * the table could not hold (required without a default, or :unique with one). `context`: what the added fields
 * may refer to, as for `--fields`.
 */
export function planFields(
  current: { Name: string; spec: string; table: string },
  request: Pick<FieldOptions, 'add' | 'remove'>,
  context: FieldContext,
): FieldPlan {
  const { Name, table } = current;
  const existing = specFields(current.spec);
  const names = existing.map((field) => field.name);
  const listed = `${Name}'s fields: ${names.join(', ')}`;
  if (request.add === '' && request.remove.length === 0) {
    throw new GeneratorInputError(
      `nothing to do: give --add "<fields>" or --remove <field>[,<field>…] (${listed})`,
    );
  }
  if (request.add !== '' && request.remove.length > 0) {
    // drizzle-kit asks whether a dropped column was renamed to an added one, which no script can answer.
    throw new GeneratorInputError(
      'give --add or --remove, not both: run field once for each (one migration adds, the next drops)',
    );
  }
  if (request.remove.length > 0) return planRemoval(current, existing, request.remove, listed, table);

  const added = parseFields(request.add, context);
  for (const field of added) {
    const taken = [field.name, field.foreignKey, field.filterKey].find(
      (name) => name !== undefined && takenBy(existing, name),
    );
    if (taken !== undefined) {
      throw new GeneratorInputError(
        `field "${field.name}": ${Name} has a field ${taken} already (${listed})`,
      );
    }
    const refused = rowsProblem(field);
    if (refused) throw new GeneratorInputError(`field "${field.name}": ${refused}`);
  }
  const fields = added.map((field) => field.name);
  return {
    spec: [
      ...existing.map((field) => field.token),
      ...specFields(request.add).map((field) => field.token),
    ].join(' '),
    fields,
    migration: `add_${fields.map(snakeCase).join('_')}_to_${table}`,
  };
}

function planRemoval(
  current: { Name: string },
  existing: SpecField[],
  remove: string[],
  listed: string,
  table: string,
): FieldPlan {
  // A reference may be named by its key too (`authorId` for `author`).
  const fields = remove.map((name) => {
    const field = existing.find((candidate) => candidate.name === name || `${candidate.name}Id` === name);
    if (!field || (field.name !== name && !field.token.includes(':references'))) {
      throw new GeneratorInputError(`${current.Name} has no field ${name} (${listed}); nothing was changed`);
    }
    return field.name;
  });
  const left = existing.filter((field) => !fields.includes(field.name));
  if (left.length === 0) {
    throw new GeneratorInputError(
      `${current.Name} would have no field left: a feature keeps at least one (destroy it instead: npx plop destroy -- --name ${current.Name})`,
    );
  }
  const unique = [...new Set(fields)];
  return {
    spec: left.map((field) => field.token).join(' '),
    fields: unique,
    migration: `remove_${unique.map(snakeCase).join('_')}_from_${table}`,
  };
}

/** Whether a field of the spec has this name, or this key (a reference's `authorId`). */
function takenBy(existing: SpecField[], name: string): boolean {
  return existing.some((field) => {
    if (field.token.includes(':references')) return [field.name, `${field.name}Id`].includes(name);
    // A many field's ids: `tagIds` in inputs, `tagId` the list's filter.
    const one = namesOf(field.name).name;
    if (field.token.includes(':many')) return [field.name, `${one}Ids`, `${one}Id`].includes(name);
    return field.name === name;
  });
}

/** Why rows already in the table could not take the new column, or undefined. */
function rowsProblem(field: Field): string | undefined {
  // A many field's set starts empty for every row there is.
  if (field.type === 'many') return undefined;
  const nullable = `${field.name}?:${field.type}`;
  if (field.type === 'references' && !field.nullable) {
    return `a new reference must be nullable (${nullable}): the table may have rows, which refer to nothing yet`;
  }
  if (!field.nullable && field.defaultValue === undefined) {
    return `required without a default: give it a default or make it nullable: the table may have rows (${field.name}:${field.type}=<value>, or ${nullable})`;
  }
  if (field.unique && !field.nullable) {
    return `a new :unique field must be nullable (${nullable}…:unique): every row already there would get the same default`;
  }
  return undefined;
}
