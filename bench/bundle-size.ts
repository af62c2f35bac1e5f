/**
 * Login-page bundle budget (issue 18): the JavaScript the login page loads, gzip-compressed, ≤ 120 KB; the dashboard
 * chunk must not be among it. Measured twice: from the built index.html (entry + modulepreloads), and
 * in Debian's chromium, by recording every script the login page actually fetches.
 */
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServers } from './lib/start-servers.ts';
import { finish } from './lib/machine.ts';

const BUDGET_KB = 120;
/** Issue 18: the dashboard shell — everything a PortfolioManager's browser has fetched once the dashboard shows. */
const SHELL_BUDGET_KB = 250;
const webDir = path.resolve(import.meta.dirname, '../apps/web');
const dist = path.join(webDir, 'dist');
if (!existsSync(path.join(dist, 'index.html')) || process.env.BENCH_REBUILD) {
  execFileSync('npx', ['vite', 'build'], { cwd: webDir, stdio: 'ignore' });
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
const dashboardChunk = readdirSync(path.join(dist, 'assets')).find((file) => /^dashboard-routes-.*\.js$/.test(file));

console.log('Login page JavaScript from index.html (gzip -9):');
for (const file of initial) console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
const declaredKb = initial.reduce((sum, file) => sum + gzipKb(file), 0);
console.log(`  ${declaredKb.toFixed(1).padStart(7)} KB  total   (budget ${BUDGET_KB} KB)`);
if (dashboardChunk) console.log(`  dashboard chunk ${dashboardChunk}: ${gzipKb(`assets/${dashboardChunk}`).toFixed(1)} KB, loaded later`);

const servers = await startServers('pglite', { WEB_DIST_DIR: dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const fetched: string[] = [];
let loginScriptCount = 0;
try {
  const page = await browser.newPage();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') fetched.push(new URL(response.url()).pathname.slice(1));
  });
  await page.goto(`http://127.0.0.1:${servers.ports.ours}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Next' }).waitFor();
  loginScriptCount = fetched.length;
  // Then sign in as the seed's PortfolioManager (who lands on the dashboard) and count everything the shell needed.
  await page.getByLabel('Email').fill('portfoliomanager@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill('Charge#2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  await page.getByText('Energy delivered').first().waitFor();
  await page.waitForLoadState('networkidle');
} finally {
  await browser.close();
  await servers.stop();
}
const scripts = fetched.slice(0, loginScriptCount);
const fetchedKb = scripts.reduce((sum, file) => sum + gzipKb(file), 0);
const loadsDashboard = scripts.some((file) => file.includes('dashboard-routes'));
console.log(
  `\nIn chromium, GET / fetched ${scripts.length} scripts: ${fetchedKb.toFixed(1)} KB gzip; dashboard chunk loaded: ${loadsDashboard ? 'yes' : 'no'}`,
);
const shell = [...new Set(fetched)];
const shellKb = shell.reduce((sum, file) => sum + gzipKb(file), 0);
console.log(`Signed in, the dashboard shown: ${shell.length} scripts, ${shellKb.toFixed(1)} KB gzip (budget ${SHELL_BUDGET_KB} KB); largest:`);
for (const file of [...shell].sort((a, b) => gzipKb(b) - gzipKb(a)).slice(0, 8)) console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
const pass = declaredKb <= BUDGET_KB && fetchedKb <= BUDGET_KB && !loadsDashboard && shellKb <= SHELL_BUDGET_KB;
finish(pass, `login JavaScript ≤ ${BUDGET_KB} KB gzip, no dashboard chunk; dashboard shell ≤ ${SHELL_BUDGET_KB} KB`, { timed: false });
