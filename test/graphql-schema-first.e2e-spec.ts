import { GraphQLTypesLoader } from '@nestjs/graphql';
import {
  buildClientSchema,
  buildSchema,
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
import { QueryCounter } from '../src/database/query-counter';
import { CODE_FIRST_PATH } from '../src/graphql/code-first/code-first-graphql.module';
import { SCHEMA_FIRST_PATH } from '../src/graphql/schema-first/schema-first-graphql.module';
import { schemaFirstTypePaths } from '../src/graphql/schema-first/typings';
import { ROOT } from './utils/paths';
import { createTestApp, type TestApp } from './utils/test-app';
import { ADA, ALAN, GRACE, type GraphqlBody, POSTS_OF } from './utils/graphql';

const CREATE =
  'mutation ($authorId: Int!, $title: String!) { createPost(authorId: $authorId, input: { title: $title }) { id title votes } }';
const UPVOTE = 'mutation ($postId: Int!) { upvotePost(postId: $postId) { id votes } }';

/** The schema as SDL, sorted, so that two schemas compare as text. */
const sdlOf = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));

describe('GraphQL schema-first endpoint (POST /schema-first/graphql)', () => {
  let sut: TestApp;
  let token: string;

  beforeAll(async () => {
    sut = await createTestApp();
    token = sut.aliceToken();
  });

  afterAll(() => sut.close());

  /** POST with JSON to one endpoint (this one unless told); every response is checked for leaked stack traces. */
  async function gql<T = Record<string, unknown>>(
    query: string,
    {
      variables,
      auth,
      path = SCHEMA_FIRST_PATH,
    }: { variables?: Record<string, unknown>; auth?: string; path?: string } = {},
  ): Promise<GraphqlBody<T> & { status: number }> {
    const call = request(sut.http).post(path).send({ query, variables });
    if (auth) call.set('Authorization', auth);
    const response = await call;
    expect(JSON.stringify(response.body)).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
    return { status: response.status, ...(response.body as GraphqlBody<T>) };
  }

  const errorOf = (body: GraphqlBody) => {
    expect(body.errors).toHaveLength(1);
    return body.errors![0];
  };

  async function introspect(path: string): Promise<GraphQLSchema> {
    const body = await gql<IntrospectionQuery>(getIntrospectionQuery({ inputValueDeprecation: true }), {
      path,
    });
    expect(body.errors).toBeUndefined();
    return buildClientSchema(body.data!);
  }

  describe('schema (introspection)', () => {
    let schema: GraphQLSchema;
    let codeFirst: GraphQLSchema;
    const fieldTypes = (name: string, of = schema) =>
      Object.fromEntries(
        Object.values((of.getType(name) as GraphQLObjectType).getFields()).map((field) => [
          field.name,
          String(field.type),
        ]),
      );
    const argsOf = (field: GraphQLField<unknown, unknown>) =>
      Object.fromEntries(field.args.map((arg) => [arg.name, String(arg.type)]));
    const namedTypes = (of: GraphQLSchema) =>
      Object.keys(of.getTypeMap()).filter((name) => !name.startsWith('__'));

    beforeAll(async () => {
      [schema, codeFirst] = await Promise.all([introspect(SCHEMA_FIRST_PATH), introspect(CODE_FIRST_PATH)]);
    });

    it('should have the object types of CONTRACT §6.2: Author.posts is [Post], list and items nullable', () => {
      expect(fieldTypes('Author')).toEqual({
        id: 'Int!',
        firstName: 'String',
        lastName: 'String',
        posts: '[Post]',
      });
      expect(fieldTypes('Post')).toEqual({ id: 'Int!', title: 'String!', votes: 'Int' });
      const input = schema.getType('CreatePostInput') as GraphQLInputObjectType;
      expect(Object.values(input.getFields()).map((field) => `${field.name}: ${String(field.type)}`)).toEqual(
        ['title: String!'],
      );
    });

    it('should have the query and the mutations of CONTRACT §6.2, the mutations returning a nullable Post', () => {
      const author = schema.getQueryType()!.getFields().author;
      expect(String(author.type)).toBe('Author');
      expect(argsOf(author)).toEqual({ id: 'Int!' });

      const { createPost, upvotePost } = schema.getMutationType()!.getFields();
      expect(String(createPost.type)).toBe('Post');
      expect(argsOf(createPost)).toEqual({ authorId: 'Int!', input: 'CreatePostInput!' });
      expect(String(upvotePost.type)).toBe('Post');
      expect(argsOf(upvotePost)).toEqual({ postId: 'Int!' });
    });

    it('should serve exactly the schema of the src/**/*.graphql files: no code-first type, field or query', async () => {
      // The files merged the way the endpoint merges them (one Query type out of many files).
      const files = await new GraphQLTypesLoader().mergeTypesByPaths(schemaFirstTypePaths(ROOT));

      expect(sdlOf(schema)).toBe(sdlOf(buildSchema(files)));
      expect(namedTypes(schema)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(PaginatedAuthor|AuthorEdge|AuthorStats|Warrior)$/)]),
      );
      expect(schema.getQueryType()!.getFields()).not.toHaveProperty('authorByName');
    });

    // Both declare Author, Post, author, createPost and upvotePost: each endpoint must keep its own form.
    it('should leave the code-first endpoint its own types: [Post!]! and Post! where this one has [Post] and Post', () => {
      const mutations = codeFirst.getMutationType()!.getFields();

      expect(fieldTypes('Author', codeFirst).posts).toBe('[Post!]!');
      expect([mutations.createPost, mutations.upvotePost].map((field) => String(field.type))).toEqual([
        'Post!',
        'Post!',
      ]);
      expect(codeFirst.getQueryType()!.getFields()).toHaveProperty('authorByName');
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
      await expect(gql('{ author(id: 99) { id posts { id } } }')).resolves.toEqual({
        status: 200,
        data: { author: null },
      });
    });

    it('should answer the same authors and posts as the code-first endpoint', async () => {
      const query = '{ author(id: 2) { id firstName lastName posts { id title votes } } }';

      const [schemaFirst, codeFirst] = await Promise.all([gql(query), gql(query, { path: CODE_FIRST_PATH })]);

      expect(schemaFirst.data).toEqual(codeFirst.data);
    });

    it('should refuse an unknown field before running (GraphQL validation)', async () => {
      const body = await gql('{ authorByName(firstName: "Ada") { id } }');

      expect(body.status).toBe(400);
      expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });

  describe('batching with DataLoaders', () => {
    const queriesFor = async (query: string) => {
      const counter = sut.app.get(QueryCounter);
      const before = counter.count;
      const body = await gql(query);
      expect(body.errors).toBeUndefined();
      return { body, queries: counter.count - before };
    };

    it('should cost 2 queries for three authors with their posts: one for the authors, one for the posts', async () => {
      const { body, queries } = await queriesFor(
        '{ a: author(id: 1) { posts { id } } b: author(id: 2) { posts { id } } c: author(id: 3) { posts { id } } }',
      );

      expect(body.data).toEqual({
        a: { posts: [{ id: 1 }] },
        b: { posts: [{ id: 2 }, { id: 3 }] },
        c: { posts: [{ id: 4 }] },
      });
      expect(queries).toBe(2);
    });

    it('should load an author asked for twice in one request once', async () => {
      const { queries } = await queriesFor('{ a: author(id: 1) { id } b: author(id: 1) { firstName } }');

      expect(queries).toBe(1);
    });
  });

  describe('mutations (need a token)', () => {
    const postCount = async () =>
      ((await gql('{ findAllPost { id } }', { path: CODE_FIRST_PATH })).data!.findAllPost as unknown[])
        .length;

    it.each([
      ['no Authorization header', undefined],
      ['a token that is not ours', 'Bearer nonsense'],
    ])('createPost should answer UNAUTHENTICATED with %s, and create nothing', async (_case, auth) => {
      const before = await postCount();

      const body = await gql(CREATE, { variables: { authorId: 1, title: 'Uninvited' }, auth });

      expect(errorOf(body)).toMatchObject({
        message: 'Unauthorized',
        path: ['createPost'],
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(body.data).toEqual({ createPost: null });
      expect(await postCount()).toBe(before);
    });

    it('upvotePost should answer UNAUTHENTICATED without a token, and count nothing', async () => {
      const body = await gql(UPVOTE, { variables: { postId: 1 } });

      expect(errorOf(body)).toMatchObject({ path: ['upvotePost'], extensions: { code: 'UNAUTHENTICATED' } });
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
        data: { createPost: { id: expect.any(Number), title: 'Sketch of a Compiler', votes: null } },
      });
      const created = (body.data!.createPost as { id: number }).id;
      await expect(gql('{ author(id: 3) { posts { id title } } }')).resolves.toMatchObject({
        data: { author: { posts: [{ id: 4 }, { id: created, title: 'Sketch of a Compiler' }] } },
      });
    });

    it.each(['abc', 'x'.repeat(50)])(
      'createPost should accept a title of 3 to 50 characters (%s)',
      async (title) => {
        const body = await gql(CREATE, { variables: { authorId: 1, title }, auth: `Bearer ${token}` });

        expect(body.data).toEqual({ createPost: { id: expect.any(Number), title, votes: null } });
      },
    );

    it.each([
      ['ab', 'title must be longer than or equal to 3 characters'],
      ['x'.repeat(51), 'title must be shorter than or equal to 50 characters'],
    ])('createPost should refuse the title %p with BAD_USER_INPUT', async (title, message) => {
      const before = await postCount();

      const body = await gql(CREATE, { variables: { authorId: 1, title }, auth: `Bearer ${token}` });

      expect(errorOf(body)).toMatchObject({
        message,
        path: ['createPost'],
        extensions: { code: 'BAD_USER_INPUT', validationErrors: [message] },
      });
      expect(body.data).toEqual({ createPost: null });
      expect(await postCount()).toBe(before);
    });

    it('createPost should refuse an input without a title before running (GraphQL validation)', async () => {
      const body = await gql('mutation { createPost(authorId: 1, input: {}) { id } }', {
        auth: `Bearer ${token}`,
      });

      expect(body.status).toBe(400);
      expect(errorOf(body).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('createPost should answer NOT_FOUND for an unknown author, like the code-first endpoint', async () => {
      const variables = { authorId: 999, title: 'Ghost writer' };

      const bodies = await Promise.all([
        gql(CREATE, { variables, auth: `Bearer ${token}` }),
        gql(CREATE, { variables, auth: `Bearer ${token}`, path: CODE_FIRST_PATH }),
      ]);

      for (const body of bodies) {
        expect(body.status).toBe(200);
        expect(errorOf(body)).toEqual({
          message: 'Author 999 not found',
          locations: [{ line: 1, column: 47 }],
          path: ['createPost'],
          extensions: { code: 'NOT_FOUND' },
        });
      }
      // Nullable here (CONTRACT §6.2), non-null there: the null stops at the field, not at `data`.
      expect(bodies.map((body) => body.data)).toEqual([{ createPost: null }, null]);
    });

    it('upvotePost should count a first vote on a post without votes (null → 1), then add one', async () => {
      const upvote = () => gql(UPVOTE, { variables: { postId: 4 }, auth: `Bearer ${token}` });

      await expect(upvote()).resolves.toEqual({ status: 200, data: { upvotePost: { id: 4, votes: 1 } } });
      await expect(upvote()).resolves.toEqual({ status: 200, data: { upvotePost: { id: 4, votes: 2 } } });
    });

    it('upvotePost should answer NOT_FOUND for an unknown post', async () => {
      const body = await gql(UPVOTE, { variables: { postId: 999 }, auth: `Bearer ${token}` });

      expect(errorOf(body)).toMatchObject({
        message: 'Post 999 not found',
        path: ['upvotePost'],
        extensions: { code: 'NOT_FOUND' },
      });
      expect(body.data).toEqual({ upvotePost: null });
    });
  });

  describe('one store behind both endpoints', () => {
    const postsOf = async (authorId: number, path: string) =>
      (
        await gql<{ author: { posts: Array<{ id: number; title: string; votes: number | null }> } }>(
          `{ author(id: ${authorId}) { posts { id title votes } } }`,
          { path },
        )
      ).data!.author.posts;

    it('should read through /graphql a post created through /schema-first/graphql', async () => {
      const body = await gql(CREATE, {
        variables: { authorId: 2, title: 'Written schema-first' },
        auth: `Bearer ${token}`,
      });
      const created = body.data!.createPost as { id: number };

      expect(await postsOf(2, CODE_FIRST_PATH)).toContainEqual({
        id: created.id,
        title: 'Written schema-first',
        votes: null,
      });
    });

    it('should read through /schema-first/graphql a post created through /graphql', async () => {
      const body = await gql(CREATE, {
        variables: { authorId: 1, title: 'Written code-first' },
        auth: `Bearer ${token}`,
        path: CODE_FIRST_PATH,
      });
      const created = body.data!.createPost as { id: number };

      expect(await postsOf(1, SCHEMA_FIRST_PATH)).toContainEqual({
        id: created.id,
        title: 'Written code-first',
        votes: null,
      });
    });

    it('should count votes from both endpoints on the same post', async () => {
      await gql(UPVOTE, { variables: { postId: 3 }, auth: `Bearer ${token}` });
      await gql(UPVOTE, { variables: { postId: 3 }, auth: `Bearer ${token}`, path: CODE_FIRST_PATH });

      expect(await postsOf(2, SCHEMA_FIRST_PATH)).toContainEqual({
        id: 3,
        title: 'Computing Machinery',
        votes: 4,
      });
      expect(await postsOf(2, CODE_FIRST_PATH)).toContainEqual({
        id: 3,
        title: 'Computing Machinery',
        votes: 4,
      });
    });
  });

  describe('errors', () => {
    afterEach(() => jest.restoreAllMocks());

    it('should mask an unexpected error: a generic message, no details, no stack trace', async () => {
      // On the prototype: the endpoint's feature module has its own instance of the repository.
      jest
        .spyOn(AuthorsRepository.prototype, 'getByIds')
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
        .post(SCHEMA_FIRST_PATH)
        .set('Content-Type', 'text/plain')
        .send('{"query":"{ author(id: 1) { id } }"}')
        .expect(400);
    });
  });

  describe('GraphiQL in development', () => {
    it('should serve the IDE page for this endpoint at GET /schema-first/graphql, with same-origin assets', async () => {
      const page = await request(sut.http).get(SCHEMA_FIRST_PATH).set('Accept', 'text/html').expect(200);
      const assets = [...page.text.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]);

      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain(`data-endpoint="${SCHEMA_FIRST_PATH}"`);
      expect(page.text).not.toMatch(/https?:\/\//);
      for (const url of assets) await request(sut.http).get(url).expect(200);
    });
  });
});
