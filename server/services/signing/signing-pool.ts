import { SIGNING_MESSAGES } from '@shared/signing.js';
import { AppError } from '@server/errors.js';
import { type WorkerLimits, WorkerPool, workerEntry } from '../worker-pool.js';
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

/**
 * A signed NDA that could not be built within the pool's time or memory: the worker was stopped. The
 * caller gets a plain 400; `reason` says which limit was hit.
 */
export class SigningLimitError extends AppError {
  constructor(readonly limit: string) {
    super('bad_request', 'signing_failed', { nonFieldErrors: [SIGNING_MESSAGES.buildFailed] });
  }
}

/** An ordinary signed NDA takes well under a second. */
export type SigningLimits = WorkerLimits;

/** How many times warm() signs its short agreement. */
const WARM_ROUNDS = 10;

export const SIGNING_LIMITS: SigningLimits = { timeoutMs: 30_000, heapMb: 512 };

/**
 * One worker thread that builds signed NDAs, so the event loop keeps serving sockets meanwhile. The
 * worker has a heap cap and each build a deadline: past either, the worker is stopped (every build it
 * held fails with SigningLimitError) and the next build starts a fresh one.
 */
export class SigningPool {
  private readonly pool: WorkerPool;
  /** Whether warm() has finished (or given up): until then a signature may be slower. */
  warmed = false;

  constructor(
    private readonly key: () => Promise<SigningKey>,
    limits: SigningLimits = SIGNING_LIMITS,
    /** The timestamp authorities (SIGNING_TSA_URL), tried in order; none: the seal has no trusted time. */
    private readonly tsaUrls: string[] = [],
  ) {
    this.pool = new WorkerPool(
      workerEntry(import.meta.url, 'sign-worker'),
      limits,
      (what) =>
        new SigningLimitError(
          what === 'time'
            ? `a signed NDA took longer than ${limits.timeoutMs} ms`
            : `a signed NDA needed more than ${limits.heapMb} MB`,
        ),
    );
  }

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

  private async run(job: Job): Promise<SigningOutcome> {
    const out = await this.pool.run<{ pdf: Uint8Array; sealed: boolean; failure: string | null }>(job);
    return {
      pdf: Buffer.from(out.pdf.buffer, out.pdf.byteOffset, out.pdf.byteLength),
      sealed: out.sealed,
      failure: out.failure,
    };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
