/**
 * A start-up failure the operator can fix (a setting, a folder, another process): its message names the cause,
 * and a stack trace would only hide it. The entry points print it as one line (bootstrap-logger.ts).
 */
export class StartupError extends Error {
  override readonly name: string = 'StartupError';
}

/**
 * What a failed start prints: the error's message, then its causes' (a failed migration is Drizzle's "Failed query:
 * CREATE INDEX …" with PostgreSQL's reason as its cause).
 */
export function startupFailureMessage(error: unknown): string {
  const messages: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    const message = current instanceof Error ? current.message : String(current);
    // An error passed on as the cause of one that says the same (`connect ECONNREFUSED …` twice).
    if (!messages.at(-1)?.includes(message)) messages.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages.join(': ');
}
