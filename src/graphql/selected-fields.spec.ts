import { buildSchema, graphql, type GraphQLResolveInfo } from 'graphql';
import { isFieldSelected } from './selected-fields';

const schema = buildSchema(`
  type Page { totalCount: Int  hasNextPage: Boolean }
  type Query { page: Page }
`);

async function selectsTotalCount(query: string): Promise<boolean> {
  let selected: boolean | undefined;
  await graphql({
    schema,
    source: query,
    rootValue: {
      page: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        selected = isFieldSelected(info, 'totalCount');
        return {};
      },
    },
  });
  return selected!;
}

describe(isFieldSelected.name, () => {
  it.each([
    ['{ page { totalCount } }', true],
    ['{ page { hasNextPage } }', false],
    ['{ page { count: totalCount } }', true],
    ['{ page { ... on Page { totalCount } } }', true],
    ['{ page { ...counts } } fragment counts on Page { totalCount }', true],
    ['{ page { ...other } } fragment other on Page { hasNextPage }', false],
  ])('%s → %s', async (query, expected) => {
    await expect(selectsTotalCount(query)).resolves.toBe(expected);
  });
});
