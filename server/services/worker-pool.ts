import { Worker } from 'node:worker_threads';

export interface WorkerLimits {
  /** How long one job may take, queue included. */
  timeoutMs: number;
  /** The worker's JavaScript heap, in MB: a job that needs more stops the worker, not the server. */
  heapMb: number;
}

type Pending = { resolve: (result: unknown) => void; reject: (err: Error) => void; timer: NodeJS.Timeout };

/**
 * A worker's entry, named without extension and beside `base` (the caller's import.meta.url).
 * Compiled (dist/server, where the server is bundled into main.js), it is the compiled worker beside
 * it (scripts/build.mjs). From the TypeScript sources (tsx, vitest), it is worker-boot.mjs, which
 * registers tsx first (`--import tsx` does not reach a worker's own entry) and loads the source.
 */
export function workerEntry(base: string, name: string): { url: URL; workerData?: { entry: string } } {
  if (!base.endsWith('.ts')) return { url: new URL(`./${name}.js`, base) };
  return {
    url: new URL('./worker-boot.mjs', import.meta.url),
    workerData: { entry: new URL(`./${name}.ts`, base).href },
  };
}

/**
 * One worker thread for CPU-heavy jobs (signing, watermarking), so the event loop keeps serving
 * sockets meanwhile. Jobs queue in the worker. The worker has a heap cap and each job a deadline: past
 * either, the worker is stopped (every job it held fails with the error `limitError` makes) and the
 * next job starts a fresh one. The worker's side is serveJobs (worker-jobs.ts).
 */
export class WorkerPool {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly entry: { url: URL; workerData?: unknown },
    readonly limits: WorkerLimits,
    /** The error a job gets when the worker is stopped at a limit; `what` says which. */
    private readonly limitError: (what: 'time' | 'memory') => Error,
  ) {}

  /** Runs a job in the worker; answers what its handler answered. */
  run<T>(job: object, transfer: ArrayBuffer[] = []): Promise<T> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failAll(this.limitError('time'));
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, this.limits.timeoutMs);
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      worker.postMessage({ id, job }, transfer);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry.url, {
      workerData: this.entry.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref();
    worker.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      const job = this.pending.get(msg.id);
      if (!job) return;
      this.pending.delete(msg.id);
      clearTimeout(job.timer);
      if (msg.ok) job.resolve(msg.result);
      else job.reject(new Error(msg.error ?? 'worker job failed'));
    });
    worker.on('error', (err) =>
      this.failAll(
        (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? this.limitError('memory') : err,
      ),
    );
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new Error('worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const job of this.pending.values()) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    this.pending.clear();
  }
}
