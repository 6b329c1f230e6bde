/** Where a page stops early, before its limit: a page of large text values cannot grow unbounded. */
export const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * The first items whose JSON array stays within `limit` bytes, and always the first one (so that a page moves on).
 * Measured on the whole item: a GraphQL answer that selects fewer fields is smaller still.
 */
export function withinBytes<T>(items: T[], limit = MAX_PAGE_BYTES): T[] {
  let bytes = 2; // []
  for (const [index, item] of items.entries()) {
    bytes += Buffer.byteLength(JSON.stringify(item)) + (index > 0 ? 1 : 0);
    if (bytes > limit && index > 0) return items.slice(0, index);
  }
  return items;
}
