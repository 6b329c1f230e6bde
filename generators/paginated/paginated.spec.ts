import { join } from 'node:path';
import { findObjectType, normalizePaginatedOptions, paginatedTypeProblem } from './normalize';

const ROOT = join(__dirname, '..', '..');

describe('paginated generator', () => {
  it('should find an existing code-first type and place its page type beside it', () => {
    expect(findObjectType(ROOT, 'Warrior')).toEqual(['src/warriors/models/warrior.model.ts']);
    expect(normalizePaginatedOptions(ROOT, { type: 'Warrior' })).toMatchObject({
      modelDir: 'src/warriors/models',
      typeFile: 'warrior.model',
      paginatedImport: '../../graphql/paginated.type',
      kebabName: 'warrior',
    });
  });

  it.each([
    ['Dragon', /no @ObjectType\(\) class Dragon/],
    ['Author', /PaginatedAuthor already exists/],
    ['Character', /no @ObjectType\(\) class Character/], // abstract: never a schema type
  ])('should refuse %p, saying why', (type, message) => {
    expect(paginatedTypeProblem(ROOT, type)).toMatch(message);
  });
});
