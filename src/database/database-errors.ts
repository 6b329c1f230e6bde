// Socket errors of a server that cannot be reached (node-postgres passes them through with their code).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATEs of a server that is away, starting, stopping or full, and of a statement it cancelled
// (statement_timeout): class 08 (connection exception), 57P01-03, 53300, 57014.
const SERVER_CODES = /^(08...|57P0[123]|53300|57014)$/;

// node-postgres (pg, pg-pool) and PGlite report a lost or timed-out connection with these messages, no code.
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/**
 * True when an error says the database could not be reached or gave up, not that a query was wrong: such a
 * request may succeed later, so it is answered 503 (HTTP) or SERVICE_UNAVAILABLE (GraphQL), not 500.
 * Drizzle wraps the driver's error as `cause`: the chain is followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    return typeof message === 'string' && CLIENT_MESSAGES.some((text) => message.includes(text));
  });
}

// PostgreSQL SQLSTATEs of a value the database cannot take (class 22, data exception): a NUL character or a bad
// encoding in a string, a number out of range, text too long or malformed for its column.
const REFUSED_VALUE_CODES = new Set(['22021', '22P05', '22003', '22001', '22P02']);

export const REFUSED_VALUE_MESSAGE = 'A value in the request cannot be stored';

/**
 * True when the database refused a value that came with the request (a NUL character in a name, say, which
 * GraphQL string escapes and JSON both allow and PostgreSQL text cannot hold): the client's input, so 400
 * (HTTP) or BAD_USER_INPUT (GraphQL), not 500. Nothing was written: the statement failed.
 */
export function isValueRefusedByDatabase(error: unknown): boolean {
  return causeChain(error).some(({ code }) => typeof code === 'string' && REFUSED_VALUE_CODES.has(code));
}

/** For the log: the messages along the cause chain (Drizzle's "Failed query" hides the driver's reason). */
export function describeError(error: unknown): string {
  const chain = causeChain(error);
  return chain.length > 0 ? chain.map(({ message }) => String(message)).join(' ← ') : String(error);
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * The error and its causes, read by shape: Node's own socket errors are not `instanceof Error` in another
 * realm (Jest's sandbox), and drivers add `code` to plain errors anyway.
 */
function causeChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let current = error; typeof current === 'object' && current !== null && chain.length < 5;) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
}
