import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { icuCatalogues } from './apps/web/icu-catalogues.ts';

const ENGINE_INDEPENDENT = [
  'src/db/pglite-thread.test.ts',
  'src/lib/ocpp-j/ocpp-json-rpc.test.ts',
  'src/db/pglite-maintenance.test.ts',
  'src/lib/load-shedder.test.ts',
  'src/lib/verified-tokens.test.ts',
  'src/lib/periodic-pass.test.ts',
  'src/modules/dpo/allocation.test.ts',
  'src/modules/drivers/authorization-rules.test.ts',
  'src/modules/payments/stripe-config.test.ts',
  'src/modules/driver-documents/file-storage.contract.test.ts',
  // The embedded database's backup: PGlite on both passes.
  'src/ops/backup.test.ts',
  'test/permissions-doc.test.ts',
  'test/decisions-index.test.ts',
  'test/import-cycles.test.ts',
  'src/lib/mailer.test.ts',
  'src/lib/i18n/server-catalogues.test.ts',
  'src/modules/driver-payments/receipt-language.test.ts',
];

/** API integration tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const apiProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: engine === 'pglite' ? 'api' : 'api-postgres',
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests that open no database say the same on both engines: run once, on the PGlite pass.
    exclude: engine === 'postgres' ? ENGINE_INDEPENDENT : [],
    environment: 'node',
    // Each file builds its own app on its own database and closes both, and no API test mocks a module, so the files
    // of a worker can share its module graph: importing the app anew for every file took about 2 s of CPU per file
    // (the PostgreSQL pass alone on a quiet machine: 148 → 76 s; the PGlite pass: 265 → 200 s).
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    ...(engine === 'postgres' ? { setupFiles: ['./test/overlapping-queries.ts'] } : {}),
    env: { TEST_DB_ENGINE: engine },
    // Generous limits: with two workers beside the e2e run, a file's app start can wait for the CPU.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; it then leaves a core idle once the e2e run beside it ends. Three
    // on two cores: a file waiting on its sockets, timers or PostgreSQL leaves the CPU to another (alone, both
    // engines: 372 s with two workers, 340 s with three).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'simulator',
          root: './packages/simulator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Chargers reboot and reconnect against a real socket server; beside the e2e run a reboot can take seconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // The bench's own parts that a wrong payload would make measure the wrong thing (the lean chargers).
          name: 'bench',
          root: './bench',
          include: ['lib/**/*.test.ts'],
          environment: 'node',
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        plugins: [icuCatalogues(), react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-tests.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
