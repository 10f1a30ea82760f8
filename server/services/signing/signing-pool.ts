import { Worker } from 'node:worker_threads';
import type { SigningKey } from './signing-key.js';
import type { SignedNdaInput } from './types.js';

type Pending = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

/** One worker thread that builds signed NDAs, so the event loop keeps serving sockets meanwhile. */
export class SigningPool {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly key: () => SigningKey) {}

  build(input: SignedNdaInput): Promise<Buffer> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, input, key: this.key() });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // The worker runs TypeScript sources through tsx, like the server itself; its entry registers tsx
    // (execArgv '--import tsx' does not reach a worker's entry on Node 20).
    const worker = new Worker(new URL('./sign-worker-boot.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (msg: { id: number; ok: boolean; pdf?: Uint8Array; error?: string }) => {
      const job = this.pending.get(msg.id);
      if (!job) return;
      this.pending.delete(msg.id);
      if (msg.ok && msg.pdf) job.resolve(Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.byteLength));
      else job.reject(new Error(msg.error ?? 'signing failed'));
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', () => {
      this.worker = null;
      this.failAll(new Error('signing worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const job of this.pending.values()) job.reject(err);
    this.pending.clear();
  }
}
