import { createScratchDatabase, type ScratchDatabase } from '@wattdesk/test-support';

/** A throw-away database on the PostgreSQL server of TEST_DATABASE_URL / DATABASE_URL, if one is set. */
export const createBenchDatabase = async (): Promise<ScratchDatabase | undefined> => {
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return serverUrl ? createScratchDatabase(serverUrl, 'wattdesk_bench') : undefined;
};
