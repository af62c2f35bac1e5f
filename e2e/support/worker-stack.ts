import { test as base } from '@playwright/test';
import { startProductProcess, startSmtpSink } from '@wattdesk/test-support';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type ProductStack = { baseUrl: string; mailDir: string };

/**
 * Each Playwright worker starts what a user starts with `npm start` (the built SPA served by the API, embedded
 * PGlite, demo data) on a free port with a fresh data folder, plus a real SMTP sink that stores each mail as JSON
 * for the tests to read. One stack per worker, so the spec files of two workers never share data: the suite runs on
 * two workers side by side (the e2e chain is a chain of waits, and set the length of `npm test` alone).
 * Published in the worker's environment, where `stack()` (stack.ts) reads it.
 */
export const test = base.extend<object, { productStack: ProductStack }>({
  productStack: [
    async ({}, use) => {
      const workDir = mkdtempSync(path.join(tmpdir(), 'wattdesk-e2e-'));
      const mailDir = path.join(workDir, 'mail');
      mkdirSync(mailDir);
      let counter = 0;
      const sink = await startSmtpSink({
        onMessage: (mail) => {
          counter += 1;
          const stored = {
            ...mail,
            attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })),
          };
          writeFileSync(path.join(mailDir, `${String(Date.now())}-${String(counter).padStart(4, '0')}.json`), JSON.stringify(stored));
        },
      });
      const product = await startProductProcess({
        // E2E_HOST=127.0.0.1 where localhost resolves to an address the machine cannot listen on (::1 without IPv6).
        host: process.env.E2E_HOST ?? 'localhost',
        dataDir: path.join(workDir, 'data'),
        env: {
          SMTP_URL: sink.url,
          LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
          NODE_ENV: 'test',
          // A declined card is retried a minute later (the shortest the setting allows) and failed at the second
          // decline, looked for every 5 s: money-in.spec.ts sees a card fail within about a minute of real time
          // rather than the production schedule's hours. The three-attempt schedule is proved in money-loop.test.ts.
          PAYMENT_RETRY_MINUTES: '1',
          PAYMENT_MAX_FAILURES: '2',
          PAYMENT_JOB_SECONDS: '5',
        },
        // A deadline, not a wait: a quiet machine is ready in seconds, a loaded one (the unit tests run beside e2e,
        // first seeding of the demo data) has taken over a minute.
        readyTimeoutMs: Number(process.env.E2E_READY_TIMEOUT_MS ?? 240_000),
      });
      process.env.E2E_BASE_URL = product.baseUrl;
      process.env.E2E_MAIL_DIR = mailDir;
      await use({ baseUrl: product.baseUrl, mailDir });
      await product.stop();
      await sink.close();
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
});
