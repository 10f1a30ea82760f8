// The signing worker's entry. Node 20 does not apply `--import tsx` to a worker's own entry
// ("Unknown file extension .ts"), so the worker registers tsx itself, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./sign-worker.ts');
