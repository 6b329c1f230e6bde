import { BadRequestException } from '@nestjs/common';
import { encodeCursor, readCursor } from './cursor';

const refusal = (after: string, field = 'title') => {
  try {
    readCursor(after, field);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('cursor', () => {
  it('should read back the position it encodes', () => {
    for (const value of ['Dune', 42, 1.5, true, null, '2026-01-01T00:00:00.000100Z']) {
      expect(readCursor(encodeCursor('title', value, 7), 'title')).toEqual({ field: 'title', value, id: 7 });
    }
  });

  it('should keep a missing value as null', () => {
    expect(readCursor(encodeCursor('rating', undefined, 3), 'rating')).toEqual({
      field: 'rating',
      value: null,
      id: 3,
    });
  });

  it('should be opaque text a URL or a JSON string carries as it is', () => {
    expect(encodeCursor('title', 'a/b+c?', 1)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('should have no position without a cursor', () => {
    expect(readCursor(undefined, 'id')).toBeUndefined();
    expect(readCursor(null, 'id')).toBeUndefined();
  });

  it.each([
    ['not base64', 'not a cursor'],
    ['not JSON', Buffer.from('{').toString('base64url')],
    ['an object', Buffer.from('{"field":"title"}').toString('base64url')],
    ['an id that is not a positive integer', encodeCursor('title', 'x', 0)],
    ['an id past the safe integers', Buffer.from('["title","x",1e300]').toString('base64url')],
    ['a value that is an object', Buffer.from('["title",{"a":1},1]').toString('base64url')],
    ['too long', 'A'.repeat(20_000)],
    ['empty', ''],
  ])('should refuse a cursor that is %s, as a 400 naming after', (_, after) => {
    const error = refusal(after);

    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).message).toBe(
      'after is not a cursor of this list: give an edge’s cursor',
    );
  });

  it('should refuse a cursor made in another order, saying which', () => {
    const error = refusal(encodeCursor('createdAt', '2026-01-01T00:00:00.000000Z', 4), 'title');

    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).message).toBe(
      'after is a cursor of the order by createdAt, not by title: order by createdAt, or start again without after',
    );
  });
});
