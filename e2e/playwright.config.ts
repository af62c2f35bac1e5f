import { defineConfig } from '@playwright/test';

/** Debian's chromium, as the machine provides it; downloading a browser is not possible here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Each worker runs its own product (support/worker-stack.ts); two keep both cores busy while each chain waits.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Time limits, not measurements (speed is measured in bench/): `npm test` runs these beside the unit tests on two
  // shared cores, and on a slow day a sandbox link token took over 10 s and a whole invitation journey over a minute.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
