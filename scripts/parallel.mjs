#!/usr/bin/env node
// Runs npm scripts side by side, each line prefixed with its script's name; fails if any fails.
// `npm test` uses it so the checks, and then the unit and browser suites, share the machine's cores.
//
// A script named `low:<script>` runs at a lower CPU priority (nice 10). The browser suite is a chain of waits (browser,
// API, database, one test after another) that used about 0.6 of a core alone; beside the unit tests at the same
// priority every link of the chain queued for a core, and it took twice as long, which made the whole of `npm test`.
// At a lower priority the unit tests use what the chain leaves, and still get the core it does not need.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const LOW_PRIORITY = 'low:';
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs [low:]<npm script>...');
  process.exit(2);
}

/** `nice` where there is one (Linux, macOS); elsewhere the script runs at the usual priority. */
const command = (script) => {
  const low = script.startsWith(LOW_PRIORITY);
  const npm = ['npm', 'run', '--silent', low ? script.slice(LOW_PRIORITY.length) : script];
  return low && process.platform !== 'win32' ? ['nice', '-n', '10', ...npm] : npm;
};

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const [program, ...args] = command(name);
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`[${name}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${String(code)}`})`} in ${String(seconds)} s\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, index) => !results[index]);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
