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
/**
 * Signs in as the seed's PortfolioManager (who lands on the dashboard) in a browser of that language and returns the
 * scripts fetched for the sign-in page, then for the dashboard shell. Selectors by role and type, not by words: the
 * words are the language's (issue 44).
 */
const visit = async (locale: string) => {
  const fetched: string[] = [];
  const context = await browser.newContext({ locale });
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') fetched.push(new URL(response.url()).pathname.slice(1));
    });
    await page.goto(`http://127.0.0.1:${servers.ports.ours}/`, { waitUntil: 'networkidle' });
    await page.locator('button[type="submit"]').waitFor();
    const loginScripts = [...fetched];
    await page.locator('input[type="email"]').fill('portfoliomanager@example.com');
    await page.locator('button[type="submit"]').click();
    await page.locator('input[type="password"]').fill('Charge#2026');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('navigation').first().waitFor();
    await page.waitForLoadState('networkidle');
    return { loginScripts, shell: [...new Set(fetched)] };
  } finally {
    await context.close();
  }
};

let pass = declaredKb <= BUDGET_KB;
let english = new Set<string>();
try {
  // English is the source and ships with the code; another language adds its catalogues' chunks.
  for (const locale of ['en-US', 'de-DE', 'fr-FR', 'es-ES']) {
    const { loginScripts, shell } = await visit(locale);
    const fetchedKb = loginScripts.reduce((sum, file) => sum + gzipKb(file), 0);
    const loadsDashboard = loginScripts.some((file) => file.includes('dashboard-routes'));
    const shellKb = shell.reduce((sum, file) => sum + gzipKb(file), 0);
    console.log(
      `\n[${locale}] GET / fetched ${loginScripts.length} scripts: ${fetchedKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB); dashboard chunk loaded: ${loadsDashboard ? 'yes' : 'no'}`,
    );
    console.log(`[${locale}] signed in, the dashboard shown: ${shell.length} scripts, ${shellKb.toFixed(1)} KB gzip (budget ${SHELL_BUDGET_KB} KB)`);
    if (locale === 'en-US') {
      console.log('  largest:');
      for (const file of [...shell].sort((a, b) => gzipKb(b) - gzipKb(a)).slice(0, 8))
        console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
      english = new Set(shell);
      if (process.env.BENCH_LIST_SCRIPTS) for (const file of [...shell].sort()) console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
    } else if (locale === 'de-DE') {
      // What a language adds to the English shell: its catalogues and MUI's texts, by size.
      console.log('  beyond English:');
      for (const file of shell.filter((name) => !english.has(name)).sort((a, b) => gzipKb(b) - gzipKb(a)))
        console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
    }
    pass &&= fetchedKb <= BUDGET_KB && !loadsDashboard && shellKb <= SHELL_BUDGET_KB;
  }
} finally {
  await browser.close();
  await servers.stop();
}
finish(pass, `login JavaScript ≤ ${BUDGET_KB} KB gzip, no dashboard chunk; dashboard shell ≤ ${SHELL_BUDGET_KB} KB; in each of the four languages`, {
  timed: false,
});
