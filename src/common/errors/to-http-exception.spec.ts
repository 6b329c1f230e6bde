import { BadRequestException, ConflictException, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../clock';
import { ResourceShortageLog } from './resource-shortage-log';
import {
  NOT_A_DOCUMENT_MESSAGE,
  REFUSED_VALUE_MESSAGE,
  toHttpException,
  UNAVAILABLE_MESSAGE,
} from './to-http-exception';

// What both drivers raise (PGlite and node-postgres share PostgreSQL's fields), wrapped as Drizzle does.
const failedQuery = (fields: Record<string, string>) =>
  Object.assign(new Error('Failed query: insert …'), { cause: Object.assign(new Error('driver'), fields) });

describe(toHttpException.name, () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation());
  afterEach(() => jest.restoreAllMocks());

  it('should pass the domain errors (Nest HTTP exceptions) as they are', () => {
    const error = new NotFoundException('Book 7 not found');

    expect(toHttpException(error)).toBe(error);
  });

  it.each([
    [
      'a unique key',
      { code: '23505', detail: 'Key (isbn)=(123) already exists.', constraint: 'books_isbn_unique' },
      new ConflictException('isbn must be unique: another record already has this value'),
    ],
    [
      'a foreign key on write',
      { code: '23503', detail: 'Key (author_id)=(99) is not present in table "authors".' },
      new BadRequestException('authorId must refer to an existing record'),
    ],
    [
      'a foreign key on delete',
      { code: '23503', detail: 'Key (id)=(1) is still referenced from table "book_reviews".' },
      new ConflictException('Still referenced by book reviews: delete or move those first'),
    ],
    [
      'an ON DELETE RESTRICT foreign key',
      { code: '23001', detail: 'Key (id)=(1) is referenced from table "books".' },
      new ConflictException('Still referenced by books: delete or move those first'),
    ],
    [
      'a unique expression index (no plain column to name)',
      { code: '23505', detail: 'Key (lower(username::text))=(alice) already exists.' },
      new ConflictException('A value must be unique: another record already has this value'),
    ],
    [
      'a NOT NULL column',
      { code: '23502', column: 'published_on', detail: 'Failing row contains (…).' },
      new BadRequestException('publishedOn must not be null'),
    ],
    [
      'a check constraint',
      { code: '23514', constraint: 'books_price_check' },
      new BadRequestException('A value is outside what its field allows'),
    ],
  ])('should answer %s violation with a 4xx that names the field', (_case, fields, expected) => {
    const mapped = toHttpException(failedQuery(fields));

    expect(mapped).toBeInstanceOf(expected.constructor);
    expect(mapped?.getResponse()).toEqual(expected.getResponse());
  });

  it('should say that a JSON body must be a document where body-parser says `null` is not valid JSON', () => {
    const parseError = (body: string) =>
      Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400, body });

    expect(toHttpException(parseError('null'))?.getResponse()).toMatchObject({
      message: NOT_A_DOCUMENT_MESSAGE,
    });
    expect(toHttpException(parseError(' 42 '))?.getStatus()).toBe(400);
    // As Nest's Express adapter hands it on: a 400 with body-parser's message, the error as its cause.
    const mapped = new BadRequestException('Unexpected token', { cause: parseError('"Tom"') });
    expect(toHttpException(mapped)?.getResponse()).toMatchObject({ message: NOT_A_DOCUMENT_MESSAGE });
    // Malformed JSON keeps body-parser's own answer, which points at the syntax.
    expect(toHttpException(parseError('{"name":'))).toBeUndefined();
  });

  it('should answer 503 when the database cannot be reached', () => {
    const mapped = toHttpException(failedQuery({ code: 'ECONNREFUSED' }));

    expect(mapped?.getStatus()).toBe(503);
    expect(mapped?.message).toBe(UNAVAILABLE_MESSAGE);
  });

  it.each([
    ['disk full', '53100'],
    ['out of memory', '53200'],
    ['insufficient resources', '53000'],
    ['a configuration limit', '53400'],
  ])('should answer 503 when the database is short of resources (%s, %s) and record it', (_case, code) => {
    const shortages = new ResourceShortageLog(new Clock());

    const mapped = toHttpException(failedQuery({ code }), shortages);

    expect(mapped?.getStatus()).toBe(503);
    expect(mapped?.message).toBe(UNAVAILABLE_MESSAGE);
    expect(shortages.recent()?.code).toBe(code);
    expect(Logger.prototype.warn).toHaveBeenCalledWith(`Database short of resources: driver (${code})`);
  });

  it('should answer 503 to too many connections without recording a shortage: the ping tells when it is over', () => {
    const shortages = new ResourceShortageLog(new Clock());

    const mapped = toHttpException(failedQuery({ code: '53300' }), shortages);

    expect(mapped?.getStatus()).toBe(503);
    expect(shortages.recent()).toBeUndefined();
  });

  it('should not record a database that cannot be reached as a shortage (its ping fails by itself)', () => {
    const shortages = new ResourceShortageLog(new Clock());

    toHttpException(failedQuery({ code: 'ECONNREFUSED' }), shortages);

    expect(shortages.recent()).toBeUndefined();
  });

  it('should answer 400 for a value the column cannot hold', () => {
    expect(toHttpException(failedQuery({ code: '22021' }))?.message).toBe(REFUSED_VALUE_MESSAGE);
  });

  it('should leave anything else unmapped (a 500 for the caller), without logging a warning', () => {
    expect(toHttpException(new TypeError('x is undefined'))).toBeUndefined();
    expect(toHttpException(failedQuery({ code: '42P01' }))).toBeUndefined();
    expect(Logger.prototype.warn).not.toHaveBeenCalled();
  });
});
