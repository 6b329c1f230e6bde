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

/**
 * True when the database refused a value that came with the request (a NUL character in a name, say, which
 * GraphQL string escapes and JSON both allow and PostgreSQL text cannot hold): the client's input, so 400
 * (HTTP) or BAD_USER_INPUT (GraphQL), not 500. Nothing was written: the statement failed.
 */
export function isValueRefusedByDatabase(error: unknown): boolean {
  return causeChain(error).some(({ code }) => typeof code === 'string' && REFUSED_VALUE_CODES.has(code));
}

/** What a constraint the database enforces said about a write (SQLSTATE class 23), read from either driver. */
export interface ConstraintViolation {
  /** `references`: a write named a parent that does not exist; `referenced`: a delete left children behind. */
  kind: 'unique' | 'references' | 'referenced' | 'not-null' | 'check';
  /** The column at fault (`author_id`), when the database names one. */
  column?: string;
  /** The table holding the children, for `referenced`. */
  childTable?: string;
  constraint?: string;
}

interface ConstraintErrorFields {
  code?: unknown;
  detail?: unknown;
  column?: unknown;
  constraint?: unknown;
}

const CONSTRAINT_CODES: Record<string, ConstraintViolation['kind'] | undefined> = {
  '23505': 'unique',
  '23503': 'references',
  '23001': 'referenced', // ON DELETE RESTRICT
  '23502': 'not-null',
  '23514': 'check',
};

/**
 * The constraint a failed write broke, if that is what this error is. Both drivers report PostgreSQL's fields
 * (`detail`: `Key (isbn)=(…) already exists.`, `Key (id)=(1) is referenced from table "books".`).
 */
export function constraintViolationOf(error: unknown): ConstraintViolation | undefined {
  for (const link of causeChain(error) as ConstraintErrorFields[]) {
    let kind = typeof link.code === 'string' ? CONSTRAINT_CODES[link.code] : undefined;
    if (!kind) continue;
    const detail = typeof link.detail === 'string' ? link.detail : '';
    const childTable = /is (?:still )?referenced from table "([^"]+)"/.exec(detail)?.[1];
    if (kind === 'references' && childTable) kind = 'referenced';
    const keyColumns = /^Key \(([^)]+)\)=/.exec(detail)?.[1];
    const column = typeof link.column === 'string' ? link.column : keyColumns;
    const constraint = typeof link.constraint === 'string' ? link.constraint : undefined;
    return { kind, column: kind === 'referenced' ? undefined : column, childTable, constraint };
  }
  return undefined;
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
