import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The whole error answer, status and body together, so a failure shows both at once and an extra
 * field (internals leaking into the body) fails the test too.
 */
export const expectRefusal = (response: LightMyRequestResponse, status: number, code: string, msg: string[]) => {
  expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status, body: { responseCode: status, msg, code } });
};
