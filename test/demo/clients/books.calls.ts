import createClient from 'openapi-fetch';
// Generated from openapi.json when the test runs (test/utils/typed-clients.ts), never committed: this file is
// type-checked against the document of the moment, and left out of the project's own type check.
import type { components, paths } from './openapi';

type Book = components['schemas']['Book'];
type ErrorResponse = components['schemas']['ErrorResponse'];

/** What the calls saw, for the test to check. */
export interface BookCalls {
  created: Book;
  listed: Book[];
  updated: Book;
  deleted: number;
  missing: ErrorResponse;
  invalid: ErrorResponse;
}

/**
 * A client's calls on /books, typed by openapi-typescript and made through openapi-fetch with a bearer token:
 * create a book (a decimal as a number, metadata as an array), list the author's books, update and delete it,
 * then the 404 of the deleted book and the 400 of an invalid one.
 */
export async function callBooks(baseUrl: string, token: string, authorId: number): Promise<BookCalls> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
  const book = { title: 'Typed', isbn: '9780000000001', pages: 120, genre: 'POETRY' as const, authorId };

  const { data: created } = await client.POST('/books', {
    body: { ...book, price: 12.5, metadata: ['typed'] },
  });
  if (!created) throw new Error('book not created');

  const { data: listed } = await client.GET('/books', {
    params: { query: { authorId, sort: 'id', order: 'desc', limit: 100 } },
  });
  if (!listed) throw new Error('no list of books');

  const path = { params: { path: { id: created.id } } };
  const { data: updated } = await client.PATCH('/books/{id}', {
    ...path,
    body: { price: '13.00', inStock: true },
  });
  if (!updated) throw new Error('book not updated');

  const deleted = await client.DELETE('/books/{id}', path);
  const { error: missing } = await client.GET('/books/{id}', path);
  if (!missing) throw new Error('a deleted book was found');

  const { error: invalid } = await client.POST('/books', { body: { ...book, price: '1.111', pages: 1.5 } });
  if (!invalid) throw new Error('an invalid book was created');

  return { created, listed, updated, deleted: deleted.response.status, missing, invalid };
}
