import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const API_BUNDLE = 'apps/api/dist/main.mjs';
let apiBuilt = false;

/**
 * Builds the API as `npm start` does, once per test or bench process (a quarter of a second), so a process
 * started here never runs a bundle older than the sources.
 */
const buildApi = () => {
  if (apiBuilt) return;
  execFileSync(process.execPath, ['apps/api/scripts/build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  apiBuilt = true;
};

/** Lines of output a captured process keeps (the last ones). */
const LOG_LINES = 2000;

/** A TCP port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });

export type ProductProcessOptions = {
  /** Settings on top of the caller's environment; PORT, HOST, PUBLIC_URL and DATA_DIR are set here. */
  env?: NodeJS.ProcessEnv;
  /** Names of the caller's environment variables the product must not see (e.g. DATABASE_URL). */
  unset?: string[];
  /** Host to bind and to address it by (default 127.0.0.1). */
  host?: string;
  /** Data folder (default: a fresh temporary one, removed on stop). */
  dataDir?: string;
  /** 'inherit' shares the terminal; 'capture' keeps the last lines in `log` (default 'inherit'). */
  output?: 'inherit' | 'capture';
  /** How long to wait for /healthz (default 60 s). */
  readyTimeoutMs?: number;
  /** Runs before the product starts, with its data folder (e.g. to seed the database it will open). */
  beforeStart?: (dataDir: string) => Promise<void>;
  /** Node's own flags before the entry (V8 flags such as --trace-gc are refused in NODE_OPTIONS). */
  nodeArgs?: string[];
};

export type ProductProcess = {
  /** The node process running the API itself (not a wrapper), so its pid is the server's. */
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** The last lines of its output, when captured. */
  log: string[];
  /** SIGTERM, then SIGKILL after 15 s; removes the data folder it made. */
  stop: () => Promise<void>;
};

const captureLines = (child: ChildProcess, log: string[]) => {
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
    if (log.length > LOG_LINES) log.splice(0, log.length - LOG_LINES);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
};

const isHealthy = (baseUrl: string) =>
  fetch(`${baseUrl}/healthz`).then(
    (response) => response.ok,
    () => false,
  );

/**
 * Starts the product as `npm start` runs it (the API built from the sources here, serving the built SPA) on a
 * free port, and resolves once it answers /healthz. Rejects, with its last output when captured, if it exits or is
 * not ready in time.
 */
export const startProductProcess = async (options: ProductProcessOptions = {}): Promise<ProductProcess> => {
  const host = options.host ?? '127.0.0.1';
  const port = await freePort();
  const baseUrl = `http://${host}:${port}`;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'wattdesk-product-'));
  try {
    await options.beforeStart?.(dataDir);
  } catch (error) {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // As `npm start` runs the API (apps/api/package.json): glibc gives freed memory back (decision 067). The caller's
  // environment may set it otherwise, e.g. to measure without it.
  const env: NodeJS.ProcessEnv = { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env };
  for (const name of options.unset ?? []) delete env[name];
  Object.assign(env, options.env, { PORT: String(port), HOST: host, PUBLIC_URL: baseUrl, DATA_DIR: dataDir });
  const capture = options.output === 'capture';
  buildApi();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', API_BUNDLE], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
  });
  const log: string[] = [];
  if (capture) captureLines(child, log);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(15_000)]);
      if (!exited) child.kill('SIGKILL');
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    const lastLines = () => (log.length ? `:\n${log.slice(-30).join('\n')}` : '');
    if (exited) throw new Error(`the product exited before it was ready${lastLines()}`);
    if (await isHealthy(baseUrl)) return { child, baseUrl, dataDir, log, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the product was not ready at ${baseUrl} within ${readyTimeoutMs / 1000} s${lastLines()}`);
    }
    await sleep(250);
  }
};
