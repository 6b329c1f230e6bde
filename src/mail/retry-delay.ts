/**
 * Milliseconds to wait after failed attempt number `attempt` (1 for the first) before the next: `baseMs`, then
 * twice as long each time (5 s, 10 s, 20 s, 40 s, 80 s with the defaults), capped at an hour.
 */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** Milliseconds from the first attempt to the last, when every attempt fails: the span a mail is retried over. */
export function retrySpanMs(maxAttempts: number, baseMs: number): number {
  let total = 0;
  for (let attempt = 1; attempt < maxAttempts; attempt += 1) total += retryDelayMs(attempt, baseMs);
  return total;
}
