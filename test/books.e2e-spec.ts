import request from 'supertest';
import { createBookParents, type BookParents, bookInput } from './fixtures/books';
import { countSqlStatements } from './utils/sql-statements';
import { createTestApp, TestApp } from './utils/test-app';

/** One invalid value per field, each refused with a message naming the field. */
const INVALID: Array<[string, unknown]> = [
  ['title', 'x'.repeat(201)],
  ['isbn', 'x'.repeat(14)],
  ['summary', 42],
  ['pages', 1.5],
  ['rating', '1.5'],
  ['price', '1.111'],
  ['inStock', 'yes'],
  ['publishedOn', '2026-02-30'],
  ['releasedAt', '2026-01-31T12:00:00'],
  ['externalId', 'not-a-uuid'],
  ['metadata', 'text'],
  ['genre', 'NOT_A_VALUE'],
  ['authorId', 0],
];

describe('books', () => {
  let sut: TestApp;
  let authorization: string;
  let next = 0;
  let parents: BookParents;
  const nextSample = () => bookInput(++next, parents);

  beforeAll(async () => {
    sut = await createTestApp();
    authorization = `Bearer ${sut.aliceToken()}`;
    parents = await createBookParents(sut.app);
  });

  afterAll(() => sut.close());

  describe('REST /books', () => {
    const api = {
      get: (path: string) => request(sut.http).get(path),
      post: (path: string) => request(sut.http).post(path).set('Authorization', authorization),
      patch: (path: string) => request(sut.http).patch(path).set('Authorization', authorization),
      delete: (path: string) => request(sut.http).delete(path).set('Authorization', authorization),
    };

    it('should create, read, list, update and delete a book', async () => {
      const input = nextSample();
      const created = await api.post('/books').send(input).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        ...input,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const path = `/books/${created.body.id}`;

      await api.get(path).expect(200, created.body);
      const list = await api.get('/books?limit=100').expect(200);
      expect(list.body).toContainEqual(created.body);

      const changes = { title: nextSample().title };
      const updated = await api.patch(path).send(changes).expect(200);
      expect(updated.body).toMatchObject({ ...input, ...changes });

      await api.delete(path).expect(204);
      await api.get(path).expect(404);
    });

    it.each(INVALID)('should answer 400 naming %s for an invalid value', async (field, value) => {
      const response = await api
        .post('/books')
        .send({ ...nextSample(), [field]: value })
        .expect(400);

      expect(JSON.stringify(response.body.message)).toContain(field);
    });

    it('should answer 400 naming authorId for an author that does not exist', async () => {
      const response = await api
        .post('/books')
        .send({ ...nextSample(), authorId: 2147483647 })
        .expect(400);

      expect(response.body.message).toContain('authorId');
    });

    it('should strip properties it does not know, id included', async () => {
      const created = await api
        .post('/books')
        .send({ ...nextSample(), id: 999_999, admin: true })
        .expect(201);

      expect(created.body.id).not.toBe(999_999);
      expect(created.body).not.toHaveProperty('admin');
    });

    it('should answer 400 to null for a required field, and keep the book', async () => {
      const created = await api.post('/books').send(nextSample()).expect(201);

      const response = await api.patch(`/books/${created.body.id}`).send({ title: null }).expect(400);

      expect(JSON.stringify(response.body.message)).toContain('title');
      await api.get(`/books/${created.body.id}`).expect(200, created.body);
    });

    it('should say that a required field is missing, and only that', async () => {
      const input: Record<string, unknown> = nextSample();
      delete input.title;

      const response = await api.post('/books').send(input).expect(400);

      expect(response.body.message).toEqual(['title is required']);
    });

    it('should clear a nullable field with null', async () => {
      const created = await api.post('/books').send(nextSample()).expect(201);

      const updated = await api.patch(`/books/${created.body.id}`).send({ summary: null }).expect(200);

      expect(updated.body.summary).toBeNull();
    });

    it('should answer 409 naming the field for a duplicate isbn, and create nothing', async () => {
      const input = nextSample();
      await api.post('/books').send(input).expect(201);

      const response = await api
        .post('/books')
        .send({ ...nextSample(), isbn: input.isbn })
        .expect(409);

      expect(response.body.message).toContain('isbn');
    });

    it('should filter by inStock', async () => {
      const { inStock } = nextSample();
      await api
        .post('/books')
        .send({ ...nextSample(), inStock })
        .expect(201);

      const list = await api.get(`/books?limit=100&inStock=${inStock}`).expect(200);

      expect(list.body.length).toBeGreaterThan(0);
      for (const item of list.body) expect(item.inStock).toBe(inStock);
    });

    it('should order by a field, then id, both ways', async () => {
      for (let i = 0; i < 3; i++) await api.post('/books').send(nextSample()).expect(201);

      const ascending = await api.get('/books?limit=100&sort=title&order=asc').expect(200);
      const descending = await api.get('/books?limit=100&sort=title&order=desc').expect(200);

      expect(descending.body.map(({ id }: { id: number }) => id)).not.toEqual(
        ascending.body.map(({ id }: { id: number }) => id),
      );
      await api.get('/books?sort=unknown').expect(400);
    });

    it('should refuse to order by a field that is not sortable, naming the sortable ones', async () => {
      const response = await api.get('/books?sort=summary').expect(400);

      expect(JSON.stringify(response.body.message)).toContain(
        'id, title, isbn, rating, authorId, createdAt, updatedAt',
      );
    });

    it('should put nulls last in both directions', async () => {
      await api
        .post('/books')
        .send({ ...nextSample(), rating: null })
        .expect(201);
      await api.post('/books').send(nextSample()).expect(201);

      for (const order of ['asc', 'desc']) {
        const list = await api.get(`/books?limit=100&sort=rating&order=${order}`).expect(200);
        const values = list.body.map((item: Record<string, unknown>) => item.rating);
        expect(values.indexOf(null)).toBeGreaterThan(0);
        expect(values.slice(values.indexOf(null))).toEqual(
          values.slice(values.indexOf(null)).map(() => null),
        );
      }
    });

    it('should link the next page, and count every match when asked', async () => {
      for (let i = 0; i < 3; i++) await api.post('/books').send(nextSample()).expect(201);

      const counted = await api.get('/books?limit=1&count=true').expect(200);
      const total = Number(counted.headers['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(3);
      expect(counted.headers.link).toBe('</books?limit=1&count=true&offset=1>; rel="next"');

      const next = await api.get(`/books?limit=2&offset=${total - 3}`).expect(200);
      expect(next.headers.link).toBe(`</books?limit=2&offset=${total - 1}>; rel="next"`);
      expect(next.headers['x-total-count']).toBeUndefined();
      const last = await api.get(`/books?limit=2&offset=${total - 2}`).expect(200);
      expect(last.body).toHaveLength(2);
      expect(last.headers.link).toBeUndefined();
    });

    it('should answer 400 naming a query parameter it does not take', async () => {
      const response = await api.get('/books?limit=5&no_such_parameter=1').expect(400);

      expect(JSON.stringify(response.body.message)).toContain('no_such_parameter');
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999'])('should answer 400 for the id %p', async (id) => {
      await api.get(`/books/${id}`).expect(400);
    });

    it('should answer 404 for an id that does not exist', async () => {
      await api.get('/books/2147483647').expect(404);
      await api.patch('/books/2147483647').send(nextSample()).expect(404);
      await api.delete('/books/2147483647').expect(404);
    });

    it('should answer 400 for an update that changes nothing', async () => {
      const created = await api.post('/books').send(nextSample()).expect(201);

      await api.patch(`/books/${created.body.id}`).send({ unknown: 1 }).expect(400);
    });

    it('should bound the page size', async () => {
      await api.get('/books?limit=101').expect(400);
      await api.get('/books?offset=-1').expect(400);
    });

    it('should take reads without a token and refuse writes', async () => {
      await request(sut.http).get('/books').expect(200);
      await request(sut.http).post('/books').send(nextSample()).expect(401);
      await request(sut.http).patch('/books/1').send(nextSample()).expect(401);
      await request(sut.http).delete('/books/1').expect(401);
    });
  });

  describe('GraphQL /graphql', () => {
    const FIELDS =
      'id title isbn summary pages rating price inStock publishedOn releasedAt externalId metadata genre authorId ';
    const graphql = (query: string, variables: object = {}, bearer = authorization) =>
      request(sut.http).post('/graphql').set('Authorization', bearer).send({ query, variables });
    const CREATE = `mutation ($input: CreateBookInput!) { createBook(input: $input) { ${FIELDS} } }`;
    const create = async () => {
      const response = await graphql(CREATE, { input: nextSample() }).expect(200);
      expect(response.body.errors).toBeUndefined();
      return response.body.data.createBook;
    };

    it('should create, read, page, update and delete a book', async () => {
      const input = nextSample();
      const created = await graphql(CREATE, { input }).expect(200);
      const book = created.body.data.createBook;
      expect(book).toEqual({ id: expect.any(Number), ...input });

      const read = await graphql(`query ($id: Int!) { book(id: $id) { ${FIELDS} } }`, { id: book.id });
      expect(read.body.data.book).toEqual(book);

      const page = await graphql(`
        {
          books(limit: 100) {
            nodes {
              id
            }
            totalCount
            hasNextPage
          }
        }
      `);
      expect(page.body.data.books.nodes).toContainEqual({ id: book.id });

      const changes = { title: nextSample().title };
      const updated = await graphql(
        `mutation ($id: Int!, $input: UpdateBookInput!) { updateBook(id: $id, input: $input) { ${FIELDS} } }`,
        { id: book.id, input: changes },
      );
      expect(updated.body.data.updateBook).toEqual({ ...book, ...changes });

      const deleted = await graphql(
        `
          mutation ($id: Int!) {
            deleteBook(id: $id) {
              id
            }
          }
        `,
        { id: book.id },
      );
      expect(deleted.body.data.deleteBook).toEqual({ id: book.id });
      const gone = await graphql(
        `
          query ($id: Int!) {
            book(id: $id) {
              id
            }
          }
        `,
        { id: book.id },
      );
      expect(gone.body.data.book).toBeNull();
    });

    it.each(INVALID)('should refuse an invalid %s as BAD_USER_INPUT naming it', async (field, value) => {
      // A value of the wrong GraphQL type fails before the operation runs, which Apollo answers with HTTP 400.
      const response = await graphql(CREATE, { input: { ...nextSample(), [field]: value } });

      expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(response.body.errors[0].message).toContain(field);
    });

    it('should answer NOT_FOUND to an update or delete of an unknown id', async () => {
      const update = await graphql(
        `
          mutation ($input: UpdateBookInput!) {
            updateBook(id: 2147483647, input: $input) {
              id
            }
          }
        `,
        { input: { title: nextSample().title } },
      );
      const remove = await graphql('mutation { deleteBook(id: 2147483647) { id } }');

      expect(update.body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(remove.body.errors[0].extensions.code).toBe('NOT_FOUND');
    });

    it('should read a page of books with their author in 2 statements', async () => {
      const book = await create();

      const { result, statements } = await countSqlStatements(sut.app, () =>
        graphql(`
          {
            books(limit: 100) {
              nodes {
                id
                author {
                  id
                }
              }
            }
          }
        `),
      );

      expect(result.body.errors).toBeUndefined();
      expect(statements).toBe(2);
      expect(result.body.data.books.nodes).toContainEqual({ id: book.id, author: { id: parents.authorId } });
    });

    it('should read a page of authors with their books in 2 statements', async () => {
      const book = await create();

      const { result, statements } = await countSqlStatements(sut.app, () =>
        graphql(`
          {
            authors(limit: 20) {
              nodes {
                id
                books(limit: 100) {
                  id
                }
              }
            }
          }
        `),
      );

      expect(result.body.errors).toBeUndefined();
      expect(statements).toBe(2);
      const parent = result.body.data.authors.nodes.find(({ id }: { id: number }) => id === parents.authorId);
      expect(parent.books).toContainEqual({ id: book.id });
    });

    it('should refuse an author that does not exist as BAD_USER_INPUT naming authorId', async () => {
      const response = await graphql(CREATE, { input: { ...nextSample(), authorId: 2147483647 } });

      expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(response.body.errors[0].message).toContain('authorId');
    });

    it('should answer CONFLICT to a duplicate isbn', async () => {
      const first = await create();

      const response = await graphql(CREATE, { input: { ...nextSample(), isbn: first.isbn } });

      expect(response.body.errors[0].extensions.code).toBe('CONFLICT');
    });

    it('should filter and order a page', async () => {
      const first = await create();
      await create();

      const response = await graphql(
        `
          query ($filter: BookFilter) {
            books(limit: 100, filter: $filter, orderBy: { field: TITLE, direction: DESC }) {
              nodes {
                id
                inStock
              }
            }
          }
        `,
        { filter: { inStock: first.inStock } },
      );

      const nodes = response.body.data.books.nodes;
      expect(nodes.length).toBeGreaterThan(0);
      for (const node of nodes) expect(node.inStock).toBe(first.inStock);
    });

    it('should continue after an edge’s cursor, in the current order, to the last page', async () => {
      for (let i = 0; i < 3; i++) await create();
      await graphql(CREATE, { input: { ...nextSample(), rating: null } }).expect(200);
      const ORDER = 'orderBy: { field: RATING, direction: DESC }';
      const whole = await graphql(`{ books(limit: 100, ${ORDER}) { nodes { id } } }`);

      const walked: number[] = [];
      let after: string | null = null;
      do {
        const response = await graphql(
          `query ($after: String) { books(limit: 3, after: $after, ${ORDER}) { edges { cursor node { id } } hasNextPage } }`,
          { after },
        );
        const { edges, hasNextPage } = response.body.data.books;
        walked.push(...edges.map(({ node }: { node: { id: number } }) => node.id));
        after = hasNextPage ? edges[edges.length - 1].cursor : null;
      } while (after !== null);

      expect(walked).toEqual(whole.body.data.books.nodes.map(({ id }: { id: number }) => id));
    });

    it('should refuse a cursor it did not make as BAD_USER_INPUT naming after', async () => {
      const response = await graphql('{ books(after: "not a cursor") { nodes { id } } }');

      expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(response.body.errors[0].message).toContain('after');
    });

    it('should put nulls last in both directions', async () => {
      await graphql(CREATE, { input: { ...nextSample(), rating: null } }).expect(200);
      await create();

      for (const direction of ['ASC', 'DESC']) {
        const response = await graphql(
          `{ books(limit: 100, orderBy: { field: RATING, direction: ${direction} }) { nodes { rating } } }`,
        );
        const values = response.body.data.books.nodes.map((node: Record<string, unknown>) => node.rating);
        expect(values.indexOf(null)).toBeGreaterThan(0);
        expect(values.slice(values.indexOf(null))).toEqual(
          values.slice(values.indexOf(null)).map(() => null),
        );
      }
    });

    it('should refuse the mutations without a token', async () => {
      const response = await graphql(CREATE, { input: nextSample() }, '').expect(200);

      expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it('should refuse a page size out of range as BAD_USER_INPUT', async () => {
      const response = await graphql('{ books(limit: 101) { nodes { id } } }');

      expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });
  });
});
