const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value read from a token is a UUID. Claims of tokens we signed are checked before they reach a
 * uuid column: a token of another purpose, or one forged with a leaked secret, must fail as "invalid",
 * not as a database error.
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
