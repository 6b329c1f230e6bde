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

// PostgreSQL SQLSTATEs of a server that is away, starting or stopping, of a statement it cancelled
// (statement_timeout), and of one that takes no more connections: class 08 (connection exception), 57P01-03,
// 57014, 53300 (too many connections: the health check's own ping tells when that is over).
const SERVER_CODES = /^(08...|57P0[123]|57014|53300)$/;

// Class 53, insufficient resources, but for 53300 (above): 53000, 53100 disk full, 53200 out of memory, 53400
// configuration limit exceeded. The query was fine; the server could not do it now, and still answers a ping.
const RESOURCE_CODES = /^53(?!300)...$/;

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
 * True when an error says the database could not be reached, gave up or ran short of resources (disk, memory,
 * connections), not that a query was wrong: such a request may succeed later, so it is answered 503 (HTTP) or
 * SERVICE_UNAVAILABLE (GraphQL), not 500. Drizzle wraps the driver's error as `cause`: the chain is followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (resourceShortageOf(error)) return true;
  return causeChain(error).some(({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    return typeof message === 'string' && CLIENT_MESSAGES.some((text) => message.includes(text));
  });
}

/**
 * The SQLSTATE (class 53) when the database refused a statement for lack of resources, e.g. `53100` (disk full).
 * Unlike a server that is away, this one still answers `select 1`, so /health learns of it from these failures.
 */
export function resourceShortageOf(error: unknown): string | undefined {
  const link = causeChain(error).find(({ code }) => typeof code === 'string' && RESOURCE_CODES.test(code));
  return link?.code as string | undefined;
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
    // Plain column names only: an expression index (`lower(username::text)`) is no field name to show a client.
    const keyColumns = /^Key \(([a-z_][a-z0-9_]*(?:, [a-z_][a-z0-9_]*)*)\)=/.exec(detail)?.[1];
    const column = typeof link.column === 'string' ? link.column : keyColumns;
    const constraint = typeof link.constraint === 'string' ? link.constraint : undefined;
    return { kind, column: kind === 'referenced' ? undefined : column, childTable, constraint };
  }
  return undefined;
}

// A driver's message may quote a value of the request (`invalid input syntax for type integer: "…"`).
const MAX_LOGGED_MESSAGE = 300;

/**
 * For the log, in one line: each message along the cause chain with its code (`No space left on device
 * (53100)`). Drizzle's own link is left out: its message is `Failed query: <sql>\nparams: <values>`, and the
 * values are the request's data (a 4 MB string, a password hash); the driver's reason is in its cause.
 */
export function describeError(error: unknown): string {
  const chain = causeChain(error);
  if (chain.length === 0) return oneLine(String(error));
  const described = chain.filter((link) => !isDrizzleQueryError(link)).map(describeLink);
  return described.length > 0 ? described.join(' ← ') : 'Failed query';
}

function describeLink({ message, code }: ErrorLike): string {
  const text = oneLine(String(message));
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_LOGGED_MESSAGE ? `${line.slice(0, MAX_LOGGED_MESSAGE)}…` : line;
}

/** Drizzle's DrizzleQueryError, by shape (another copy of drizzle-orm would fail instanceof). */
function isDrizzleQueryError({ message }: ErrorLike): boolean {
  return typeof message === 'string' && message.startsWith('Failed query:');
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
