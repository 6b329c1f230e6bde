/**
 * A start-up failure the operator can fix (a setting, a folder, another process): its message names the cause,
 * and a stack trace would only hide it. The entry points print it as one line (bootstrap-logger.ts).
 */
export class StartupError extends Error {
  override readonly name: string = 'StartupError';
}
