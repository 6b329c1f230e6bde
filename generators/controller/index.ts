import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { generate } from '../utils/generate';
import { plopRender } from '../utils/render';
import { collectAnswers, type Option } from '../utils/options';
import { featureExistsProblem, nameProblem } from '../utils/validate-name';
import { namesOf } from '../utils/names';
import { buildController, migrateController } from './actions';
import { normalizeControllerOptions } from './normalize';

export function controllerGenerator(plop: NodePlopAPI): Partial<PlopGeneratorConfig> {
  const root = plop.getDestBasePath();
  const render = plopRender(plop);
  const options: Option[] = [
    {
      name: 'name',
      type: 'string',
      message: 'Resource name, plural (e.g. categories):',
      validate: (value) =>
        nameProblem(value, 'the resource name', 'categories') ??
        featureExistsProblem(root, `src/${namesOf(value).kebabNames}`),
    },
    { name: 'public', type: 'boolean', message: 'Open to requests without a token?' },
  ];

  return {
    description:
      'a REST resource on the database: CRUD routes, validated DTOs, service, repository, table, tests',
    prompts: (inquirer) => collectAnswers('controller', options, inquirer),
    actions: (answers) => [
      async () => {
        const normalized = normalizeControllerOptions(answers ?? {});
        return generate(
          root,
          answers ?? {},
          (changes) => buildController(render, changes, normalized),
          (changes) => migrateController(root, changes, normalized),
        );
      },
    ],
  };
}
