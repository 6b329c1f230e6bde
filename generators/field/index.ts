import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { askFields } from '../resource/ask-fields';
import { normalizeResourceOptions } from '../resource/normalize';
import { parentTypesFor } from '../resource/parents';
import { FileChanges } from '../utils/file-changes';
import { generate, startRegenerations } from '../utils/generate';
import { readManifest } from '../utils/manifest';
import { type Answers, collectAnswers, type Option } from '../utils/options';
import { plopRender } from '../utils/render';
import { buildField, finishField, planFieldChange, reservedNamesOf } from './actions';
import { answersOf, fieldTargetProblem, normalizeFieldOptions, specFields } from './normalize';

/**
 * `npx plop field -- --name <Thing> --add "<fields>"` (or `--remove <field>,…`): the feature rewritten as if it had
 * been generated with its new fields, and one migration that alters its table, so its rows are kept.
 */
export function fieldGenerator(plop: NodePlopAPI): Partial<PlopGeneratorConfig> {
  const root = plop.getDestBasePath();
  const render = plopRender(plop);
  // The manifest on disk: what earlier runs generated.
  const manifest = () => readManifest(new FileChanges(root));
  const options: Option[] = [
    {
      name: 'name',
      type: 'string',
      message: 'Which generated feature (e.g. Book)?',
      validate: (value) => fieldTargetProblem(manifest(), value),
    },
    {
      name: 'add',
      type: 'string',
      message:
        'Fields to add, space-separated name[?]:type[{args}][:unique][:index][:sort][:cascade|:set-null][=default]:',
      defaultValue: '',
      ask: (inquirer, answers) => askNewFields(root, answers, inquirer),
    },
    {
      name: 'remove',
      type: 'string',
      message: 'Fields to remove, comma-separated (empty: none):',
      defaultValue: '',
      relevant: (answers) => answers.add === '',
    },
    {
      name: 'force',
      type: 'boolean',
      message: 'Rewrite files of the feature even if they were edited since?',
    },
  ];
  return {
    description:
      'adds fields to a generated feature or removes them: its files rewritten, and a migration that keeps its rows',
    prompts: (inquirer) => collectAnswers('field', options, inquirer),
    actions: (answers = {}) => [
      () => {
        const normalized = normalizeFieldOptions(answers);
        const current = manifest();
        const change = planFieldChange(root, current, normalized);
        const regenerations = startRegenerations(
          root,
          change.next.graphql && !answers.dryRun ? [change.next.style] : [],
          // A REST feature's fields are in openapi.json's schemas.
          { openapi: change.next.rest && !answers.dryRun },
        );
        const forced = change.overwritten.length
          ? `--force: rewriting files edited since they were generated (those edits are lost):\n${change.overwritten.map((line) => `  ${line}`).join('\n')}\n`
          : '';
        return generate(
          root,
          answers,
          (changes) => buildField(render, changes, current, normalized, change),
          (changes) => finishField(root, changes, change, regenerations),
        )
          .then((summary) => `${forced}${summary}`)
          .finally(() => regenerations.cancel());
      },
    ],
  };
}

/** On a terminal: the new fields one by one, as `resource` asks them, the feature's own names reserved. */
async function askNewFields(
  root: string,
  answers: Answers,
  inquirer: Parameters<NonNullable<Option['ask']>>[0],
): Promise<string> {
  const { Name } = normalizeFieldOptions(answers);
  const entry = readManifest(new FileChanges(root)).features[Name];
  const feature = normalizeResourceOptions(answersOf(Name, entry), root, { checkNames: false });
  const parents = parentTypesFor(root, feature.graphql ? feature.style : undefined);
  return askFields(
    inquirer,
    parents.map((parent) => parent.Name).filter((parent) => parent !== feature.Name),
    [...reservedNamesOf(feature), ...specFields(feature.fieldSpec).map((field) => field.name)],
  );
}
