import { and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isCalendarDate } from '../validation/calendar-date';
import { type CursorPosition, unusableCursor } from './cursor';

/** A list's order: one column of the table, then its id (ascending), so that each row has one position. */
export interface KeysetOrder {
  column: PgColumn;
  id: PgColumn;
  direction: 'asc' | 'desc';
}

/** A row of a page, with the value its cursor keeps (`keysetKey`). */
export type KeyedRow<Row> = Row & { sortKey: unknown };

// A timestamp in UTC to the microsecond: PostgreSQL keeps microseconds, a JavaScript Date milliseconds, and a
// cursor that lost them would repeat or skip rows.
const TIMESTAMP_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;

/** The value of the order's column that a cursor keeps (a timestamp as text, exact). */
export function keysetKey(column: PgColumn): PgColumn | SQL<string> {
  return column.dataType === 'date'
    ? sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(`'${TIMESTAMP_FORMAT}'`)})`
    : column;
}

/** ORDER BY: nulls last in both directions; by id alone when the order is by id (not `id asc, id asc`). */
export function keysetOrder({ column, id, direction }: KeysetOrder): SQL[] {
  if (column === id) return [direction === 'desc' ? desc(id) : asc(id)];
  // PostgreSQL puts nulls first when descending; a NOT NULL column has none, and keeps its index's order.
  const field =
    direction === 'asc' ? asc(column) : column.notNull ? desc(column) : sql`${column} desc nulls last`;
  return [field, asc(id)];
}

/** WHERE: the rows after `position` in keysetOrder's order (every row without one). */
export function keysetAfter(order: KeysetOrder, position?: CursorPosition): SQL | undefined {
  if (!position) return undefined;
  const { column, id, direction } = order;
  const beyond = direction === 'desc' ? lt : gt;
  if (column === id) return beyond(id, position.id);
  const value = valueOf(column, position.value);
  if (value === null) return and(isNull(column), gt(id, position.id));
  return or(
    beyond(column, value),
    and(eq(column, value), gt(id, position.id)),
    column.notNull ? undefined : isNull(column),
  );
}

/** The cursor's value as the column compares it; a 400 when the column cannot hold it (a hand-made cursor). */
function valueOf(column: PgColumn, value: CursorPosition['value']): unknown {
  if (value === null) return column.notNull ? unusable() : null;
  switch (column.dataType) {
    case 'date': {
      const match = typeof value === 'string' ? TIMESTAMP.exec(value) : null;
      return match && isCalendarDate(match[1]) ? sql`${value}::timestamptz` : unusable();
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : unusable();
    case 'boolean':
      return typeof value === 'boolean' ? value : unusable();
    default:
      if (column.columnType === 'PgDateString') return isCalendarDate(value) ? value : unusable();
      return typeof value === 'string' ? value : unusable();
  }
}

function unusable(): never {
  throw unusableCursor();
}
