import { join } from 'node:path';
import Handlebars from 'handlebars';
import { APP_LAYOUT } from '../app-layout';
import { FileChanges } from '../utils/file-changes';
import { buildResolver } from './actions';
import { normalizeResolverOptions } from './normalize';

const ROOT = join(__dirname, '..', '..');
const render = (template: string, data: Record<string, unknown>) => Handlebars.compile(template)(data);

// Planned in memory against the real project; nothing is written.
function plan(style: string) {
  const changes = new FileChanges(ROOT);
  buildResolver(render, changes, normalizeResolverOptions({ name: 'Category', style }));
  return changes;
}

describe('resolver generator, schema-first', () => {
  it('should plan a schema-first feature, registered on /schema-first/graphql', () => {
    const changes = plan('schema-first');

    expect(changes.created.sort()).toEqual([
      'src/categories/categories-data.module.ts',
      'src/categories/categories-schema-first.module.ts',
      'src/categories/categories-schema-first.resolver.ts',
      'src/categories/categories.graphql',
      'src/categories/categories.repository.ts',
      'src/categories/categories.service.spec.ts',
      'src/categories/categories.service.ts',
      'src/categories/categories.table.ts',
      'src/categories/dto/create-category.dto.ts',
      'test/categories.e2e-spec.ts',
    ]);
    expect(changes.changed).toEqual([APP_LAYOUT.endpoints['schema-first'].file]);
    expect(changes.read('src/categories/categories.graphql')).toContain(
      'categories(offset: Int = 0, limit: Int = 10): PaginatedCategory!',
    );
  });
});
