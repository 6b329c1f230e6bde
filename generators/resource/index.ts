import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { generate, startRegenerations } from '../utils/generate';
import { namesOf } from '../utils/names';
import { collectAnswers, type Option } from '../utils/options';
import { plopRender } from '../utils/render';
import { featureExistsProblem, nameProblem } from '../utils/validate-name';
import { buildResource, finishResource } from './actions';
import { askFields } from './ask-fields';
import { parentTypesFor } from './parents';
import type { GraphqlStyle } from '../app-layout';
import { GRAPHQL_STYLES, normalizeResourceOptions, RESOURCE_APIS, type ResourceApi } from './normalize';

const FIELDS_HELP =
  'Fields, space-separated name[?]:type[{args}][:unique][:index][:sort][:cascade|:set-null][=default]; lists sort by id, the timestamps and :unique, :index or :sort fields (empty: name:string{100}):';

/** What each of the three says in the `npx plop` menu. */
const DESCRIPTIONS = {
  resource:
    'a feature on the database (table and migration, repository, service, tests) with GraphQL, REST or both',
  resolver: 'a feature on the database served over GraphQL only (code-first or schema-first endpoint)',
  controller: 'a feature on the database served over REST only (a controller with its OpenAPI documentation)',
} as const;

/**
 * `resource` and its two fixed-API forms: `resolver` (GraphQL) and `controller` (REST) ask the same questions
 * without --api (and, for REST, without --style).
 */
export function resourceGenerator(plop: NodePlopAPI, fixedApi?: ResourceApi): Partial<PlopGeneratorConfig> {
  const root = plop.getDestBasePath();
  const render = plopRender(plop);
  const generator = fixedApi === undefined ? 'resource' : fixedApi === 'rest' ? 'controller' : 'resolver';
  const options: Option[] = [
    {
      name: 'name',
      type: 'string',
      message: 'Type name, singular (e.g. Book):',
      validate: (value) =>
        nameProblem(value, 'the type name', 'Book') ??
        featureExistsProblem(root, `src/${namesOf(value).kebabNames}`),
    },
    ...(fixedApi === undefined
      ? [{ name: 'api', type: 'string', message: 'Which API?', choices: RESOURCE_APIS } as Option]
      : []),
    ...(fixedApi !== 'rest'
      ? [
          {
            name: 'style',
            type: 'string',
            message: 'Which GraphQL endpoint (REST-only features ignore it)?',
            choices: GRAPHQL_STYLES,
            defaultValue: 'code-first',
            relevant: (answers) => (fixedApi ?? answers.api) !== 'rest',
          } as Option,
        ]
      : []),
    {
      name: 'fields',
      type: 'string',
      message: FIELDS_HELP,
      defaultValue: '',
      ask: (inquirer, answers) => {
        const api = fixedApi ?? answers.api;
        const style = api === 'rest' ? undefined : (answers.style ?? 'code-first');
        const parents = parentTypesFor(root, style as GraphqlStyle | undefined);
        return askFields(
          inquirer,
          parents.map((parent) => parent.Name),
          ['id', 'createdAt', 'updatedAt'],
        );
      },
    },
    { name: 'public', type: 'boolean', message: 'Writes open to requests without a token?' },
    {
      name: 'owned',
      type: 'boolean',
      message: 'Owned by the user who creates it (only they or an admin may change it)?',
    },
    {
      name: 'private',
      type: 'boolean',
      message: 'Private: only the owner or an admin may read it too?',
      relevant: (answers) => answers.owned === true,
    },
    { name: 'no-timestamps', type: 'boolean', message: 'Leave out createdAt and updatedAt?' },
  ];

  return {
    description: DESCRIPTIONS[generator],
    prompts: async (inquirer) => ({
      ...(await collectAnswers(generator, options, inquirer)),
      ...(fixedApi ? { api: fixedApi } : {}),
    }),
    actions: (answers = {}) => [
      () => {
        const resource = normalizeResourceOptions(answers, root);
        // Loads while the feature is built and written; a dry run writes nothing to regenerate from.
        const regenerations = startRegenerations(
          root,
          resource.graphql && !answers.dryRun ? [resource.style] : [],
          { openapi: resource.rest && !answers.dryRun },
        );
        return generate(
          root,
          answers,
          (changes) => buildResource(render, changes, resource),
          (changes) => finishResource(root, changes, resource, regenerations),
        ).finally(() => regenerations.cancel());
      },
    ],
  };
}
