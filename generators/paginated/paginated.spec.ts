import Handlebars from 'handlebars';
import { createFixtureProject, removeFixtureProject } from '../testing/fixture-project';
import { FileChanges } from '../utils/file-changes';
import { buildPaginated } from './actions';
import { findObjectType, normalizePaginatedOptions, paginatedTypeProblem } from './normalize';

describe('paginated generator', () => {
  // The specs' own project: a `paginated --type Warrior` run in the app must not change what these find.
  let root: string;
  beforeAll(() => (root = createFixtureProject()));
  afterAll(() => removeFixtureProject(root));

  it('should find an existing code-first type and place its page type beside it', () => {
    expect(findObjectType(root, 'Warrior')).toEqual(['src/warriors/models/warrior.model.ts']);
    expect(normalizePaginatedOptions(root, { type: 'Warrior' })).toMatchObject({
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
    expect(paginatedTypeProblem(root, type)).toMatch(message);
  });

  it('should describe what it made for the manifest, so that destroy can remove it', () => {
    const changes = new FileChanges(root);
    const render = (template: string, data: object) => Handlebars.compile(template)(data);

    const description = buildPaginated(render, changes, normalizePaginatedOptions(root, { type: 'Warrior' }));

    expect(description).toEqual({
      name: 'PaginatedWarrior',
      generator: 'paginated',
      options: { type: 'Warrior' },
      registrations: [],
      references: [],
    });
    expect(changes.created.sort()).toEqual([
      'src/warriors/models/paginated-warrior.model.spec.ts',
      'src/warriors/models/paginated-warrior.model.ts',
    ]);
  });
});
