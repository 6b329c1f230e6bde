import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { generate } from '../utils/generate';
import { collectAnswers, type Option } from '../utils/options';
import { plopRender } from '../utils/render';
import { identifierProblem } from '../utils/validate-name';
import { buildPaginated } from './actions';
import { normalizePaginatedOptions, paginatedTypeProblem } from './normalize';

export function paginatedGenerator(plop: NodePlopAPI): Partial<PlopGeneratorConfig> {
  const root = plop.getDestBasePath();
  const render = plopRender(plop);
  const options: Option[] = [
    {
      name: 'type',
      type: 'string',
      message: 'Existing code-first type to page through (e.g. Warrior):',
      validate: (value) =>
        identifierProblem(value, 'the type', 'Warrior') ?? paginatedTypeProblem(root, value),
    },
  ];

  return {
    description:
      'a concrete Paginated<Type> with its <Type>Edge for an existing code-first type, and its test',
    prompts: (inquirer) => collectAnswers('paginated', options, inquirer),
    actions: (answers) => [
      () =>
        generate(root, answers ?? {}, (changes) =>
          buildPaginated(render, changes, normalizePaginatedOptions(root, answers ?? {})),
        ),
    ],
  };
}
