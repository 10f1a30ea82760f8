// `npm run bench [-- <figure>...]`: each figure of the app beside a baseline measured in the same run
// on the same machine, printed as a table and written to bench/results.json. Figures: fan-out,
// reads, signing, reports, memory, client, scale, big-room, storm, flood, clauses, watermarks (all by default). Never part of `npm test`.
// Env: BENCH_SECONDS (load per step), BENCH_SOCKETS, BENCH_IDLE_SOCKETS, BENCH_WRITE_RATE,
// BENCH_DATABASE_URL (or DATABASE_URL: PostgreSQL to create the bench's databases in; PGlite otherwise).
import { clauses } from './clauses.js';
import { client } from './client.js';
import { fanOut } from './fan-out.js';
import { flood } from './flood.js';
import { memory } from './memory.js';
import { reads } from './reads.js';
import { reports } from './reports.js';
import { bigRoom, scale, storm } from './scale.js';
import { signing } from './signing.js';
import { watermarks } from './watermarks.js';
import { machine, printTable, type Row, skipped, writeResults } from './lib/results.js';

type Figure = () => Promise<Row[]>;
const FIGURES: Record<string, Figure> = {
  'fan-out': fanOut,
  reads,
  signing,
  reports,
  memory,
  client,
  scale,
  'big-room': bigRoom,
  storm,
  flood,
  clauses,
  watermarks,
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(a in FIGURES));
if (unknown.length) {
  console.error(`Unknown figure(s): ${unknown.join(', ')}. Figures: ${Object.keys(FIGURES).join(', ')}.`);
  process.exit(2);
}
const names = asked.length ? asked : Object.keys(FIGURES);
const m = machine();
console.log(
  `Machine: ${m.cores} cores (${m.cpu}), ${m.ramGb} GB RAM, Node ${m.node}, load average ${m.load.join(' ')}`,
);

const rows: Row[] = [];
for (const name of names) {
  const started = Date.now();
  try {
    rows.push(...(await FIGURES[name]!()));
  } catch (err) {
    console.error(`${name} failed:`, err);
    rows.push(skipped(name, '', '', `failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`));
  }
  console.log(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
}
console.log(`\nLoad average at the end: ${machine().load.join(' ')}\n`);
printTable(rows);
writeResults(rows, asked.length > 0);
process.exit(0);
