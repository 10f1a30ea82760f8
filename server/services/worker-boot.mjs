// A worker's entry when the server runs from its TypeScript sources (server/services/worker-pool.ts):
// `--import tsx` does not reach a worker's own entry ("Unknown file extension .ts"), so the worker
// registers tsx itself, then loads the TypeScript worker it was given.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
