/** A rate: up to `burst` at once, then `perSecond` on average. */
export interface Rate {
  burst: number;
  perSecond: number;
}

/** A token bucket: full at first, refilled continuously up to its burst. The clock is injectable for tests. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = rate.burst;
    this.at = now();
  }

  /** Whether a token is there now (refilling first), without taking it. */
  has(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((t - this.at) / 1000) * this.rate.perSecond);
    this.at = t;
    return this.tokens >= 1;
  }

  /** Takes a token when there is one. */
  take(): boolean {
    if (!this.has()) return false;
    this.tokens -= 1;
    return true;
  }
}
