import type { FastifyBaseLogger } from 'fastify';

/**
 * A background worker over a database queue: a pass runs every `pollMs` once started, and at once
 * when kicked (after a commit that queued work). One pass runs at a time; a kick during a pass runs
 * another right after it, so nothing queued meanwhile waits for the next poll. stop() waits for the
 * pass in progress.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  protected constructor(
    private readonly poll: { ms: number; log: FastifyBaseLogger; failure: string },
    /** Whether kicks are ignored until start() (a worker that must not run before the app is up). */
    protected stopped: boolean,
  ) {}

  /** One pass: does everything due; resolves when nothing due is left. */
  protected abstract pass(): Promise<void>;

  /**
   * Does everything due, after the pass in progress, if any: what that pass has claimed is done
   * too when this resolves (tests await it; a pass of its own would not see rows claimed meanwhile).
   */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    await this.pass();
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.poll.ms);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass now, or right after the one in progress. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err) => this.poll.log.error({ err }, this.poll.failure))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }
}

/**
 * A polling worker whose pass is handed to it: for work that lives in a command (a processor does not
 * import commands), wired in server/app.ts. The pass is told when the worker stops.
 */
export class Poller extends PollingWorker {
  constructor(
    poll: { ms: number; log: FastifyBaseLogger; failure: string },
    private readonly work: (stopped: () => boolean) => Promise<void>,
  ) {
    super(poll, true);
  }

  protected pass(): Promise<void> {
    return this.work(() => this.stopped);
  }
}
