import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** API integration tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const apiProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: engine === 'pglite' ? 'api' : 'api-postgres',
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-tests.ts'],
        },
      },
    ],
  },
});
