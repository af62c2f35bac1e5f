import { afterAll, expect } from 'vitest';

/**
 * node-postgres queues a query sent on a connection that is already running one, warns once per process, and will
 * refuse it from pg 9. In a transaction (one connection) that is two statements sent side by side: this fails the
 * test file that does it, on the PostgreSQL pass.
 */
const overlapping: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) overlapping.push(warning.message);
};
process.on('warning', onWarning);

afterAll(() => {
  process.off('warning', onWarning);
  expect(overlapping, 'a query was sent on a connection that was already running one').toEqual([]);
});
