import { PGlite } from '@electric-sql/pglite';
import { ValidationPipe } from '@nestjs/common';
import { text, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { containsPattern, containsText, IsSearchText, SEARCH_MAX_LENGTH } from './text-search';

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  title: varchar('title', { length: 20 }).notNull(),
  body: text('body'),
});

const ROWS = `
  (1, 'Fifty Percent', '50%'),
  (2, 'five hundred', '500'),
  (3, 'a_b', null),
  (4, 'axb', null),
  (5, 'back\\slash', 'C:\\Temp'),
  (6, 'nothing', null)`;

class SearchQuery {
  @IsSearchText()
  q?: string;
}

describe('text search', () => {
  let pglite: PGlite;
  let db: PgliteDatabase;

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = drizzle(pglite);
    await pglite.exec(
      `create table notes (id integer primary key, title varchar(20) not null, body text);
       insert into notes values ${ROWS};`,
    );
  });
  afterAll(() => pglite.close());

  const search = async (q: string | null | undefined) => {
    const rows = await db
      .select({ id: notes.id })
      .from(notes)
      .where(containsText([notes.title, notes.body], q))
      .orderBy(notes.id);
    return rows.map(({ id }) => id);
  };

  it('should escape the wildcards and the escape character, and match anywhere in the value', () => {
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\')).toBe('%C:\\\\%');
    expect(containsPattern('plain')).toBe('%plain%');
  });

  it('should match a substring of any of the columns, ignoring case', async () => {
    expect(await search('PERCENT')).toEqual([1]);
    expect(await search('fIvE')).toEqual([2]);
    expect(await search('5')).toEqual([1, 2]);
  });

  it('should take % and _ literally', async () => {
    expect(await search('50%')).toEqual([1]);
    expect(await search('a_b')).toEqual([3]);
    expect(await search('%')).toEqual([1]);
    expect(await search('_')).toEqual([3]);
  });

  it('should take a backslash literally', async () => {
    expect(await search('k\\s')).toEqual([5]);
    expect(await search('\\T')).toEqual([5]);
  });

  it.each([undefined, null, ''])('should match every row for %p', async (q) => {
    expect(await search(q)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  describe(IsSearchText.name, () => {
    const pipe = new ValidationPipe({ whitelist: true, transform: true });
    const validate = (value: object) => pipe.transform(value, { type: 'query', metatype: SearchQuery });

    it('should take no q, an empty one and one of the most characters', async () => {
      await expect(validate({})).resolves.toEqual({});
      await expect(validate({ q: '' })).resolves.toEqual({ q: '' });
      const longest = 'x'.repeat(SEARCH_MAX_LENGTH);
      await expect(validate({ q: longest })).resolves.toEqual({ q: longest });
    });

    it.each([
      [
        'one too long',
        'x'.repeat(SEARCH_MAX_LENGTH + 1),
        `q must be shorter than or equal to ${SEARCH_MAX_LENGTH} characters`,
      ],
      ['two values', ['a', 'b'], 'q must be a string'],
      ['a NUL character', 'a\u0000b', 'q must not contain a NUL character'],
    ])('should refuse %s, naming q', async (_case, q, message) => {
      await expect(validate({ q })).rejects.toMatchObject({
        response: { message: [expect.stringContaining(message)] },
      });
    });
  });
});
