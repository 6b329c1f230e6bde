import { relative } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import type { FileChanges } from '../utils/file-changes';
import type { FeatureDescription } from '../utils/manifest';
import { type Render, renderTemplates } from '../utils/render';
import { type Registration, register } from '../utils/wiring';
import type { InterceptorOptions } from './normalize';

/** The interceptor and its spec; `--global` adds it to the root module's providers. Recorded for `destroy`. */
export function buildInterceptor(
  render: Render,
  changes: FileChanges,
  options: InterceptorOptions,
): FeatureDescription {
  renderTemplates(render, changes, `interceptor/${options.kind}`, { ...options });
  const className = `${options.Name}Interceptor`;
  const registrations = options.global ? [globalRegistration(className, options.kebabName)] : [];
  for (const registration of registrations) {
    changes.update(registration.file, (text) => register(text, registration));
  }
  return {
    name: className,
    generator: 'interceptor',
    options: { kind: options.kind, global: options.global },
    registrations,
    references: [],
  };
}

/** `{ provide: APP_INTERCEPTOR, useClass: … }` in the root module's providers: the interceptor runs on every route. */
function globalRegistration(className: string, kebabName: string): Registration {
  return {
    file: APP_LAYOUT.rootModule.file,
    list: 'providers',
    element: `{ provide: APP_INTERCEPTOR, useClass: ${className} }`,
    import: {
      name: className,
      from: `./${relative('src', APP_LAYOUT.interceptors)}/${kebabName}.interceptor`,
    },
    uses: [{ name: 'APP_INTERCEPTOR', from: '@nestjs/core' }],
  };
}
