// Node 20 does not apply the process's `--import tsx` loader to worker threads (tsx issue #354),
// so the PGlite thread registers it itself before loading its TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
