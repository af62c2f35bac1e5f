/**
 * Lighthouse on the login page (issue 18: desktop performance ≥ 95 on `/`), against the built product served by
 * the API as `npm start` serves it, in Debian's chromium. Lighthouse is fetched by npx on first use (LIGHTHOUSE,
 * default lighthouse@12) rather than made a dependency: it is about 100 MB that no user and no test needs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { finish } from './lib/machine.ts';
import { startServers } from './lib/start-servers.ts';

const BAR = 95;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const webDir = path.resolve(import.meta.dirname, '../apps/web');
const dist = path.join(webDir, 'dist');
if (!existsSync(path.join(dist, 'index.html')) || process.env.BENCH_REBUILD) {
  execFileSync('npx', ['vite', 'build'], { cwd: webDir, stdio: 'ignore' });
}

type Audit = { numericValue?: number; displayValue?: string };
type LighthouseResult = { categories: { performance: { score: number } }; audits: Record<string, Audit> };
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

const servers = await startServers('pglite', { WEB_DIST_DIR: dist });
const scores: number[] = [];
try {
  for (let run = 1; run <= RUNS; run += 1) {
    const output = execFileSync(
      'npx',
      [
        '-y',
        process.env.LIGHTHOUSE ?? 'lighthouse@12',
        `http://127.0.0.1:${servers.ports.ours}/`,
        '--preset=desktop',
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
    );
    const result = JSON.parse(output) as LighthouseResult;
    const score = Math.round(result.categories.performance.score * 100);
    scores.push(score);
    const figures = METRICS.map((id) => `${id} ${result.audits[id]?.displayValue ?? '?'}`).join(', ');
    console.log(`run ${run}: performance ${score} — ${figures}`);
  }
} finally {
  await servers.stop();
}
const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;
console.log(`Median desktop performance on /: ${median} (bar ≥ ${BAR})`);
finish(median >= BAR, `Lighthouse desktop performance ≥ ${BAR} on /`);
