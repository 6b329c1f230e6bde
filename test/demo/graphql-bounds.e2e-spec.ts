import request from 'supertest';
import { authors } from '../../src/authors/authors.table';
import { type Database, DATABASE } from '../../src/database/database.types';
import { posts } from '../../src/posts/posts.table';
import { errorOf, graphqlClient, type GraphqlResponse } from '../utils/graphql';
import { countSqlStatements } from '../utils/sql-statements';
import { useTestApp } from '../utils/test-app';

/** Posts of the one prolific author: more than any list may return (100), and more than a default page (10). */
const PROLIFIC_POSTS = 150;

type Ids = Array<{ id: number }>;

// The demo's lists (authors, posts, warriors, books) and their bounds, at the default limits (GRAPHQL_MAX_COST
// 5000). The same rules on the test-only probe, which outlives the demo: test/graphql-bounds.e2e-spec.ts.
describe('GraphQL and REST list bounds (a prolific author, default limits)', () => {
  const sut = useTestApp();
  const codeFirst = graphqlClient(sut, '/graphql');
  const schemaFirst = graphqlClient(sut, '/schema-first/graphql');
  let prolific: number;
  /** The ids of the prolific author's posts, in id order. */
  let postIds: number[];

  beforeAll(async () => {
    const db = sut.app.get<Database>(DATABASE);
    const [author] = await db
      .insert(authors)
      .values({ firstName: 'Prolific', lastName: 'Writer' })
      .returning({ id: authors.id });
    prolific = author.id;
    const rows = await db
      .insert(posts)
      .values(Array.from({ length: PROLIFIC_POSTS }, (_, n) => ({ title: `Post ${n}`, authorId: prolific })))
      .returning({ id: posts.id });
    postIds = rows.map((row) => row.id).sort((a, b) => a - b);
  });

  /** How many SQL statements `run` costs. */
  const sqlStatementsOf = async (run: () => Promise<unknown>) =>
    (await countSqlStatements(sut.app, run)).statements;

  const idsOf = (list: Ids) => list.map((item) => item.id);

  describe.each([
    // How `author(id)` reads three authors: code-first one statement per field, schema-first one batch.
    { name: 'code-first', gql: codeFirst },
    { name: 'schema-first', gql: schemaFirst },
  ])('Author.posts on the $name endpoint', ({ gql }) => {
    const postsOf = async (args: string) => {
      const body = await gql<{ author: { posts: Ids } }>(
        `{ author(id: ${prolific}) { posts${args} { id } } }`,
      );
      expect(body.errors).toBeUndefined();
      return idsOf(body.data!.author.posts);
    };

    it('should answer the first 10 posts in id order by default', async () => {
      await expect(postsOf('')).resolves.toEqual(postIds.slice(0, 10));
    });

    it('should answer up to 100 posts when asked, never more', async () => {
      await expect(postsOf('(limit: 3)')).resolves.toEqual(postIds.slice(0, 3));
      await expect(postsOf('(limit: 100)')).resolves.toEqual(postIds.slice(0, 100));
    });

    it.each([0, 101])('should refuse posts(limit: %i) with BAD_USER_INPUT', async (limit) => {
      const body = await gql(`{ author(id: ${prolific}) { id posts(limit: ${limit}) { id } } }`);

      expect(errorOf(body)).toMatchObject({
        message: 'limit must be an integer between 1 and 100',
        path: ['author', 'posts'],
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('should load posts of different limits in one SQL statement (one batch, sliced per field)', async () => {
      let body: GraphqlResponse | undefined;
      const statements = await sqlStatementsOf(async () => {
        body = await gql(
          `{ a: author(id: ${prolific}) { posts(limit: 2) { id } } b: author(id: ${prolific}) { posts(limit: 5) { id } } c: author(id: 2) { posts { id } } }`,
        );
      });

      expect(body).toEqual({
        status: 200,
        data: {
          a: { posts: postIds.slice(0, 2).map((id) => ({ id })) },
          b: { posts: postIds.slice(0, 5).map((id) => ({ id })) },
          c: { posts: [{ id: 2 }, { id: 3 }] },
        },
      });
      // One for the authors (the request's loader), one for the posts of every limit.
      expect(statements).toBe(2);
    });
  });

  describe('code-first lists', () => {
    it('a page of authors should carry at most 10 posts each, in 2 SQL statements', async () => {
      let body: GraphqlResponse<{ authors: { nodes: Array<{ id: number; posts: Ids }> } }> | undefined;
      const statements = await sqlStatementsOf(async () => {
        body = await codeFirst('{ authors(limit: 100) { nodes { id posts { id } } } }');
      });

      const nodes = body!.data!.authors.nodes;
      expect(idsOf(nodes.find((node) => node.id === prolific)!.posts)).toEqual(postIds.slice(0, 10));
      expect(statements).toBe(2);
    });

    it('findAllPost should answer a page: 10 by default, then offset and limit (at most 100)', async () => {
      const all = await codeFirst<{ findAllPost: Ids }>('{ findAllPost { id } }');
      const page = await codeFirst<{ findAllPost: Ids }>('{ findAllPost(offset: 10, limit: 100) { id } }');

      expect(idsOf(all.data!.findAllPost)).toEqual([1, 2, 3, 4, ...postIds.slice(0, 6)]);
      expect(idsOf(page.data!.findAllPost)).toEqual(postIds.slice(6, 106));
      expect(errorOf(await codeFirst('{ findAllPost(limit: 101) { id } }'))).toMatchObject({
        message: 'limit must be an integer between 1 and 100',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('findAllWarrior should page the same way (the generic base resolver)', async () => {
      await expect(codeFirst('{ findAllWarrior(offset: 1, limit: 1) { name } }')).resolves.toEqual({
        status: 200,
        data: { findAllWarrior: [{ name: 'Miyamoto Musashi' }] },
      });
    });

    it('postIdsByAuthor should list at most the first 10 post ids of each author', async () => {
      const body = await codeFirst<{ postIdsByAuthor: number[][] }>(
        `{ postIdsByAuthor(authorIds: [${prolific}, 2]) }`,
      );

      expect(body.data!.postIdsByAuthor).toEqual([postIds.slice(0, 10), [2, 3]]);
    });

    it('postVotes should list the votes of the first 100 posts; authorStats should still count them all', async () => {
      const body = await codeFirst<{ postVotes: unknown[]; authorStats: { postCount: number } }>(
        `{ postVotes(authorId: ${prolific}) authorStats(authorId: ${prolific}) { postCount totalVotes } }`,
      );

      expect(body.data!.postVotes).toHaveLength(100);
      expect(body.data!.authorStats).toEqual({ postCount: PROLIFIC_POSTS, totalVotes: 0 });
    });
  });

  describe('id lists', () => {
    it.each([
      ['authorsByIds', '{ authorsByIds(ids: [1, 2, 1]) { id } }', 'ids'],
      ['postIdsByAuthor', '{ postIdsByAuthor(authorIds: [2, 2]) }', 'authorIds'],
    ])('%s should refuse an id given twice with BAD_USER_INPUT', async (field, query, argument) => {
      const statements = await sqlStatementsOf(async () => {
        const body = await codeFirst(query);

        expect(errorOf(body)).toMatchObject({
          message: `${argument} must not contain the same id twice`,
          path: [field],
          extensions: { code: 'BAD_USER_INPUT' },
        });
      });
      expect(statements).toBe(0);
    });
  });

  describe('cost limit with declared bounds', () => {
    const refusedForCost = async (query: string, variables?: Record<string, unknown>) => {
      const statements = await sqlStatementsOf(async () => {
        const body = await codeFirst(query, { variables });

        expect(body.status).toBe(400);
        expect(errorOf(body)).toMatchObject({
          message: expect.stringMatching(/^Query cost \d+ exceeds the limit of 5000\.$/),
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        });
      });
      expect(statements).toBe(0);
    };

    it('should refuse the reported query: one author 100 times under three aliases, with posts', async () => {
      const ids = Array.from({ length: 100 }, () => prolific).join(', ');
      const alias = (name: string) => `${name}: authorsByIds(ids: [${ids}]) { posts { id title votes } }`;

      await refusedForCost(`{ ${alias('a')} ${alias('b')} ${alias('c')} }`);
    });

    it('should count a long text by its size: 15 pages of 100 summaries (~150 MB at most) are refused', async () => {
      const page = (alias: string) => `${alias}: books(limit: 100) { nodes { summary } }`;
      const aliases = Array.from({ length: 15 }, (_, i) => page(`a${i}`));

      await refusedForCost(`{ ${aliases.join(' ')} }`);
      await refusedForCost(`{ ${page('one')} }`); // 2 + 100 summaries × 98 (100 000 characters): 9 802
      await expect(codeFirst('{ books(limit: 51) { nodes { summary } } }')).resolves.toMatchObject({
        status: 200,
        data: { books: { nodes: expect.any(Array) } },
      });
    });

    it('should price the reported codegen operation at its variables (2 authors, 2 posts), and refuse 100 × 100', async () => {
      const query =
        'query Authors($limit: Int, $postLimit: Int) { authors(limit: $limit) { nodes { id posts(limit: $postLimit) { id title } } } }';

      await expect(codeFirst(query, { variables: { limit: 2, postLimit: 2 } })).resolves.toMatchObject({
        status: 200,
        data: { authors: { nodes: [expect.anything(), expect.anything()] } },
      });
      await refusedForCost(query, { limit: 100, postLimit: 100 });
    });

    it('should accept a page of 100 authors with their default posts (the REST twin)', async () => {
      const body = await codeFirst(
        '{ authors(limit: 100) { totalCount hasNextPage nodes { id firstName lastName posts { id title votes } } } }',
      );

      expect(body.status).toBe(200);
      expect(body.errors).toBeUndefined();
    });
  });

  describe('GET /authors (REST)', () => {
    it('should embed at most the first 10 posts of each author, in 2 SQL statements', async () => {
      let response: request.Response | undefined;
      const statements = await sqlStatementsOf(async () => {
        response = await request(sut.http).get('/authors?limit=100').expect(200);
      });

      const nodes = response!.body.nodes as Array<{ id: number; posts: Ids }>;
      expect(idsOf(nodes.find((node) => node.id === prolific)!.posts)).toEqual(postIds.slice(0, 10));
      expect(nodes.every((node) => node.posts.length <= 10)).toBe(true);
      expect(statements).toBe(2);
    });
  });
});
