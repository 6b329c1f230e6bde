import DataLoader, { type BatchLoadFn } from 'dataloader';

// Keys compare by value: an object key (`{ authorId, limit }`) asked for twice in a request is loaded once.
const cacheKeyFn = (key: unknown): unknown =>
  typeof key === 'object' && key !== null ? JSON.stringify(key) : key;

/** What a batch function by id owes DataLoader: one entry per id, in the order asked, null where no row has it. */
export function alignWithIds<T extends { id: number }>(
  ids: readonly number[],
  rows: readonly T[],
): Array<T | null> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
}

/**
 * The DataLoaders of one GraphQL request, made on first use. A feature's service declares its batch functions
 * (`readonly loadByAuthor: BatchLoadFn<AuthorPostsKey, Post[]> = …`) and its resolvers ask for them here, so the
 * endpoints know no feature and a new relation adds its loader in its own folder. A new registry per request:
 * cached rows never cross requests (or users).
 */
export class RequestLoaders {
  private readonly loaders = new Map<BatchLoadFn<never, unknown>, DataLoader<unknown, unknown>>();

  /** This request's loader for a batch function; every `load` of one tick becomes one call of `batch`. */
  of<K, V>(batch: BatchLoadFn<K, V>): DataLoader<K, V> {
    let loader = this.loaders.get(batch as BatchLoadFn<never, unknown>) as DataLoader<K, V> | undefined;
    if (!loader) {
      loader = new DataLoader(batch, { cacheKeyFn });
      this.loaders.set(batch as BatchLoadFn<never, unknown>, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  }
}
