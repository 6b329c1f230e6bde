import { GraphQLTypesLoader } from '@nestjs/graphql';
import {
  buildSchema,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import request from 'supertest';
import { type Database, DATABASE } from '../../src/database/database.types';
import { authors } from '../../src/authors/authors.table';
import { posts } from '../../src/posts/posts.table';
import { schemaFirstTypePaths } from '../../src/graphql/schema-first/typings';
import { argsOf, errorOf, fieldTypes, type GraphqlBody, graphqlClient, introspect } from '../utils/graphql';
import { ROOT } from '../utils/paths';
import { countSqlStatements } from '../utils/sql-statements';
import { useTestApp } from '../utils/test-app';
import { ADA, ALAN, AUTHORS, GRACE, POSTS, withPosts } from './blog-data';

/** What differs between the two endpoints that serve the blog, code-first and schema-first. */
interface Endpoint {
  name: string;
  path: string;
  /** The type of `Author.posts`. */
  authorPosts: string;
  /** The type createPost and upvotePost return. */
  mutationResult: string;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'code-first',
    path: '/graphql',
    authorPosts: '[Post!]!',
    mutationResult: 'Post!',
  },
  {
    name: 'schema-first',
    path: '/schema-first/graphql',
    authorPosts: '[Post]',
    mutationResult: 'Post',
  },
];
const [CODE_FIRST, SCHEMA_FIRST] = ENDPOINTS;

/** `data` when a mutation fails: a nullable field takes the null itself, a non-null one passes it up to `data`. */
const failedMutationData = (endpoint: Endpoint, field: string) =>
  endpoint.mutationResult.endsWith('!') ? null : { [field]: null };

const CREATE =
  'mutation ($authorId: Int!, $title: String!) { createPost(authorId: $authorId, input: { title: $title }) { id title votes } }';
const UPVOTE = 'mutation ($postId: Int!) { upvotePost(postId: $postId) { id votes } }';

type PostsOf = { author: { posts: Array<{ id: number; title: string; votes: number | null }> } };

/** The schema as SDL, sorted, so that two schemas compare as text. */
const sdlOf = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));

