import { parentPort } from 'node:worker_threads';

/**
 * A worker thread's side of WorkerPool (worker-pool.ts): runs each job with `handle` and answers its
 * result, or its error's stack. `result.transfer` lists buffers moved to the main thread, not copied.
 */
export function serveJobs<Job>(handle: (job: Job) => Promise<{ result: unknown; transfer?: ArrayBuffer[] }>): void {
  parentPort!.on('message', async ({ id, job }: { id: number; job: Job }) => {
    try {
      const { result, transfer = [] } = await handle(job);
      parentPort!.postMessage({ id, ok: true, result }, transfer);
    } catch (err) {
      parentPort!.postMessage({ id, ok: false, error: String((err as Error)?.stack ?? err) });
    }
  });
}
