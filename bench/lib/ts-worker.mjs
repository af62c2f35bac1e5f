// Worker threads do not inherit tsx's loader: this entry registers it, then runs the TypeScript module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
