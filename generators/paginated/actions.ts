import type { FileChanges } from '../utils/file-changes';
import type { FeatureDescription } from '../utils/manifest';
import { type Render, renderTemplates } from '../utils/render';
import type { PaginatedOptions } from './normalize';

/** `Paginated<Type>` and its spec beside the type; nothing to register (a resolver that returns it imports it). */
export function buildPaginated(
  render: Render,
  changes: FileChanges,
  options: PaginatedOptions,
): FeatureDescription {
  renderTemplates(render, changes, 'paginated', { ...options });
  return {
    name: `Paginated${options.Name}`,
    generator: 'paginated',
    options: { type: options.Name },
    registrations: [],
    references: [],
  };
}
