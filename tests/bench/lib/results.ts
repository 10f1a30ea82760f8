import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One figure of `npm run bench`: the value beside the baseline measured in the same run. */
export interface Row {
  name: string;
  value: number | null;
  unit: string;
  baseline: number | null;
  /** value / baseline; null without a baseline or a value. */
  ratio: number | null;
  /** The target as text, e.g. "p99 < 100 ms and ≤ 1.5x baseline". */
  goal: string;
  met: boolean;
  /** Why a figure has no value (skipped, route missing...). */
  note?: string;
  /** What else the figure's run showed (the other percentiles, the share delivered...). */
  detail?: string;
}

export function row(r: Omit<Row, 'ratio'> & { ratio?: number | null }): Row {
  const ratio =
    r.ratio !== undefined
      ? r.ratio
      : r.value !== null && r.baseline !== null && r.baseline !== 0
        ? Math.round((r.value / r.baseline) * 100) / 100
        : null;
  return { ...r, ratio };
}

export function skipped(name: string, unit: string, goal: string, note: string): Row {
  return { name, value: null, unit, baseline: null, ratio: null, goal, met: false, note };
}

export function machine(): { cores: number; cpu: string; ramGb: number; node: string; load: number[] } {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    ramGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    load: os.loadavg().map((l) => Math.round(l * 10) / 10),
  };
}

const fmt = (v: number | null) => (v === null ? '-' : String(v));

/** The table `npm run bench` prints. */
export function printTable(rows: Row[]): void {
  const head = ['figure', 'value', 'unit', 'baseline', 'ratio', 'goal', 'met'];
  const lines = rows.map((r) => [
    r.name,
    fmt(r.value),
    r.unit,
    fmt(r.baseline),
    r.ratio === null ? '-' : `${r.ratio}x`,
    r.goal,
    r.note ? `no (${r.note})` : `${r.met ? 'yes' : 'no'}${r.detail ? ` (${r.detail})` : ''}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const print = (cells: string[]) =>
    console.log(
      cells
        .map((c, i) => (i === 1 || i === 3 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
  print(head);
  print(widths.map((w) => '-'.repeat(w)));
  lines.forEach(print);
}

export const RESULTS_FILE = path.resolve('bench', 'results.json');

/** bench/results.json: every row of this run (figures of parts not run this time are kept from before). */
export function writeResults(rows: Row[], partial: boolean): void {
  let kept: Row[] = [];
  if (partial && fs.existsSync(RESULTS_FILE)) {
    try {
      const names = new Set(rows.map((r) => r.name));
      kept = (JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Row[]).filter((r) => !names.has(r.name));
    } catch {
      kept = [];
    }
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, JSON.stringify([...kept, ...rows], null, 2) + '\n');
}
