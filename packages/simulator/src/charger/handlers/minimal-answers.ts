import type { CommandHandlers } from './context.ts';

/**
 * Messages the simulator answers the simplest valid way without acting on them. A group that implements one
 * (reservations, the local list) takes it out of here.
 */
export const minimalAnswerHandlers = (): CommandHandlers => ({
  ClearCache: () => ({ status: 'Accepted' }),
  GetLocalListVersion: () => ({ listVersion: 0 }),
  DataTransfer: () => ({ status: 'UnknownVendorId' }),
});
