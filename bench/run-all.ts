/**
 * `npm run bench`: every benchmark in turn, whatever the one before answered. A NO VERDICT (exit 2, a busy
 * machine) must not hide the later benches' figures, so this runs them all and prints one line per bench at the
 * end. Exit code: 1 when any bench failed, else 2 when any gave no verdict, else 0.
 */
import { spawnSync } from 'node:child_process';

const BENCHES = [
  'api-throughput.ts',
  'overload.ts',
  'bundle-size.ts',
  'lighthouse.ts',
  'locations-scale.ts',
  'pricing.ts',
  'money.ts',
  'dpo.ts',
  'dashboard-scale.ts',
  'ocpp-connection-cost.ts',
];
const VERDICTS: Record<number, string> = { 0: 'PASS', 1: 'FAIL', 2: 'NO VERDICT' };

const results = BENCHES.map((file) => {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync('npx', ['tsx', file], { stdio: 'inherit', cwd: import.meta.dirname });
  const code = run.status ?? 1;
  return { file, code, verdict: VERDICTS[code] ?? `exit ${code}` };
});

console.log('\n=== Summary ===');
for (const { file, verdict } of results) console.log(`${verdict.padEnd(11)} ${file}`);
const codes = results.map((result) => result.code);
process.exitCode = codes.some((code) => code !== 0 && code !== 2) ? 1 : codes.includes(2) ? 2 : 0;
