import { ObjectType } from '@nestjs/graphql';
import { encodeCursor, Paginated } from './paginated.type';

class Thing {
  id: number;
}

@ObjectType()
class PaginatedThing extends Paginated(Thing) {}

describe('Paginated', () => {
  const page = PaginatedThing.of({
    nodes: [{ id: 7 }, { id: 8 }],
    totalCount: 12,
    hasNextPage: true,
    offset: 4,
  });

  it('should derive one edge per node, with the cursor of its offset in the whole list', () => {
    expect(page.edges).toEqual([
      { cursor: encodeCursor(4), node: { id: 7 } },
      { cursor: encodeCursor(5), node: { id: 8 } },
    ]);
  });

  it('should make cursors opaque, distinct strings', () => {
    expect(encodeCursor(0)).not.toBe('0');
    expect(new Set([0, 1, 2, 10].map(encodeCursor)).size).toBe(4);
  });

  it('should serialise to JSON without edges, each node once', () => {
    expect(JSON.parse(JSON.stringify(page))).toEqual({
      nodes: [{ id: 7 }, { id: 8 }],
      totalCount: 12,
      hasNextPage: true,
      offset: 4,
    });
  });
});
