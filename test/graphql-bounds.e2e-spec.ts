import { PROBE_GRAPHQL } from './fixtures/probe/graphql/probe-graphql.module';
import { errorOf, graphqlClient, type GraphqlClient } from './utils/graphql';
import { countSqlStatements } from './utils/sql-statements';
import { useTestApp } from './utils/test-app';

type Ids = Array<{ id: number }>;

/** The ids a page of probe items holds: offset + 1 … offset + count (test/fixtures/probe/graphql/probe-items.ts). */
const idRange = (offset: number, count: number) => Array.from({ length: count }, (_, n) => offset + n + 1);
const idsOf = (list: Ids) => list.map((item) => item.id);

// Every list of the API has a bound that the server enforces and the cost limit counts; the defaults are the
// ones every deployment runs with (GRAPHQL_MAX_COST 5000). Tried on the probe's items, whose lists hold as many
// items as asked for; the demo's lists: test/demo/graphql-bounds.e2e-spec.ts.
describe('GraphQL list bounds and the cost limit (probe items, default limits)', () => {
  const sut = useTestApp({}, PROBE_GRAPHQL);
  const codeFirst = graphqlClient(sut, '/graphql');
  const schemaFirst = graphqlClient(sut, '/schema-first/graphql');

  describe.each([
    { name: 'code-first', gql: codeFirst },
    { name: 'schema-first', gql: schemaFirst },
  ])('on the $name endpoint', ({ gql }: { gql: GraphqlClient }) => {
    const childrenOf = async (args: string) => {
      const body = await gql<{ probeItem: { children: Ids } }>(
        `{ probeItem(id: 1) { children${args} { id } } }`,
      );
      expect(body.errors).toBeUndefined();
      return idsOf(body.data!.probeItem.children);
    };

    it('a nested list should answer 10 items by default, up to 100 when asked, never more', async () => {
      await expect(childrenOf('')).resolves.toEqual(idRange(1, 10));
      await expect(childrenOf('(limit: 3)')).resolves.toEqual(idRange(1, 3));
      await expect(childrenOf('(limit: 100)')).resolves.toEqual(idRange(1, 100));
    });

    it.each([0, 101])('should refuse children(limit: %i) with BAD_USER_INPUT at its path', async (limit) => {
      const body = await gql(`{ probeItem(id: 1) { id children(limit: ${limit}) { id } } }`);

      expect(errorOf(body)).toMatchObject({
        message: 'limit must be an integer between 1 and 100',
        path: ['probeItem', 'children'],
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it.each([0, 101])('should refuse probeItems(limit: %i) with BAD_USER_INPUT', async (limit) => {
      const body = await gql(`{ probeItems(limit: ${limit}) { id } }`);

      expect(errorOf(body)).toMatchObject({
        message: 'limit must be an integer between 1 and 100',
        path: ['probeItems'],
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });
  });

  describe('cost limit with declared bounds', () => {
    /** Checks that `query` is refused for its cost, before anything runs (no SQL statement either). */
    const refusedForCost = async (query: string, variables?: Record<string, unknown>) => {
      const statements = await countSqlStatements(sut.app, async () => {
        const body = await codeFirst(query, { variables });

        expect(body.status).toBe(400);
        expect(errorOf(body)).toMatchObject({
          message: expect.stringMatching(/^Query cost \d+ exceeds the limit of 5000\.$/),
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        });
      });
      expect(statements.statements).toBe(0);
    };
    const answered = async (query: string, variables?: Record<string, unknown>) => {
      const body = await codeFirst(query, { variables });
      expect(body.status).toBe(200);
      expect(body.errors).toBeUndefined();
      return body.data!;
    };

    it('should refuse three aliases of a full page with nested lists, and answer one of them', async () => {
      // Each: 1 + 100 items × (id + label + children: 1 + 10 × 2) = 2 301; three: 6 903.
      const page = (alias: string) => `${alias}: probeItems(limit: 100) { id label children { id label } }`;

      await refusedForCost(`{ ${page('a')} ${page('b')} ${page('c')} }`);
      await answered(`{ ${page('a')} }`);
    });

    it('should count a long text by its size: a page of 100 bodies is refused, 51 are answered', async () => {
      // A body is declared @maxSize(100 000): 98 cost units. 2 + 100 × 98 = 9 802 is refused; 1 + 51 × 98 = 4 999.
      await refusedForCost('{ probeItems(limit: 100) { body } }');
      await refusedForCost(
        `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: probeItems(limit: 100) { body }`).join(' ')} }`,
      );

      const data = await answered('{ probeItems(limit: 51) { body } }');
      expect(data.probeItems).toHaveLength(51);
    });

    it('should price lists sized by variables at their values, as the same literals, and refuse as strongly', async () => {
      const query =
        'query ($limit: Int, $childLimit: Int) { probeItems(limit: $limit) { id children(limit: $childLimit) { id label } } }';
      const literal = (limit: number, childLimit: number) =>
        `{ probeItems(limit: ${limit}) { id children(limit: ${childLimit}) { id label } } }`;
      const costOf = async (text: string, variables?: Record<string, unknown>) =>
        errorOf(await codeFirst(text, { variables })).message;

      const data = await answered(query, { limit: 2, childLimit: 2 });
      expect(data.probeItems).toEqual([
        { id: 1, children: [expect.anything(), expect.anything()] },
        { id: 2, children: [expect.anything(), expect.anything()] },
      ]);
      // Left out: the arguments' defaults (10 and 10), as with no argument at all.
      await answered(query);
      await refusedForCost(query, { limit: 100, childLimit: 100 });
      expect(await costOf(query, { limit: 100, childLimit: 100 })).toBe(await costOf(literal(100, 100)));
    });

    it("should price a variable left out at its operation's default", async () => {
      await refusedForCost(
        'query ($limit: Int = 100, $childLimit: Int = 100) { probeItems(limit: $limit) { children(limit: $childLimit) { id label } } }',
      );
    });

    it('should page the top-level list with offset and limit', async () => {
      const data = await answered('{ probeItems(offset: 10, limit: 100) { id } }');

      expect(idsOf(data.probeItems as Ids)).toEqual(idRange(10, 100));
    });
  });
});
