/** Percentiles and the small numeric helpers every figure uses. */

/** The p-th percentile (0..100) of the values, by nearest rank; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Seconds of load per step: short while developing (BENCH_SECONDS), longer for the figures one reports. */
export function benchSeconds(fallback: number): number {
  const s = Number(process.env.BENCH_SECONDS);
  return Number.isFinite(s) && s > 0 ? s : fallback;
}
