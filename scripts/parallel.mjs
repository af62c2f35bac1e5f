#!/usr/bin/env node
// Runs npm scripts side by side, each line prefixed with its script's name; fails if any fails.
// `npm test` uses it so the checks, and then the unit and browser suites, share the machine's cores.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>...');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
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