// The demo's blog (authors, posts, warriors) on both endpoints. What the endpoints do for any feature (limits,
// errors, GraphiQL, tokens on mutations) is tried on the test-only probe: test/graphql-endpoints.e2e-spec.ts.
// One app for the file: the tests that read the exact demo data come first, the writes after them.
describe('GraphQL endpoints (code-first /graphql, schema-first /schema-first/graphql)', () => {
  const sut = useTestApp();
  const asAlice = () => ({ auth: `Bearer ${sut.aliceToken()}` });
  const codeFirst = graphqlClient(sut, CODE_FIRST.path);
  const schemaFirst = graphqlClient(sut, SCHEMA_FIRST.path);

  /** How many SQL statements `run` costs. */
  const sqlQueriesOf = async (run: () => Promise<unknown>) =>
    (await countSqlStatements(sut.app, run)).statements;

  const postsOf = async (authorId: number, gql = codeFirst) =>
    (await gql<PostsOf>(`{ author(id: ${authorId}) { posts { id title votes } } }`)).data!.author.posts;
  // findAllPost answers a page (10 by default): the largest one counts every post these tests create.
  const postCount = async () =>
    ((await codeFirst('{ findAllPost(limit: 100) { id } }')).data!.findAllPost as unknown[]).length;

  describe('on the demo data, read only', () => {
    describe.each(ENDPOINTS)('$name endpoint ($path)', (endpoint) => {
      const gql = graphqlClient(sut, endpoint.path);

      describe('schema (introspection)', () => {
        let schema: GraphQLSchema;

        beforeAll(async () => {
          schema = await introspect(gql);
        });

        // Fields present with their types, not the exact list: a feature may add one (e.g. Author.books).
        it(`should have the Author and Post types, Author.posts as ${endpoint.authorPosts}`, () => {
          expect(fieldTypes(schema, 'Author')).toMatchObject({
            id: 'Int!',
            firstName: 'String',
            lastName: 'String',
            posts: endpoint.authorPosts,
          });
          expect(fieldTypes(schema, 'Post')).toMatchObject({ id: 'Int!', title: 'String!', votes: 'Int' });
          expect(fieldTypes(schema, 'CreatePostInput')).toMatchObject({ title: 'String!' });
        });

        it(`should have author(id) and the mutations, returning ${endpoint.mutationResult}`, () => {
          const { author } = schema.getQueryType()!.getFields();
          expect(String(author.type)).toBe('Author');
          expect(argsOf(author)).toEqual({ id: ['Int!', undefined] });

          const mutations = schema.getMutationType()!.getFields();
          expect(Object.keys(mutations)).toEqual(expect.arrayContaining(['createPost', 'upvotePost']));
          expect(String(mutations.createPost.type)).toBe(endpoint.mutationResult);
          expect(argsOf(mutations.createPost)).toEqual({
            authorId: ['Int!', undefined],
            input: ['CreatePostInput!', undefined],
          });
          expect(String(mutations.upvotePost.type)).toBe(endpoint.mutationResult);
          expect(argsOf(mutations.upvotePost)).toEqual({ postId: ['Int!', undefined] });
        });
      });

      describe('queries', () => {
        it.each(AUTHORS.map((author) => [author.id, author]))(
          'author(id: %i) should answer the author with their posts',
          async (id, author) => {
            const body = await gql(
              `{ author(id: ${id}) { id firstName lastName posts { id title votes } } }`,
            );

            expect(body).toEqual({ status: 200, data: { author: withPosts(author) } });
          },
        );

        it('author should answer null for an unknown id, without an error', async () => {
          await expect(gql('{ author(id: 99) { id posts { id } } }')).resolves.toEqual({
            status: 200,
            data: { author: null },
          });
        });

        it('should load the posts of three authors in one SQL query (DataLoader)', async () => {
          let body: GraphqlBody | undefined;
          const queries = await sqlQueriesOf(async () => {
            body = await gql(
              '{ a: author(id: 1) { posts { id } } b: author(id: 2) { posts { id } } c: author(id: 3) { posts { id } } }',
            );
          });

          expect(body).toEqual({
            status: 200,
            data: {
              a: { posts: [{ id: 1 }] },
              b: { posts: [{ id: 2 }, { id: 3 }] },
              c: { posts: [{ id: 4 }] },
            },
          });
          // One query for the three authors (the request's loader), one for their posts.
          expect(queries).toBe(2);
        });
      });
    });

    describe('both endpoints', () => {
      it('should answer the same authors and posts', async () => {
        const query = '{ author(id: 2) { id firstName lastName posts { id title votes } } }';

        const [fromSchemaFirst, fromCodeFirst] = await Promise.all([schemaFirst(query), codeFirst(query)]);

        expect(fromSchemaFirst.data).toEqual(fromCodeFirst.data);
      });
    });

    describe('code-first only (/graphql)', () => {
      const gql = codeFirst;

      describe('schema', () => {
        let schema: GraphQLSchema;
        const object = (name: string) => schema.getType(name) as GraphQLObjectType;
        const queryField = (name: string): GraphQLField<unknown, unknown> =>
          schema.getQueryType()!.getFields()[name];

        beforeAll(async () => {
          schema = await introspect(gql);
        });

        it('should have the page and warrior types, with their nullability', () => {
          expect(fieldTypes(schema, 'AuthorEdge')).toMatchObject({ cursor: 'String!', node: 'Author!' });
          expect(fieldTypes(schema, 'PaginatedAuthor')).toMatchObject({
            edges: '[AuthorEdge!]',
            nodes: '[Author!]',
            totalCount: 'Int!',
            hasNextPage: 'Boolean!',
          });
          expect(fieldTypes(schema, 'Warrior')).toMatchObject({
            id: 'Int!',
            name: 'String!',
            level: 'Float!',
          });
        });

        it('should have no type for the abstract bases (Paginated, Character, the base resolver)', () => {
          const names = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__'));
          // Exact names, so that generated features (PaginatedTag, …) in a project built on this one still pass.
          for (const abstract of [
            'Character',
            'Paginated',
            'PaginatedType',
            'EdgeType',
            'BaseResolverHost',
          ]) {
            expect(names).not.toContain(abstract);
          }
        });

        it('should have the other queries with their arguments and defaults', () => {
          expect(String(queryField('authorByName').type)).toBe('Author');
          expect(argsOf(queryField('authorByName'))).toEqual({
            firstName: ['String', undefined],
            lastName: ['String', ''],
          });
          expect(String(queryField('authors').type)).toBe('PaginatedAuthor!');
          expect(argsOf(queryField('authors'))).toEqual({ offset: ['Int', 0], limit: ['Int', 10] });
          expect(String(queryField('findAllWarrior').type)).toBe('[Warrior!]!');
          expect(String(queryField('findAllPost').type)).toBe('[Post!]!');
          for (const findAll of ['findAllWarrior', 'findAllPost']) {
            expect(argsOf(queryField(findAll))).toEqual({ offset: ['Int', 0], limit: ['Int', 10] });
          }
        });

        it('should show each field and query option at least once', () => {
          expect(object('Author').description).toBe('An author of posts.'); // type description
          expect(object('Author').getFields().firstName.description).toBe('Given name.'); // field description
          expect(object('AuthorStats').getFields().votes.deprecationReason).toBe('Use totalVotes.'); // deprecated field
          expect(queryField('authors').description).toBe('A page of authors, in id order.'); // query description
          expect(queryField('authorCount').deprecationReason).toBe('Use authors { totalCount }.'); // deprecated query
          expect(String(queryField('authorsByIds').type)).toBe('[Author]!'); // nullable: 'items'
          expect(String(queryField('postVotes').type)).toBe('[Int]'); // nullable: 'itemsAndList'
          expect(String(queryField('postIdsByAuthor').type)).toBe('[[Int!]!]!'); // nested list
        });
      });

      describe('queries', () => {
        it.each([
          ['no arguments: any author, the first by id', '', ADA],
          ['firstName only', '(firstName: "Alan")', ALAN],
          ['lastName only (firstName undefined)', '(lastName: "Hopper")', GRACE],
          ['firstName null', '(firstName: null, lastName: "Turing")', ALAN],
          ['lastName null', '(firstName: "Grace", lastName: null)', GRACE],
          ['lastName empty (the default)', '(firstName: "Ada", lastName: "")', ADA],
          ['both names', '(firstName: "Ada", lastName: "Lovelace")', ADA],
        ])('authorByName with %s', async (_case, args, author) => {
          await expect(gql(`{ authorByName${args} { id firstName lastName } }`)).resolves.toEqual({
            status: 200,
            data: { authorByName: author },
          });
        });

        it('GraphiQL should open on the authors with a list of theirs, which runs without a token', async () => {
          const page = await request(sut.http).get('/graphql').set('Accept', 'text/html').expect(200);
          const [, attribute] = /data-default-query="([^"]*)"/.exec(page.text)!;
          const query = attribute.replace(/&#(\d+);/g, (_match, code: string) =>
            String.fromCharCode(Number(code)),
          );

          const body = (await gql(query)) as GraphqlBody<{ authors: { nodes: Record<string, unknown>[] } }>;

          expect(query).toMatch(/authors \{\s+nodes \{[^}]*\b(posts|books) \{/);
          expect(body.errors).toBeUndefined();
          expect(body.data!.authors.nodes.map((author) => author.id)).toEqual(
            AUTHORS.map((author) => author.id),
          );
        });

        it('authorByName should answer null when no author has both names', async () => {
          await expect(
            gql('{ authorByName(firstName: "Ada", lastName: "Turing") { id } }'),
          ).resolves.toMatchObject({
            data: { authorByName: null },
          });
        });

        it('authorByName should take a nullable variable left out (undefined) or sent as null', async () => {
          const query =
            'query ($first: String) { authorByName(firstName: $first, lastName: "Hopper") { id } }';

          for (const variables of [{}, { first: null }]) {
            await expect(gql(query, { variables })).resolves.toMatchObject({
              data: { authorByName: { id: 3 } },
            });
          }
        });

        it('authorByName should refuse a lastName shorter than 3 characters with BAD_USER_INPUT', async () => {
          const body = await gql('{ authorByName(lastName: "Tu") { id } }');

          expect(errorOf(body)).toEqual({
            message: 'lastName must be longer than or equal to 3 characters',
            locations: [{ line: 1, column: 3 }],
            path: ['authorByName'],
            extensions: {
              code: 'BAD_USER_INPUT',
              validationErrors: ['lastName must be longer than or equal to 3 characters'],
            },
          });
          expect(body.data).toEqual({ authorByName: null });
        });

        it('findAllWarrior should list the demo warriors, level as a Float', async () => {
          await expect(gql('{ findAllWarrior { id name level } }')).resolves.toEqual({
            status: 200,
            data: {
              findAllWarrior: [
                { id: 1, name: 'Boudica', level: 12 },
                { id: 2, name: 'Miyamoto Musashi', level: 9.5 },
              ],
            },
          });
        });

        it('findAllPost should list the demo posts', async () => {
          await expect(gql('{ findAllPost { id title votes } }')).resolves.toEqual({
            status: 200,
            data: { findAllPost: POSTS },
          });
        });

        it('authorsByIds should answer one entry per id, null for an unknown one', async () => {
          await expect(gql('{ authorsByIds(ids: [3, 42, 1]) { id } }')).resolves.toMatchObject({
            data: { authorsByIds: [{ id: 3 }, null, { id: 1 }] },
          });
        });

        it('postVotes should answer null for an unknown author and null entries for posts without votes', async () => {
          await expect(
            gql(
              '{ ada: postVotes(authorId: 1) alan: postVotes(authorId: 2) grace: postVotes(authorId: 3) nobody: postVotes(authorId: 9) }',
            ),
          ).resolves.toEqual({ status: 200, data: { ada: [3], alan: [5, 2], grace: [null], nobody: null } });
        });

        it('postIdsByAuthor should answer a list of post ids per author', async () => {
          await expect(gql('{ postIdsByAuthor(authorIds: [2, 1, 9]) }')).resolves.toEqual({
            status: 200,
            data: { postIdsByAuthor: [[2, 3], [1], []] },
          });
        });

        it('authorStats should count over the posts, null votes as 0, and keep the deprecated field working', async () => {
          await expect(
            gql(
              '{ alan: authorStats(authorId: 2) { authorId postCount totalVotes votes } nobody: authorStats(authorId: 9) { authorId } }',
            ),
          ).resolves.toEqual({
            status: 200,
            data: { alan: { authorId: 2, postCount: 2, totalVotes: 7, votes: 7 }, nobody: null },
          });
        });

        it('the deprecated authorCount should still answer', async () => {
          await expect(gql('{ authorCount }')).resolves.toEqual({ status: 200, data: { authorCount: 3 } });
        });
      });

      describe('AuthorStats.rank (a field that needs a token)', () => {
        const query = '{ authorStats(authorId: 2) { authorId totalVotes rank } }';

        it.each([
          ['no token', undefined],
          ['a token that is not ours', 'Bearer not-a-token'],
        ])(
          'should answer null for rank with UNAUTHENTICATED with %s, the rest intact',
          async (_case, auth) => {
            const body = await gql(query, { auth });

            expect(body.data).toEqual({ authorStats: { authorId: 2, totalVotes: 7, rank: null } });
            expect(body.errors).toEqual([
              {
                message: 'Unauthorized',
                locations: [{ line: 1, column: 50 }],
                path: ['authorStats', 'rank'],
                extensions: { code: 'UNAUTHENTICATED' },
              },
            ]);
          },
        );

        it('should rank the authors by total votes with a valid token', async () => {
          const ranks = '{ ada: authorStats(authorId: 1) { rank } alan: authorStats(authorId: 2) { rank } }';

          await expect(gql(ranks, asAlice())).resolves.toEqual({
            status: 200,
            data: { ada: { rank: 2 }, alan: { rank: 1 } },
          });
        });
      });

      describe('authors(offset, limit): PaginatedAuthor', () => {
        const PAGE =
          '{ totalCount hasNextPage nodes { id firstName lastName } edges { cursor node { id } } }';
        const page = (args: string) =>
          gql<{ authors: Record<string, unknown> }>(`{ authors${args} ${PAGE} }`);

        it('should default to offset 0 and limit 10: every demo author', async () => {
          const { data } = await page('');

          expect(data!.authors).toMatchObject({ totalCount: 3, hasNextPage: false, nodes: AUTHORS });
          expect((data!.authors.edges as Array<{ node: unknown }>).map((edge) => edge.node)).toEqual([
            { id: 1 },
            { id: 2 },
            { id: 3 },
          ]);
        });

        it('should give the first page and say another follows', async () => {
          const { data } = await page('(limit: 2)');

          expect(data!.authors).toMatchObject({ totalCount: 3, hasNextPage: true, nodes: [ADA, ALAN] });
        });

        it('should give the last page and say none follows', async () => {
          const { data } = await page('(offset: 2, limit: 2)');

          expect(data!.authors).toMatchObject({ totalCount: 3, hasNextPage: false, nodes: [GRACE] });
        });

        it('should give an empty page past the end, still with the total', async () => {
          const { data } = await page('(offset: 10)');

          expect(data!.authors).toEqual({ totalCount: 3, hasNextPage: false, nodes: [], edges: [] });
        });

        it('should take null as the default', async () => {
          const { data } = await page('(offset: null, limit: null)');

          expect(data!.authors).toMatchObject({ nodes: AUTHORS });
        });

        it('should give opaque cursors that stay the same across pages', async () => {
          const all = await page('');
          const second = await page('(offset: 1, limit: 1)');
          const cursors = (all.data!.authors.edges as Array<{ cursor: string }>).map((edge) => edge.cursor);

          expect(new Set(cursors).size).toBe(3);
          expect(cursors.every((cursor) => typeof cursor === 'string' && !/^\d+$/.test(cursor))).toBe(true);
          expect((second.data!.authors.edges as Array<{ cursor: string }>)[0].cursor).toBe(cursors[1]);
        });

        it.each([
          ['(limit: 0)', ['limit must be an integer between 1 and 100']],
          ['(limit: 101)', ['limit must be an integer between 1 and 100']],
          ['(offset: -1)', ['offset must be an integer, 0 or more']],
          [
            '(offset: -1, limit: 1000)',
            ['offset must be an integer, 0 or more', 'limit must be an integer between 1 and 100'],
          ],
        ])('should refuse %s with BAD_USER_INPUT', async (args, messages) => {
          const body = await page(args);

          expect(errorOf(body)).toMatchObject({
            message: messages.join('; '),
            path: ['authors'],
            extensions: { code: 'BAD_USER_INPUT', validationErrors: messages },
          });
          expect(body.data).toBeNull();
        });

        it('should refuse a limit that is not an Int before running (GraphQL validation)', async () => {
          const body = await page('(limit: "ten")');

          expect(body.status).toBe(400);
          expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
        });
      });

      describe('batching Author.posts of a page with a DataLoader', () => {
        const queriesFor = (query: string) =>
          sqlQueriesOf(async () => expect((await gql(query)).errors).toBeUndefined());

        it.each([1, 2, 3])(
          'should cost 2 queries for a page of %i author(s) with their posts',
          async (limit) => {
            await expect(
              queriesFor(`{ authors(limit: ${limit}) { nodes { id posts { id title } } } }`),
            ).resolves.toBe(2);
          },
        );

        it('should still cost 2 queries with totalCount, edges and nodes together (the count is a window of the page query)', async () => {
          await expect(
            queriesFor(
              '{ authors { totalCount edges { node { posts { id } } } nodes { posts { votes } } } }',
            ),
          ).resolves.toBe(2);
        });
      });

      describe('GET /authors (REST, same service method)', () => {
        it('should answer the same authors and posts as the GraphQL query, with 2 queries', async () => {
          let response: request.Response | undefined;
          const rest = await sqlQueriesOf(async () => {
            response = await request(sut.http).get('/authors?offset=0&limit=10').expect(200);
          });
          const graphql = await gql<{ authors: { nodes: unknown[] } }>(
            '{ authors(limit: 10) { nodes { id firstName lastName posts { id title votes } } } }',
          );

          expect(response!.body).toEqual({
            nodes: AUTHORS.map(withPosts),
            totalCount: 3,
            hasNextPage: false,
            offset: 0,
          });
          expect(response!.body.nodes).toEqual(graphql.data!.authors.nodes);
          expect(rest).toBe(2);
        });

        it('should page with the same defaults and rules', async () => {
          const response = await request(sut.http).get('/authors?offset=1&limit=1').expect(200);
          expect(response.body).toMatchObject({ nodes: [{ id: 2 }], hasNextPage: true, offset: 1 });

          const refused = await request(sut.http).get('/authors?limit=0').expect(400);
          expect(refused.body.message).toEqual(['limit must be an integer between 1 and 100']);
        });
      });
    });

    describe('schema-first only (/schema-first/graphql)', () => {
      const gql = schemaFirst;

      it('should serve exactly the schema of the src/**/*.graphql files: no code-first type, field or query', async () => {
        const schema = await introspect(gql);
        // The files merged the way the endpoint merges them (one Query type out of many files).
        const files = await new GraphQLTypesLoader().mergeTypesByPaths(schemaFirstTypePaths(ROOT));
        const names = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__'));

        expect(sdlOf(schema)).toBe(sdlOf(buildSchema(files)));
        expect(names).not.toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^(PaginatedAuthor|AuthorEdge|AuthorStats|Warrior)$/),
          ]),
        );
        expect(schema.getQueryType()!.getFields()).not.toHaveProperty('authorByName');
      });

      it('should refuse a code-first query before running (GraphQL validation)', async () => {
        const body = await gql('{ authorByName(firstName: "Ada") { id } }');

        expect(body.status).toBe(400);
        expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      });

      it('should load an author asked for twice in one request once', async () => {
        const queries = await sqlQueriesOf(async () => {
          expect(
            (await gql('{ a: author(id: 1) { id } b: author(id: 1) { firstName } }')).errors,
          ).toBeUndefined();
        });

        expect(queries).toBe(1);
      });
    });
  });

  // Each test reads the state it changes first: both endpoints write to the same store.
  describe('writes', () => {
    describe.each(ENDPOINTS)('$name endpoint ($path): mutations (need a token)', (endpoint) => {
      const gql = graphqlClient(sut, endpoint.path);
      const createPost = async (authorId: number, title: string) => {
        const body = await gql<{ createPost: { id: number } }>(CREATE, {
          variables: { authorId, title },
          ...asAlice(),
        });
        expect(body.errors).toBeUndefined();
        return body.data!.createPost.id;
      };

      it.each([
        ['no Authorization header', undefined],
        ['a token that is not ours', 'Bearer nonsense'],
        ['another scheme', `Basic ${Buffer.from('alice:alice-password').toString('base64')}`],
      ])('createPost should answer UNAUTHENTICATED with %s, and create nothing', async (_case, auth) => {
        const before = await postCount();

        const body = await gql(CREATE, { variables: { authorId: 1, title: 'Uninvited' }, auth });

        expect(errorOf(body)).toMatchObject({
          message: 'Unauthorized',
          path: ['createPost'],
          extensions: { code: 'UNAUTHENTICATED' },
        });
        expect(body.data).toEqual(failedMutationData(endpoint, 'createPost'));
        expect(await postCount()).toBe(before);
      });

      it('upvotePost should answer UNAUTHENTICATED without a token, and count nothing', async () => {
        const before = await postsOf(1);

        const body = await gql(UPVOTE, { variables: { postId: 1 } });

        expect(errorOf(body)).toMatchObject({
          path: ['upvotePost'],
          extensions: { code: 'UNAUTHENTICATED' },
        });
        expect(await postsOf(1)).toEqual(before);
      });

      it('createPost should add a post to the author, visible through Author.posts', async () => {
        const before = await postsOf(3, gql);

        const body = await gql(CREATE, {
          variables: { authorId: 3, title: 'Sketch of a Compiler' },
          ...asAlice(),
        });

        expect(body).toEqual({
          status: 200,
          data: { createPost: { id: expect.any(Number), title: 'Sketch of a Compiler', votes: null } },
        });
        const created = body.data!.createPost as { id: number };
        expect(created.id).toBeGreaterThan(Math.max(...before.map((post) => post.id)));
        expect(await postsOf(3, gql)).toEqual([
          ...before,
          { ...created, title: 'Sketch of a Compiler', votes: null },
        ]);
      });

      it('createPost should work with a token from POST /auth/login', async () => {
        const login = await request(sut.http)
          .post('/auth/login')
          .send({ username: 'bob', password: 'bob-password' })
          .expect(200);

        const body = await gql(CREATE, {
          variables: { authorId: 1, title: 'x'.repeat(50) },
          auth: `Bearer ${login.body.access_token as string}`,
        });

        expect(body.data).toEqual({
          createPost: { id: expect.any(Number), title: 'x'.repeat(50), votes: null },
        });
      });

      it.each(['abc', 'x'.repeat(50)])(
        'createPost should accept a title of 3 to 50 characters (%s)',
        async (title) => {
          const body = await gql(CREATE, { variables: { authorId: 1, title }, ...asAlice() });

          expect(body.data).toEqual({ createPost: { id: expect.any(Number), title, votes: null } });
        },
      );

      it.each([
        ['ab', 'title must be longer than or equal to 3 characters'],
        ['x'.repeat(51), 'title must be shorter than or equal to 50 characters'],
      ])('createPost should refuse the title %p with BAD_USER_INPUT', async (title, message) => {
        const before = await postCount();

        const body = await gql(CREATE, { variables: { authorId: 1, title }, ...asAlice() });

        expect(errorOf(body)).toMatchObject({
          message,
          path: ['createPost'],
          extensions: { code: 'BAD_USER_INPUT', validationErrors: [message] },
        });
        expect(body.data).toEqual(failedMutationData(endpoint, 'createPost'));
        expect(await postCount()).toBe(before);
      });

      it('createPost should refuse an input without a title before running (GraphQL validation)', async () => {
        const body = await gql('mutation { createPost(authorId: 1, input: {}) { id } }', asAlice());

        expect(body.status).toBe(400);
        expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      });

      it('createPost should answer NOT_FOUND for an unknown author', async () => {
        const body = await gql(CREATE, { variables: { authorId: 999, title: 'Ghost writer' }, ...asAlice() });

        expect(body.status).toBe(200);
        expect(errorOf(body)).toEqual({
          message: 'Author 999 not found',
          locations: [{ line: 1, column: 47 }],
          path: ['createPost'],
          extensions: { code: 'NOT_FOUND' },
        });
        expect(body.data).toEqual(failedMutationData(endpoint, 'createPost'));
      });

      it('upvotePost should count a first vote on a post without votes (null → 1), then add one', async () => {
        const postId = await createPost(3, 'Not voted on yet');
        const upvote = () => gql(UPVOTE, { variables: { postId }, ...asAlice() });

        await expect(upvote()).resolves.toEqual({
          status: 200,
          data: { upvotePost: { id: postId, votes: 1 } },
        });
        await expect(upvote()).resolves.toEqual({
          status: 200,
          data: { upvotePost: { id: postId, votes: 2 } },
        });
      });

      it('upvotePost should lose no vote under concurrent requests (atomic increment)', async () => {
        const before = await postsOf(2);
        expect(before.map((post) => post.id)).toEqual([2, 3]);

        await Promise.all(
          Array.from({ length: 10 }, () => gql(UPVOTE, { variables: { postId: 2 }, ...asAlice() })),
        );

        // Ten more on post 2, none on the author's other post.
        expect(await postsOf(2)).toEqual([{ ...before[0], votes: before[0].votes! + 10 }, before[1]]);
      });

      it('upvotePost should answer NOT_FOUND for an unknown post', async () => {
        const body = await gql(UPVOTE, { variables: { postId: 999 }, ...asAlice() });

        expect(errorOf(body)).toMatchObject({
          message: 'Post 999 not found',
          path: ['upvotePost'],
          extensions: { code: 'NOT_FOUND' },
        });
        expect(body.data).toEqual(failedMutationData(endpoint, 'upvotePost'));
      });
    });

    describe('one store behind both endpoints', () => {
      it.each([
        { writer: SCHEMA_FIRST, reader: CODE_FIRST },
        { writer: CODE_FIRST, reader: SCHEMA_FIRST },
      ])(
        'should read through $reader.path a post created through $writer.path',
        async ({ writer, reader }) => {
          const title = `Written ${writer.name}`;
          const body = await graphqlClient(sut, writer.path)(CREATE, {
            variables: { authorId: 2, title },
            ...asAlice(),
          });
          const created = body.data!.createPost as { id: number };

          expect(await postsOf(2, graphqlClient(sut, reader.path))).toContainEqual({
            id: created.id,
            title,
            votes: null,
          });
        },
      );

      it('should count votes from both endpoints on the same post', async () => {
        const [, before] = await postsOf(2);
        expect(before).toMatchObject({ id: 3, title: POSTS[2].title });

        for (const gql of [schemaFirst, codeFirst])
          await gql(UPVOTE, { variables: { postId: 3 }, ...asAlice() });

        for (const gql of [schemaFirst, codeFirst]) {
          expect(await postsOf(2, gql)).toContainEqual({ ...before, votes: before.votes! + 2 });
        }
      });
    });

    describe('code-first: batching with many authors', () => {
      beforeAll(async () => {
        // Added last: every test above reads the demo authors exactly.
        const db = sut.app.get<Database>(DATABASE);
        const added = await db
          .insert(authors)
          .values(
            Array.from({ length: 40 }, (_, index) => ({ firstName: `Author${index}`, lastName: 'Many' })),
          )
          .returning({ id: authors.id });
        await db.insert(posts).values(
          added.flatMap(({ id }) => [
            { title: `First of ${id}`, authorId: id },
            { title: `Second of ${id}`, authorId: id },
          ]),
        );
      });

      it.each([10, 25, 43])(
        'should cost 2 queries for a page of %i authors with their posts',
        async (limit) => {
          let body: GraphqlBody<{ authors: { nodes: Array<{ posts: unknown[] }> } }> | undefined;
          const queries = await sqlQueriesOf(async () => {
            body = await codeFirst(`{ authors(limit: ${limit}) { nodes { id posts { id } } } }`);
          });

          expect(body!.data!.authors.nodes).toHaveLength(limit);
          expect(body!.data!.authors.nodes.slice(3).every((author) => author.posts.length === 2)).toBe(true);
          expect(queries).toBe(2);
        },
      );
    });
  });
});
