import { join } from 'node:path';
import request from 'supertest';
import { authors } from '../../src/authors/authors.table';
import { firstIdOf } from '../utils/first-id';
import { useTestApp } from '../utils/test-app';
import { besideEntry, listen, openapiTypes, typeCheck } from '../utils/typed-clients';

const BOOKS_CALLS = join(__dirname, 'clients', 'books.calls.ts');

type ErrorBody = { statusCode: number; message: string | string[]; error?: string };
/** callBooks, loaded at run time: its file imports types that exist only once the test generates them. */
type CallBooks = (
  baseUrl: string,
  token: string,
  authorId: number,
) => Promise<{
  created: Record<string, unknown> & { id: number };
  listed: { id: number }[];
  updated: Record<string, unknown>;
  deleted: number;
  missing: ErrorBody;
  invalid: ErrorBody;
}>;

// The demo's /books through a client generated from openapi.json (the accounts routes: test/openapi-client).
describe('/books through a client generated from openapi.json', () => {
  const sut = useTestApp();

  it('should type-check the books client against openapi-typescript’s types of the document', async () => {
    const document = (await request(sut.http).get('/docs-json').expect(200)).body as object;

    const types = await openapiTypes(document);

    expect(typeCheck(BOOKS_CALLS, { [besideEntry(BOOKS_CALLS, 'openapi.d.ts')]: types })).toEqual([]);
  });

  it('should create, list, update and delete a book, and get typed errors, through openapi-fetch', async () => {
    // Not test/fixtures/books.ts: that file is Book's generated output, which the generator suite destroys.
    const authorId = await firstIdOf(sut.app, authors);
    const { callBooks } = (await import(BOOKS_CALLS)) as { callBooks: CallBooks };

    const calls = await callBooks(await listen(sut), sut.aliceToken(), authorId);

    expect(calls.created).toMatchObject({ title: 'Typed', price: '12.50', metadata: ['typed'], authorId });
    expect(calls.listed[0]).toEqual(calls.created);
    expect(calls.updated).toEqual({
      ...calls.created,
      price: '13.00',
      inStock: true,
      updatedAt: expect.any(String),
    });
    expect(calls.deleted).toBe(204);
    expect(calls.missing).toEqual({ statusCode: 404, message: expect.any(String), error: 'Not Found' });
    expect(calls.invalid).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(calls.invalid.message).toEqual([
      expect.stringMatching(/^pages /),
      expect.stringMatching(/^price /),
    ]);
  });
});
