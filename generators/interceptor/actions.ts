import type { FileChanges } from '../utils/file-changes';
import { type Render, renderTemplates } from '../utils/render';
import { addToModule, type ImportOf } from '../utils/wiring';
import type { InterceptorOptions } from './normalize';

export function buildInterceptor(render: Render, changes: FileChanges, options: InterceptorOptions): void {
  renderTemplates(render, changes, `interceptor/${options.kind}`, { ...options });
  if (!options.global) return;

  const className = `${options.Name}Interceptor`;
  const register = (element: string, imports: ImportOf[]) =>
    changes.update('src/app.module.ts', (text) =>
      addToModule('src/app.module.ts', text, 'providers', element, imports),
    );
  // The logging kind measures time with the injectable Clock, which must then be a provider too.
  if (options.kind === 'logging') register('Clock', [{ name: 'Clock', from: './common/utils/clock' }]);
  register(`{ provide: APP_INTERCEPTOR, useClass: ${className} }`, [
    { name: 'APP_INTERCEPTOR', from: '@nestjs/core' },
    { name: className, from: `./common/interceptors/${options.kebabName}.interceptor` },
  ]);
}
