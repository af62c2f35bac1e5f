import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export type BenchServers = {
  /** `baseline`: our app with metrics off, when BENCH_METRICS_BASELINE is set. */
  ports: { bare: number; query: number; ours: number; baseline?: number };
  token: string;
  locationId: string;
  stop: () => Promise<void>;
};

/** Servers run in their own process so the load generator does not share their event loop. */
export const startServers = (engine: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<BenchServers> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = fork(path.join(import.meta.dirname, 'servers.ts'), {
      // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the servers, for finding where time goes.
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      env: { ...process.env, BENCH_ENGINE: engine, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
    child.once('message', (message) => {
      const ready = message as Omit<BenchServers, 'stop'>;
      resolve({
        ...ready,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send('stop');
          }),
      });
    });
  });
