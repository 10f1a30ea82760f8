import { percentile, round } from './stats.js';

/** A GET that answered 404: the route is missing (the figure is skipped, not failed). */
export class RouteMissing extends Error {}

/** The p95 of `runs` sequential GETs of `url`, after three that warm up. */
export async function readP95(url: string, headers: Record<string, string>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status === 404) throw new RouteMissing();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0);
  }
  return round(percentile(times, 95));
}
