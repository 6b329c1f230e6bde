import { PGlite } from '@electric-sql/pglite';
import { BadRequestException } from '@nestjs/common';
import { getTableColumns } from 'drizzle-orm';
import { date, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { type CursorPosition, encodeCursor, readCursor } from './cursor';
import { type KeysetOrder, keysetAfter, keysetKey, keysetOrder } from './keyset';

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  title: varchar('title', { length: 20 }).notNull(),
  rank: integer('rank'),
  day: date('day', { mode: 'string' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

type Field = 'id' | 'title' | 'rank' | 'day' | 'at';

// Ties on every field, nulls, and timestamps one microsecond apart within one millisecond (a JavaScript Date
// cannot tell them apart: a cursor that kept one would repeat or skip rows).
const ROWS = `
  (1, 'b', 2,    '2026-01-02', '2026-01-01T00:00:00.000200Z'),
  (2, 'a', null, null,         '2026-01-01T00:00:00.000100Z'),
  (3, 'b', 1,    '2026-01-01', '2026-01-01T00:00:00.000101Z'),
  (4, 'c', null, '2026-01-02', '2026-01-01T00:00:00.000100Z'),
  (5, 'a', 2,    null,         '2026-01-01T00:00:00.001000Z'),
  (6, 'c', 3,    '2026-01-03', '2025-12-31T23:59:59.999999Z'),
  (7, 'b', null, '2026-01-01', '2026-01-01T00:00:00.000201Z')`;

describe('keyset', () => {
  let pglite: PGlite;
  let db: PgliteDatabase;

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = drizzle(pglite);
    await pglite.exec(
      `create table notes (id integer primary key, title varchar(20) not null, rank integer, day date, at timestamptz not null);
       insert into notes values ${ROWS};`,
    );
  });
  afterAll(() => pglite.close());

  const orderOf = (field: Field, direction: 'asc' | 'desc'): KeysetOrder => ({
    column: notes[field],
    id: notes.id,
    direction,
  });

  const page = (order: KeysetOrder, limit: number, after?: CursorPosition) =>
    db
      .select({ ...getTableColumns(notes), sortKey: keysetKey(order.column) })
      .from(notes)
      .where(keysetAfter(order, after))
      .orderBy(...keysetOrder(order))
      .limit(limit);

  /** Every row, a page of `size` at a time, each page after the previous one's last cursor. */
  async function walk(field: Field, direction: 'asc' | 'desc', size: number): Promise<number[]> {
    const order = orderOf(field, direction);
    const ids: number[] = [];
    let after: CursorPosition | undefined;
    for (;;) {
      const rows = await page(order, size, after);
      ids.push(...rows.map((row) => row.id));
      if (rows.length < size) return ids;
      const last = rows[rows.length - 1];
      after = readCursor(encodeCursor(field, last.sortKey, last.id), field);
    }
  }

  const FIELDS: Field[] = ['id', 'title', 'rank', 'day', 'at'];
  const CASES = FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => [field, direction]));

  it.each(CASES)(
    'should walk the order by %s %s page by page, as one page has it',
    async (field, direction) => {
      const whole = (await page(orderOf(field as Field, direction as 'asc'), 100)).map((row) => row.id);

      for (const size of [1, 2, 3]) {
        await expect(walk(field as Field, direction as 'asc', size)).resolves.toEqual(whole);
      }
    },
  );

  it.each([
    ['rank', 'asc', [3, 1, 5, 6, 2, 4, 7]],
    ['rank', 'desc', [6, 1, 5, 3, 2, 4, 7]],
    ['day', 'desc', [6, 1, 4, 3, 7, 2, 5]],
    ['title', 'desc', [4, 6, 1, 3, 7, 2, 5]],
    ['at', 'asc', [6, 2, 4, 3, 1, 7, 5]],
  ])('should order by %s %s, nulls last, then by id', async (field, direction, ids) => {
    const rows = await page(orderOf(field as Field, direction as 'asc'), 100);

    expect(rows.map((row) => row.id)).toEqual(ids);
  });

  it('should order by id alone when the order is by id', () => {
    const query = db
      .select()
      .from(notes)
      .orderBy(...keysetOrder(orderOf('id', 'desc')));

    expect(query.toSQL().sql).toMatch(/order by "notes"."id" desc$/);
  });

  it.each([
    ['a null for a column that holds none', 'title', null],
    ['text for a number', 'rank', 'two'],
    ['a number for text', 'title', 2],
    ['a day that does not exist', 'day', '2026-02-30'],
    ['a timestamp without microseconds', 'at', '2026-01-01T00:00:00Z'],
    ['a timestamp of a month that does not exist', 'at', '2026-13-01T00:00:00.000000Z'],
    ['a boolean for a timestamp', 'at', true],
  ])('should refuse a cursor that holds %s, as a 400', (_, field, value) => {
    const position = { field: field as string, value: value as CursorPosition['value'], id: 1 };

    expect(() => keysetAfter(orderOf(field as Field, 'asc'), position)).toThrow(BadRequestException);
  });
});
