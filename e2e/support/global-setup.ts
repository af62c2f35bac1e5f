import { startSmtpSink } from '@wattdesk/test-support';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const waitForHealth = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the product did not become healthy at ${url} within ${timeoutMs} ms`);
};

/**
 * Starts what a user starts with `npm start` (the built SPA served by the API, embedded PGlite,
 * demo data) on a free port with a fresh data folder, plus a real SMTP sink that stores each mail
 * as JSON for the tests to read.
 */
export default async function globalSetup() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'wattdesk-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  mkdirSync(mailDir);
  let counter = 0;
  const sink = await startSmtpSink({
    onMessage: (mail) => {
      counter += 1;
      const stored = { ...mail, attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })) };
      writeFileSync(path.join(mailDir, `${String(Date.now())}-${String(counter).padStart(4, '0')}.json`), JSON.stringify(stored));
    },
  });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      SMTP_URL: sink.url,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, 60_000);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await sink.close();
  };
}
