import { BadRequestException } from '@nestjs/common';

/** Where a keyset page starts: the value of the field the list is ordered by at an edge, and the edge's id. */
export interface CursorPosition {
  field: string;
  value: string | number | boolean | null;
  id: number;
}

/** Far beyond any cursor a sortable (indexed) value makes, far below what would cost anything to decode. */
const MAX_CURSOR_LENGTH = 16_384;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Opaque to clients: base64url of the order's field, its value at the edge and the edge's id. */
export function encodeCursor(field: string, value: unknown, id: number): string {
  return Buffer.from(JSON.stringify([field, value ?? null, id])).toString('base64url');
}

/**
 * The position an `after` argument names, for a list ordered by `field`; undefined when there is none. A cursor
 * that is not one, or that was made in another order, is a 400 (`BAD_USER_INPUT`) that says so.
 */
export function readCursor(after: string | null | undefined, field: string): CursorPosition | undefined {
  if (after == null) return undefined;
  const position = parse(after);
  if (!position) throw unusableCursor();
  if (position.field !== field) {
    throw new BadRequestException(
      `after is a cursor of the order by ${position.field}, not by ${field}: order by ${position.field}, or start again without after`,
    );
  }
  return position;
}

/** A cursor that this list did not make, or that names a value its column cannot hold. */
export function unusableCursor(): BadRequestException {
  return new BadRequestException('after is not a cursor of this list: give an edge’s cursor');
}

function parse(cursor: string): CursorPosition | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) return undefined;
  const [field, value, id] = decoded as unknown[];
  const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
  if (typeof field !== 'string' || !scalar || !Number.isSafeInteger(id) || (id as number) < 1)
    return undefined;
  return { field, value: value as CursorPosition['value'], id: id as number };
}
