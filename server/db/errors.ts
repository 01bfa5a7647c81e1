/** True when a write failed on a unique constraint, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * True when a write named a row that was deleted while it ran, in either dialect: an account
 * deleted while its own requests were in flight, whose rows refer to it (owner, author, member).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * True when PostgreSQL gave a transaction up to let another one through (a deadlock, or a
 * serialization failure): nothing of it was stored, and the same request can run again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** SQLite's primary result codes (before any extension, as in SQLITE_IOERR_WRITE) for storage it cannot use now. */
const SQLITE_UNAVAILABLE = new Set(['SQLITE_FULL', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_READONLY', 'SQLITE_CANTOPEN']);

/** Node's codes for a connection to PostgreSQL that could not be made or broke. */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/**
 * PostgreSQL's SQLSTATEs for a server that cannot serve now: class 08 (connection exception),
 * class 53 (insufficient resources: disk full, out of memory, too many connections), 55P03 (a lock
 * not had within lock_timeout), and 57P01-57P03 (shutting down, crashed, starting up).
 */
const POSTGRES_UNAVAILABLE = /^(08|53|55P03|57P0[1-3])/;

/** node-postgres's words, without a code, for a connection that broke or a pool with none free in time. */
const POSTGRES_CLIENT_FAILURES = new Set([
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
]);

/**
 * True when the database could not take the request for reasons of its own (a full disk, a lock
 * held past the timeout, an I/O error, a PostgreSQL that is down): the request was fine and
 * nothing of it was stored, so it is worth repeating later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return POSTGRES_CLIENT_FAILURES.has(error.message);
  return SQLITE_UNAVAILABLE.has(code.split('_', 2).join('_')) || CONNECTION_FAILURES.has(code) || POSTGRES_UNAVAILABLE.test(code);
}
