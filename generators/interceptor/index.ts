import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { generate } from '../utils/generate';
import { plopRender } from '../utils/render';
import { collectAnswers, type Option } from '../utils/options';
import { anyCaseNameProblem } from '../utils/validate-name';
import { buildInterceptor } from './actions';
import {
  INTERCEPTOR_KINDS,
  interceptorBaseName,
  interceptorPath,
  normalizeInterceptorOptions,
} from './normalize';

export function interceptorGenerator(plop: NodePlopAPI): Partial<PlopGeneratorConfig> {
  const root = plop.getDestBasePath();
  const render = plopRender(plop);
  const options: Option[] = [
    {
      name: 'name',
      type: 'string',
      message: 'Interceptor name (e.g. Audit for AuditInterceptor):',
      validate: (value) => {
        const problem = anyCaseNameProblem(value, 'the interceptor name', 'Audit');
        if (problem) return problem;
        if (interceptorBaseName(value) === '') {
          return 'the interceptor name needs a word before "Interceptor" (for example Audit for AuditInterceptor)';
        }
        const path = interceptorPath(interceptorBaseName(value));
        return existsSync(join(root, path)) ? `${path} already exists; nothing was generated` : undefined;
      },
    },
    { name: 'kind', type: 'string', message: 'What does it do?', choices: INTERCEPTOR_KINDS },
    { name: 'global', type: 'boolean', message: 'Register it for every route (APP_INTERCEPTOR)?' },
  ];

  return {
    description:
      'an interceptor (logging, transform, exclude-null, errors, cache or timeout) with its unit test',
    prompts: (inquirer) => collectAnswers('interceptor', options, inquirer),
    actions: (answers) => [
      () =>
        generate(root, answers ?? {}, (changes) =>
          buildInterceptor(render, changes, normalizeInterceptorOptions(answers ?? {})),
        ),
    ],
  };
}
