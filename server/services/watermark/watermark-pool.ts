import { DEAL_DOCUMENT_MESSAGES } from '@shared/schemas/deal-documents.js';
import { AppError } from '@server/errors.js';
import { type WorkerLimits, WorkerPool, workerEntry } from '../worker-pool.js';
import type { WatermarkStamp } from './watermark-pdf.js';

/** A 100 MB document of a few hundred pages takes seconds; pdf-lib holds its objects in the heap. */
export const WATERMARK_LIMITS: WorkerLimits = { timeoutMs: 120_000, heapMb: 1536 };

/**
 * A copy that could not be stamped: past the pool's time or memory (the worker was stopped), or a file
 * pdf-lib cannot rewrite. `why` is logged; the bidder gets a plain message.
 */
export class WatermarkError extends AppError {
  constructor(readonly why: string) {
    super('internal', 'watermark_failed', { nonFieldErrors: [DEAL_DOCUMENT_MESSAGES.watermarkFailed] });
  }
}

/** Stamps deal documents for their viewers in a worker thread (watermark-pdf.ts), file to file. */
export class WatermarkPool {
  private readonly pool: WorkerPool;

  constructor(limits: WorkerLimits = WATERMARK_LIMITS) {
    this.pool = new WorkerPool(
      workerEntry(import.meta.url, 'watermark-worker'),
      limits,
      (what) =>
        new WatermarkError(
          what === 'time'
            ? `a watermarked copy took longer than ${limits.timeoutMs} ms`
            : `a watermarked copy needed more than ${limits.heapMb} MB`,
        ),
    );
  }

  /** Writes `source` stamped for one viewer to `target`; answers its page count and the worker's time. */
  async stamp(source: string, target: string, stamp: WatermarkStamp): Promise<{ pages: number; ms: number }> {
    try {
      return await this.pool.run({ source, target, stamp });
    } catch (err) {
      throw err instanceof WatermarkError ? err : new WatermarkError(String((err as Error)?.message ?? err));
    }
  }

  /**
   * Starts the worker and stamps a one-page document in it, so that a bidder's first copy does not
   * also pay for the worker's start and pdf-lib's loading. Answers what the worker did, or null if it
   * failed: never throws, since a copy would start the worker anyway.
   */
  async warm(): Promise<{ pages: number; ms: number } | null> {
    return this.pool.run<{ pages: number; ms: number }>({ warm: true }).catch(() => null);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
