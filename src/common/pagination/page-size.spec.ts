import { MAX_PAGE_BYTES, withinBytes } from './page-size';

describe('withinBytes', () => {
  it('should keep the items whose JSON array fits, counting brackets and commas', () => {
    const list = [{ a: 1 }, { a: 2 }]; // [{"a":1},{"a":2}]: 17 bytes

    expect(withinBytes(list, 17)).toEqual(list);
    expect(withinBytes(list, 16)).toEqual([{ a: 1 }]);
  });

  it('should keep the first item whatever its size, so that a page always moves on', () => {
    expect(withinBytes([{ text: 'x'.repeat(100) }, { a: 1 }], 10)).toHaveLength(1);
    expect(withinBytes([], 10)).toEqual([]);
  });

  it('should stop a page of large values before 1 MiB', () => {
    // 11 items of 100 000 characters: about 1.1 MB, past the bound.
    const items = Array.from({ length: 11 }, (_, id) => ({ id, text: 'x'.repeat(100_000) }));

    const page = withinBytes(items);

    expect(page).toEqual(items.slice(0, 10));
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(MAX_PAGE_BYTES);
  });
});
