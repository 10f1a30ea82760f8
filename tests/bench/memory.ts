// Figure 5, memory: the server's heap (after a full collection) with 5,000 idle authenticated sockets,
// beside the same process's heap before they connect. The server runs with --expose-gc and
// BENCH_REPORT_MEMORY, which makes it print its heap on SIGUSR2 (server/main.ts).
import { fork } from 'node:child_process';
import path from 'node:path';
import { type Row, row } from './lib/results.js';
import { seedPeople } from './lib/seed.js';
import { createBenchDatabase, openCore, ROOT, rssMb, type RunningServer, startServer } from './lib/server.js';
import { round, sleep } from './lib/stats.js';

const GOAL_MB = 150;

async function heapMb(server: RunningServer): Promise<number> {
  const before = server.memoryReports.length;
  process.kill(server.serverPid(), 'SIGUSR2');
  for (let i = 0; i < 100 && server.memoryReports.length === before; i++) await sleep(100);
  const heap = server.memoryReports[before];
  if (heap === undefined) throw new Error('the server did not report its memory');
  return round(heap / 2 ** 20);
}

export async function memory(): Promise<Row[]> {
  const count = Number(process.env.BENCH_IDLE_SOCKETS ?? 5000);
  const db = await createBenchDatabase('memory');
  try {
    const core = await openCore(db);
    const viewers = await seedPeople(core, count);
    await core.close();
    const server = await startServer(db, { env: { BENCH_REPORT_MEMORY: '1', NODE_OPTIONS: '--expose-gc' } });
    const client = fork(path.join(ROOT, 'tests', 'bench', 'memory-client.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      await sleep(1000);
      const idle = await heapMb(server);
      const t0 = Date.now();
      const connected = await new Promise<number>((resolve, reject) => {
        client.once('message', (m: { ok: boolean; answer?: number; error?: string }) =>
          m.ok ? resolve(m.answer!) : reject(new Error(m.error)),
        );
        client.send({ base: server.base, viewers });
      });
      await sleep(2000);
      const loaded = await heapMb(server);
      console.log(
        `memory: ${connected} idle sockets connected in ${Date.now() - t0} ms; heap ${idle} MB before, ${loaded} MB with them; RSS ${rssMb(server.serverPid())} MB`,
      );
      return [
        row({
          name: `Memory: server heap with ${connected} idle authenticated sockets`,
          value: loaded,
          unit: 'MB',
          baseline: idle,
          goal: `< ${GOAL_MB} MB`,
          met: connected === count && loaded < GOAL_MB,
        }),
      ];
    } finally {
      client.send('close');
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
