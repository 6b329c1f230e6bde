import type { FileChanges } from '../utils/file-changes';
import { type Render, renderTemplates } from '../utils/render';
import { addToModule } from '../utils/wiring';
import type { InterceptorOptions } from './normalize';

export function buildInterceptor(render: Render, changes: FileChanges, options: InterceptorOptions): void {
  renderTemplates(render, changes, `interceptor/${options.kind}`, { ...options });
  if (!options.global) return;

  const className = `${options.Name}Interceptor`;
  changes.update('src/app.module.ts', (text) =>
    addToModule(
      'src/app.module.ts',
      text,
      'providers',
      `{ provide: APP_INTERCEPTOR, useClass: ${className} }`,
      [
        { name: 'APP_INTERCEPTOR', from: '@nestjs/core' },
        { name: className, from: `./common/interceptors/${options.kebabName}.interceptor` },
      ],
    ),
  );
}
