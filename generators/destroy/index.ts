import type { NodePlopAPI, PlopGeneratorConfig } from 'plop';
import { FileChanges } from '../utils/file-changes';
import { generate, startRegenerations } from '../utils/generate';
import { readManifest } from '../utils/manifest';
import { collectAnswers, type Option } from '../utils/options';
import { buildDestroy, destroyProblem, finishDestroy, hasRestRoutes, touchedEndpoints } from './actions';
import { normalizeDestroyOptions } from './normalize';

export function destroyGenerator(plop: NodePlopAPI): Partial<PlopGeneratorConfig> {
  const root = plop.getDestBasePath();
  // The manifest on disk: what earlier runs generated.
  const manifest = () => readManifest(new FileChanges(root));
  const options: Option[] = [
    {
      name: 'name',
      type: 'string',
      message:
        'What to remove: a generated feature, interceptor or page type (e.g. Category, AuditInterceptor):',
      validate: (value) => destroyProblem(manifest(), value),
    },
    { name: 'force', type: 'boolean', message: 'Remove generated files even if they were edited since?' },
  ];

  return {
    description:
      "undoes a generator run (a feature, an interceptor, a page type): its files and registrations; drops a feature's table",
    prompts: (inquirer) => collectAnswers('destroy', options, inquirer),
    actions: (answers) => [
      () => {
        const normalized = normalizeDestroyOptions(answers ?? {});
        const current = manifest();
        const entry = current.features[normalized.Name];
        // Loading while the feature is removed; a dry run (or a feature that is not there) regenerates nothing.
        const regenerations = startRegenerations(
          root,
          answers?.dryRun || !entry ? [] : touchedEndpoints(entry),
          { openapi: !answers?.dryRun && !!entry && hasRestRoutes(entry) },
        );
        return generate(
          root,
          answers ?? {},
          (changes) => buildDestroy(changes, current, normalized),
          (changes) => finishDestroy(root, changes, entry, regenerations),
        ).finally(() => regenerations.cancel());
      },
    ],
  };
}
