/**
 * Whether an error says the database is away (down, restarting, unreachable, out of
 * connections or disk) rather than that the request was wrong: such a request is
 * answered 503 with Retry-After, and a connection that failed this way is dropped.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps a failed query's error in its own, as `cause`.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// Node's socket errors; SQLSTATE class 08 (connection exception), 53 (insufficient
// resources: disk full, out of memory, too many connections), 57P01–57P03 (shut down,
// crashed, starting up).
const UNAVAILABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|ENOSPC|08\w{3}|53\w{3}|57P0[123])$/;

// What node-postgres and its pool say when a connection ends or cannot be had.
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;
