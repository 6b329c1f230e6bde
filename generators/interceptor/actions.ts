import { relative } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import type { FileChanges } from '../utils/file-changes';
import { type Render, renderTemplates } from '../utils/render';
import { addToModule } from '../utils/wiring';
import type { InterceptorOptions } from './normalize';

export function buildInterceptor(render: Render, changes: FileChanges, options: InterceptorOptions): void {
  renderTemplates(render, changes, `interceptor/${options.kind}`, { ...options });
  if (!options.global) return;

  const className = `${options.Name}Interceptor`;
  const { file } = APP_LAYOUT.rootModule;
  changes.update(file, (text) =>
    addToModule(file, text, 'providers', `{ provide: APP_INTERCEPTOR, useClass: ${className} }`, [
      { name: 'APP_INTERCEPTOR', from: '@nestjs/core' },
      {
        name: className,
        from: `./${relative('src', APP_LAYOUT.interceptors)}/${options.kebabName}.interceptor`,
      },
    ]),
  );
}
