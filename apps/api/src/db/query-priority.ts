import { AsyncLocalStorage } from 'node:async_hooks';

const urgentScope = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its queries marked urgent: on PGlite, which answers one statement at a time, they go ahead of
 * the statements already waiting (telemetry batches, dashboard reads), so a driver at a charger is not kept behind
 * them (decision 013). Only short reads belong here: an urgent statement still waits for the one that is running.
 * PostgreSQL runs statements side by side on its pool, so there the mark changes nothing.
 */
export const urgently = <T>(work: () => Promise<T>): Promise<T> => urgentScope.run(true, work);

export const isUrgent = (): boolean => urgentScope.getStore() === true;
