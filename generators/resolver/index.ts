import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { generate } from '../utils/generate';
import { plopRender } from '../utils/render';
import { namesOf } from '../utils/names';
import { collectAnswers, type Option } from '../utils/options';
import { featureExistsProblem, nameProblem } from '../utils/validate-name';
import { buildResolver, finishResolver } from './actions';
import { normalizeResolverOptions, RESOLVER_STYLES } from './normalize';

export function resolverGenerator(plop: NodePlopAPI): Partial<PlopGeneratorConfig> {
  const root = plop.getDestBasePath();
  const render = plopRender(plop);
  const options: Option[] = [
    {
      name: 'name',
      type: 'string',
      message: 'Type name, singular (e.g. Category):',
      validate: (value) =>
        nameProblem(value, 'the type name', 'Category') ??
        featureExistsProblem(root, `src/${namesOf(value).kebabNames}`),
    },
    { name: 'style', type: 'string', message: 'Which GraphQL endpoint?', choices: RESOLVER_STYLES },
  ];

  return {
    description:
      'a GraphQL feature on the database: type, input, queries, paginated list, mutation, table, tests',
    prompts: (inquirer) => collectAnswers('resolver', options, inquirer),
    actions: (answers) => [
      () => {
        const normalized = normalizeResolverOptions(answers ?? {});
        return generate(
          root,
          answers ?? {},
          (changes) => buildResolver(render, changes, normalized),
          (changes) => finishResolver(root, changes, normalized),
        );
      },
    ],
  };
}
