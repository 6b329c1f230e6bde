import { readFileSync } from 'node:fs';
import { GRAPHQL_SDL_FILE_HEADER } from '@nestjs/graphql';
import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import request from 'supertest';
import { AuthorsRepository } from '../src/authors/authors.repository';
import { type Database, DATABASE } from '../src/database/database.types';
import { QueryCounter } from '../src/database/query-counter';
import { authors } from '../src/authors/authors.table';
import { posts } from '../src/posts/posts.table';
import { CODE_FIRST_SCHEMA_FILE } from '../src/graphql/code-first/code-first-graphql.module';
import { createTestApp, type TestApp } from './utils/test-app';
import { ADA, ALAN, GRACE, type GraphqlBody, POSTS, POSTS_OF } from './utils/graphql';

describe('GraphQL code-first endpoint (POST /graphql)', () => {
  let sut: TestApp;
  let token: string;

  beforeAll(async () => {
    sut = await createTestApp();
    token = sut.aliceToken();
  });

  afterAll(() => sut.close());

  /** POST /graphql with JSON; every response is checked for leaked stack traces. */
  async function gql<T = Record<string, unknown>>(
    query: string,
    { variables, auth }: { variables?: Record<string, unknown>; auth?: string } = {},
  ): Promise<GraphqlBody<T> & { status: number }> {
    const call = request(sut.http).post('/graphql').send({ query, variables });
    if (auth) call.set('Authorization', auth);
    const response = await call;
    expect(JSON.stringify(response.body)).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
    return { status: response.status, ...(response.body as GraphqlBody<T>) };
  }

  const errorOf = (body: GraphqlBody) => {
    expect(body.errors).toHaveLength(1);
    return body.errors![0];
  };

  async function introspect(): Promise<GraphQLSchema> {
    const body = await gql<IntrospectionQuery>(getIntrospectionQuery({ inputValueDeprecation: true }));
    expect(body.errors).toBeUndefined();
    return buildClientSchema(body.data!);
  }

  describe('schema', () => {
    let schema: GraphQLSchema;
    const object = (name: string) => schema.getType(name) as GraphQLObjectType;
    const fieldTypes = (name: string) =>
      Object.fromEntries(
        Object.values(object(name).getFields()).map((field) => [field.name, String(field.type)]),
      );
    const queryField = (name: string): GraphQLField<unknown, unknown> =>
      schema.getQueryType()!.getFields()[name];
    const argsOf = (field: GraphQLField<unknown, unknown>) =>
      Object.fromEntries(field.args.map((arg) => [arg.name, [String(arg.type), arg.defaultValue]]));

    beforeAll(async () => {
      schema = await introspect();
    });

    it('should match the committed src/schema.gql (regenerate: npm run graphql:schema, or start in development)', () => {
      const generated = `${GRAPHQL_SDL_FILE_HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;

      expect(readFileSync(CODE_FIRST_SCHEMA_FILE, 'utf8')).toBe(generated);
    });

    it('should have the object types of CONTRACT §6.1, with their nullability', () => {
      expect(fieldTypes('Post')).toEqual({ id: 'Int!', title: 'String!', votes: 'Int' });
      expect(fieldTypes('Author')).toEqual({
        id: 'Int!',
        firstName: 'String',
        lastName: 'String',
        posts: '[Post!]!',
      });
      expect(fieldTypes('AuthorEdge')).toEqual({ cursor: 'String!', node: 'Author!' });
      expect(fieldTypes('PaginatedAuthor')).toEqual({
        edges: '[AuthorEdge!]',
        nodes: '[Author!]',
        totalCount: 'Int!',
        hasNextPage: 'Boolean!',
      });
      expect(fieldTypes('Warrior')).toEqual({ id: 'Int!', name: 'String!', level: 'Float!' });
      const input = schema.getType('CreatePostInput') as GraphQLInputObjectType;
      expect(Object.values(input.getFields()).map((field) => `${field.name}: ${String(field.type)}`)).toEqual(
        ['title: String!'],
      );
    });

    it('should have no type for the abstract bases (Paginated, Character, the base resolver)', () => {
      const names = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__'));
      // Exact names, so that generated features (PaginatedTag, …) in a project built on this one still pass.
      for (const abstract of ['Character', 'Paginated', 'PaginatedType', 'EdgeType', 'BaseResolverHost']) {
        expect(names).not.toContain(abstract);
      }
    });

    it('should have the queries and mutations of CONTRACT §6.1 with their arguments and defaults', () => {
      expect(String(queryField('author').type)).toBe('Author');
      expect(argsOf(queryField('author'))).toEqual({ id: ['Int!', undefined] });
      expect(String(queryField('authorByName').type)).toBe('Author');
      expect(argsOf(queryField('authorByName'))).toEqual({
        firstName: ['String', undefined],
        lastName: ['String', ''],
      });
      expect(String(queryField('authors').type)).toBe('PaginatedAuthor!');
      expect(argsOf(queryField('authors'))).toEqual({ offset: ['Int', 0], limit: ['Int', 10] });
      expect(String(queryField('findAllWarrior').type)).toBe('[Warrior!]!');
      expect(String(queryField('findAllPost').type)).toBe('[Post!]!');
      const mutations = schema.getMutationType()!.getFields();
      expect(Object.keys(mutations)).toEqual(expect.arrayContaining(['createPost', 'upvotePost']));
      expect(String(mutations.createPost.type)).toBe('Post!');
      expect(argsOf(mutations.createPost)).toEqual({
        authorId: ['Int!', undefined],
        input: ['CreatePostInput!', undefined],
      });
      expect(String(mutations.upvotePost.type)).toBe('Post!');
      expect(argsOf(mutations.upvotePost)).toEqual({ postId: ['Int!', undefined] });
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

  describe('queries on the demo data', () => {
    it.each([
      [1, ADA],
      [2, ALAN],
      [3, GRACE],
    ])('author(id: %i) should answer the author with their posts', async (id, author) => {
      const body = await gql(`{ author(id: ${id}) { id firstName lastName posts { id title votes } } }`);

      expect(body).toEqual({
        status: 200,
        data: { author: { ...author, posts: POSTS_OF[id as 1 | 2 | 3] } },
      });
    });

    it('author should answer null for an unknown id, without an error', async () => {
      await expect(gql('{ author(id: 99) { id } }')).resolves.toEqual({
        status: 200,
        data: { author: null },
      });
    });

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

    it('authorByName should answer null when no author has both names', async () => {
      await expect(
        gql('{ authorByName(firstName: "Ada", lastName: "Turing") { id } }'),
      ).resolves.toMatchObject({
        data: { authorByName: null },
      });
    });

    it('authorByName should take a nullable variable left out (undefined) or sent as null', async () => {
      const query = 'query ($first: String) { authorByName(firstName: $first, lastName: "Hopper") { id } }';

      for (const variables of [{}, { first: null }]) {
        await expect(gql(query, { variables })).resolves.toMatchObject({ data: { authorByName: { id: 3 } } });
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

  describe('authors(offset, limit): PaginatedAuthor', () => {
    const PAGE = '{ totalCount hasNextPage nodes { id firstName lastName } edges { cursor node { id } } }';
    const page = (args: string) => gql<{ authors: Record<string, unknown> }>(`{ authors${args} ${PAGE} }`);

    it('should default to offset 0 and limit 10: every demo author', async () => {
      const { data } = await page('');

      expect(data!.authors).toMatchObject({ totalCount: 3, hasNextPage: false, nodes: [ADA, ALAN, GRACE] });
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

      expect(data!.authors).toMatchObject({ nodes: [ADA, ALAN, GRACE] });
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

  describe('batching Author.posts with a DataLoader', () => {
    const queriesFor = async (query: string) => {
      const counter = sut.app.get(QueryCounter);
      const before = counter.count;
      const body = await gql(query);
      expect(body.errors).toBeUndefined();
      return counter.count - before;
    };

    it.each([1, 2, 3])('should cost 2 queries for a page of %i author(s) with their posts', async (limit) => {
      await expect(
        queriesFor(`{ authors(limit: ${limit}) { nodes { id posts { id title } } } }`),
      ).resolves.toBe(2);
    });

    it('should still cost 2 queries with totalCount, edges and nodes together (the count is a window of the page query)', async () => {
      await expect(
        queriesFor('{ authors { totalCount edges { node { posts { id } } } nodes { posts { votes } } } }'),
      ).resolves.toBe(2);
    });
  });

  describe('GET /authors (REST, same service method)', () => {
    it('should answer the same authors and posts as the GraphQL query, with 2 queries', async () => {
      const counter = sut.app.get(QueryCounter);
      const before = counter.count;
      const response = await request(sut.http).get('/authors?offset=0&limit=10').expect(200);
      const rest = counter.count - before;
      const graphql = await gql<{ authors: { nodes: unknown[] } }>(
        '{ authors(limit: 10) { nodes { id firstName lastName posts { id title votes } } } }',
      );

      expect(response.body).toEqual({
        nodes: [ADA, ALAN, GRACE].map((author) => ({ ...author, posts: POSTS_OF[author.id as 1 | 2 | 3] })),
        totalCount: 3,
        hasNextPage: false,
        offset: 0,
      });
      expect(response.body.nodes).toEqual(graphql.data!.authors.nodes);
      expect(rest).toBe(2);
    });

    it('should page with the same defaults and rules', async () => {
      const response = await request(sut.http).get('/authors?offset=1&limit=1').expect(200);
      expect(response.body).toMatchObject({ nodes: [{ id: 2 }], hasNextPage: true, offset: 1 });

      const refused = await request(sut.http).get('/authors?limit=0').expect(400);
      expect(refused.body.message).toEqual(['limit must be an integer between 1 and 100']);
    });
  });

  describe('errors', () => {
    it('should mask an unexpected error: a generic message, no details, no stack trace', async () => {
      // On the prototype: the schema-first endpoint's feature module holds a second instance.
      jest
        .spyOn(AuthorsRepository.prototype, 'getById')
        .mockRejectedValueOnce(new Error('connect ECONNREFUSED postgres://app:s3cret@db:5432'));

      const body = await gql('{ author(id: 1) { id } }');

      expect(errorOf(body)).toEqual({
        message: 'Internal server error',
        locations: [{ line: 1, column: 3 }],
        path: ['author'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      expect(JSON.stringify(body)).not.toContain('s3cret');
    });

    it('should refuse a JSON-less (simple) request: CSRF prevention', async () => {
      await request(sut.http)
        .post('/graphql')
        .set('Content-Type', 'text/plain')
        .send('{"query":"{ authorCount }"}')
        .expect(400);
    });
  });

  describe('mutations (need a token)', () => {
    const CREATE =
      'mutation ($authorId: Int!, $title: String!) { createPost(authorId: $authorId, input: { title: $title }) { id title votes } }';
    const UPVOTE = 'mutation ($postId: Int!) { upvotePost(postId: $postId) { id votes } }';
    const postCount = async () =>
      ((await gql('{ findAllPost { id } }')).data!.findAllPost as unknown[]).length;

    it.each([
      ['no Authorization header', undefined],
      ['a token that is not ours', 'Bearer nonsense'],
      ['another scheme', `Basic ${Buffer.from('alice:alice-password').toString('base64')}`],
    ])('createPost should answer UNAUTHENTICATED with %s, and create nothing', async (_case, auth) => {
      const before = await postCount();

      const body = await gql(CREATE, { variables: { authorId: 1, title: 'Uninvited' }, auth });

      expect(errorOf(body)).toMatchObject({
        message: 'Unauthorized',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(body.data).toBeNull();
      expect(await postCount()).toBe(before);
    });

    it('upvotePost should answer UNAUTHENTICATED without a token, and count nothing', async () => {
      const body = await gql(UPVOTE, { variables: { postId: 1 } });

      expect(errorOf(body).extensions.code).toBe('UNAUTHENTICATED');
      await expect(gql('{ author(id: 1) { posts { votes } } }')).resolves.toMatchObject({
        data: { author: { posts: [{ votes: 3 }] } },
      });
    });

    it('createPost should add a post to the author, visible through Author.posts', async () => {
      const body = await gql(CREATE, {
        variables: { authorId: 3, title: 'Sketch of a Compiler' },
        auth: `Bearer ${token}`,
      });

      expect(body).toEqual({
        status: 200,
        data: { createPost: { id: 5, title: 'Sketch of a Compiler', votes: null } },
      });
      await expect(gql('{ author(id: 3) { posts { id title } } }')).resolves.toMatchObject({
        data: { author: { posts: [{ id: 4 }, { id: 5, title: 'Sketch of a Compiler' }] } },
      });
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

    it.each([
      ['ab', 'title must be longer than or equal to 3 characters'],
      ['x'.repeat(51), 'title must be shorter than or equal to 50 characters'],
    ])('createPost should refuse the title %p with BAD_USER_INPUT', async (title, message) => {
      const body = await gql(CREATE, { variables: { authorId: 1, title }, auth: `Bearer ${token}` });

      expect(errorOf(body)).toMatchObject({
        message,
        path: ['createPost'],
        extensions: { code: 'BAD_USER_INPUT', validationErrors: [message] },
      });
    });

    it('createPost should refuse an input without a title before running (GraphQL validation)', async () => {
      const body = await gql('mutation { createPost(authorId: 1, input: {}) { id } }', {
        auth: `Bearer ${token}`,
      });

      expect(body.status).toBe(400);
      expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('createPost should answer NOT_FOUND for an unknown author', async () => {
      const body = await gql(CREATE, {
        variables: { authorId: 999, title: 'Ghost writer' },
        auth: `Bearer ${token}`,
      });

      expect(errorOf(body)).toMatchObject({
        message: 'Author 999 not found',
        path: ['createPost'],
        extensions: { code: 'NOT_FOUND' },
      });
      expect(body.status).toBe(200);
    });

    it('upvotePost should count a first vote on a post without votes (null → 1), then add one', async () => {
      const upvote = () => gql(UPVOTE, { variables: { postId: 4 }, auth: `Bearer ${token}` });

      await expect(upvote()).resolves.toMatchObject({ data: { upvotePost: { id: 4, votes: 1 } } });
      await expect(upvote()).resolves.toMatchObject({ data: { upvotePost: { id: 4, votes: 2 } } });
    });

    it('upvotePost should lose no vote under concurrent requests (atomic increment)', async () => {
      await Promise.all(
        Array.from({ length: 10 }, () => gql(UPVOTE, { variables: { postId: 2 }, auth: `Bearer ${token}` })),
      );

      await expect(gql('{ author(id: 2) { posts { id votes } } }')).resolves.toMatchObject({
        data: {
          author: {
            posts: [
              { id: 2, votes: 15 },
              { id: 3, votes: 2 },
            ],
          },
        },
      });
    });

    it('upvotePost should answer NOT_FOUND for an unknown post', async () => {
      const body = await gql(UPVOTE, { variables: { postId: 999 }, auth: `Bearer ${token}` });

      expect(errorOf(body)).toMatchObject({
        message: 'Post 999 not found',
        extensions: { code: 'NOT_FOUND' },
      });
    });
  });

  describe('GraphiQL in development (offline, no CDN)', () => {
    it('should serve the IDE page at GET /graphql for a browser, with same-origin assets only', async () => {
      const page = await request(sut.http).get('/graphql').set('Accept', 'text/html').expect(200);
      const html = page.text;
      const assets = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]);

      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(html).toContain('data-endpoint="/graphql"');
      expect(html).not.toMatch(/https?:\/\//);
      expect(assets).toHaveLength(6);
      expect(assets.every((url) => url.startsWith('/') && !url.startsWith('//'))).toBe(true);
      // No inline script, so helmet's Content-Security-Policy (script-src 'self') lets the page run.
      expect(html.match(/<script\b[^>]*>/g)!.every((tag) => / src="/.test(tag))).toBe(true);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");

      for (const url of assets) {
        const asset = await request(sut.http).get(url).expect(200);
        expect(asset.headers['content-type']).toMatch(
          url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
        );
        expect(Number(asset.headers['content-length'] ?? asset.text.length)).toBeGreaterThan(0);
        if (url.endsWith('.css')) expect(asset.text).not.toMatch(/url\(\s*["']?(https?:)?\/\//);
      }
    });

    it('should serve only the files it knows', async () => {
      await request(sut.http).get('/graphiql/package.json').expect(404);
      await request(sut.http).get('/graphiql/..%2F..%2Fpackage.json').expect(404);
    });
  });

  describe('batching with many authors', () => {
    beforeAll(async () => {
      // Added last: the tests above check the demo data exactly.
      const db = sut.app.get<Database>(DATABASE);
      const added = await db
        .insert(authors)
        .values(Array.from({ length: 40 }, (_, index) => ({ firstName: `Author${index}`, lastName: 'Many' })))
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
        const counter = sut.app.get(QueryCounter);
        const before = counter.count;
        const body = await gql<{ authors: { nodes: Array<{ posts: unknown[] }> } }>(
          `{ authors(limit: ${limit}) { nodes { id posts { id } } } }`,
        );

        expect(body.data!.authors.nodes).toHaveLength(limit);
        expect(body.data!.authors.nodes.slice(3).every((author) => author.posts.length === 2)).toBe(true);
        expect(counter.count - before).toBe(2);
      },
    );
  });
});
