/** The iterator's next result, or a failure after `ms`: a subscription that never delivers fails its test. */
export async function nextWithin<T>(results: AsyncIterator<T>, ms = 5_000): Promise<IteratorResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([results.next(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
