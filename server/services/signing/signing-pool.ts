import { Worker } from 'node:worker_threads';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import { AppError } from '@server/errors.js';
import type { SigningKey } from './signing-key.js';
import type { SignedNdaInput } from './types.js';

/** A signed NDA: sealed, or prepared and waiting for a timestamp authority (`failure` says why). */
export interface SigningOutcome {
  pdf: Buffer;
  sealed: boolean;
  failure: string | null;
}

type Job =
  | { input: SignedNdaInput; key: SigningKey; tsaUrls: string[] }
  | { prepared: Uint8Array; key: SigningKey; tsaUrls: string[] }
  | { warm: true; key: SigningKey; tsaUrls: string[] };

type Pending = { resolve: (outcome: SigningOutcome) => void; reject: (err: Error) => void; timer: NodeJS.Timeout };

/**
 * A signed NDA that could not be built within the pool's time or memory: the worker was stopped. The
 * caller gets a plain 400; `reason` says which limit was hit.
 */
export class SigningLimitError extends AppError {
  constructor(readonly limit: string) {
    super('bad_request', 'signing_failed', { nonFieldErrors: [SIGNING_MESSAGES.buildFailed] });
  }
}

export interface SigningLimits {
  /** How long one signed NDA may take, queue included; an ordinary one takes well under a second. */
  timeoutMs: number;
  /** The worker's JavaScript heap, in MB: a build that needs more stops the worker, not the server. */
  heapMb: number;
}

/** How many times warm() signs its short agreement. */
const WARM_ROUNDS = 10;

export const SIGNING_LIMITS: SigningLimits = { timeoutMs: 30_000, heapMb: 512 };

/**
 * The worker's entry. Compiled (dist/server, where this code is bundled into main.js), it is the
 * compiled worker beside it. From the TypeScript sources (tsx, vitest), it is an entry that registers
 * tsx first, since `--import tsx` does not reach a worker's own entry on Node 20.
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./sign-worker-boot.mjs', import.meta.url)
  : new URL('./sign-worker.js', import.meta.url);

/**
 * One worker thread that builds signed NDAs, so the event loop keeps serving sockets meanwhile. The
 * worker has a heap cap and each build a deadline: past either, the worker is stopped (every build it
 * held fails with SigningLimitError) and the next build starts a fresh one.
 */
export class SigningPool {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Whether warm() has finished (or given up): until then a signature may be slower. */
  warmed = false;

  constructor(
    private readonly key: () => Promise<SigningKey>,
    private readonly limits: SigningLimits = SIGNING_LIMITS,
    /** The timestamp authorities (SIGNING_TSA_URL), tried in order; none: the seal has no trusted time. */
    private readonly tsaUrls: string[] = [],
  ) {}

  /** A preview (not sealed), or the signed NDA sealed: see sign() for the outcome of a seal. */
  async build(input: SignedNdaInput): Promise<Buffer> {
    return (await this.sign(input)).pdf;
  }

  /** The signed NDA, sealed; or prepared, unsealed, when no timestamp authority answered. */
  async sign(input: SignedNdaInput): Promise<SigningOutcome> {
    return this.run({
      input: { ...input, timestamped: this.timestamped },
      key: await this.key(),
      tsaUrls: this.tsaUrls,
    });
  }

  /** Seals a file sign() left prepared: sealed: false again while no timestamp authority answers. */
  async seal(prepared: Buffer): Promise<SigningOutcome> {
    return this.run({ prepared: new Uint8Array(prepared), key: await this.key(), tsaUrls: this.tsaUrls });
  }

  /** Whether seals carry a timestamp (and wait for one when no authority answers). */
  get timestamped(): boolean {
    return this.tsaUrls.length > 0;
  }

  /**
   * Makes the first signature as quick as the next ones: loads (or generates) the seal's key, starts
   * the worker and has it build and seal a short agreement a few times, so its code is loaded and
   * compiled (V8 optimises a function once it has run a few times, not on its first run).
   */
  async warm(rounds = WARM_ROUNDS): Promise<void> {
    try {
      const key = await this.key();
      // Sealed without a timestamp: warming asks no timestamp authority.
      for (let i = 0; i < rounds; i++) await this.run({ warm: true, key, tsaUrls: [] });
    } finally {
      this.warmed = true;
    }
  }

  private run(job: Job): Promise<SigningOutcome> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<SigningOutcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failAll(new SigningLimitError(`a signed NDA took longer than ${this.limits.timeoutMs} ms`));
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, this.limits.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, ...job });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_ENTRY, {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref();
    type Message = {
      id: number;
      ok: boolean;
      pdf?: Uint8Array;
      sealed?: boolean;
      failure?: string | null;
      error?: string;
    };
    worker.on('message', (msg: Message) => {
      const job = this.pending.get(msg.id);
      if (!job) return;
      this.pending.delete(msg.id);
      clearTimeout(job.timer);
      if (msg.ok && msg.pdf)
        job.resolve({
          pdf: Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.byteLength),
          sealed: !!msg.sealed,
          failure: msg.failure ?? null,
        });
      else job.reject(new Error(msg.error ?? 'signing failed'));
    });
    worker.on('error', (err) =>
      this.failAll(
        (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new SigningLimitError(`a signed NDA needed more than ${this.limits.heapMb} MB`)
          : err,
      ),
    );
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new Error('signing worker stopped'));
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
