/** The database cannot be reached at all (as opposed to refusing one statement). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

type DriverError = { code?: unknown; message?: unknown; cause?: unknown };

/** Socket errors and the SQLSTATEs of classes 08 (connection) and 57P (server shutting down), 53300 (no slot). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** node-postgres reports a lost or impossible connection only in words. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|is not currently accepting connections/;

const chain = function* (error: unknown): Generator<DriverError> {
  for (let current = error as DriverError | undefined, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    yield current;
    current = current.cause as DriverError | undefined;
  }
};

/** Whether an error, straight from the driver or wrapped by drizzle, means the database is out of reach. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (const current of chain(error)) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (typeof current.code === 'string' && UNAVAILABLE_CODES.has(current.code)) return true;
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
};

/**
 * The SQLSTATE of a data exception (class 22: a value the column type cannot hold, e.g. a malformed UUID,
 * a NUL in text, a number out of range). Such a value came from the client, so it is the client's error.
 */
export const dataExceptionCode = (error: unknown): string | undefined => {
  for (const current of chain(error)) {
    if (typeof current.code === 'string' && /^22[0-9A-Z]{3}$/.test(current.code)) return current.code;
  }
  return undefined;
};
