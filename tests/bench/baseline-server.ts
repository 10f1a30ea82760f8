// The bare minimum the figures are compared with: Fastify, pg (or PGlite when no DATABASE_URL) and
// socket.io, with none of the app's framework (no policies, presenters, transactions, events or
// after-commit publishing). Spawned as its own process by the bench, on the bench's database:
//   POST /bench/comment {commentThread, text}  inserts a reply and emits comment.created to the NDA's room
//   POST /bench/approve {id}                   moves a thread and emits negotiation.changed to it
//   GET  /bench/read/:name                     checks the bearer token, then runs the statements the app
//                                              runs for that request (BENCH_READ_SQL)
// Sockets authenticate with the app's access token (the JWT's signature only) and join nda:<id>.
// BENCH_BUS=postgres|redis attaches socket.io's stock PostgreSQL or Redis streams adapter, as the app
// uses them, for the baselines of two processes.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { Server } from 'socket.io';

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function connect(): Promise<Query> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return (text, params) => pool.query(text, params);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'pglite'));
  return (text, params) => db.query(text, params);
}

const query = await connect();
const secret = new TextEncoder().encode(process.env.JWT_ACCESS_SECRET!);
const userOf = async (token: string | undefined) =>
  Number((await jwtVerify(String(token ?? '').replace(/^Bearer /, ''), secret)).payload.sub);

const reads = process.env.BENCH_READ_SQL
  ? (JSON.parse(fs.readFileSync(process.env.BENCH_READ_SQL, 'utf8')) as Record<
      string,
      Array<{ sql: string; parameters: unknown[] }>
    >)
  : {};

const app = Fastify({ logger: false });
const io = new Server(app.server, { path: '/socket.io', serveClient: false });
if (process.env.BENCH_BUS === 'postgres') {
  const { createAdapter } = await import('@socket.io/postgres-adapter');
  io.adapter(createAdapter(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 5 })));
} else if (process.env.BENCH_BUS === 'redis') {
  const { createAdapter } = await import('@socket.io/redis-streams-adapter');
  const { createClient } = await import('redis');
  const client = createClient({ url: process.env.REDIS_URL });
  await client.connect();
  const prefix = process.env.REDIS_KEY_PREFIX ?? 'bench';
  io.adapter(createAdapter(client, { streamName: `${prefix}:socket.io`, channelPrefix: `${prefix}:socket.io` }));
}

io.use((socket, next) => {
  userOf(socket.handshake.auth?.token).then(
    (id) => {
      socket.data.userId = id;
      next();
    },
    () => next(new Error('Unauthorized')),
  );
});
io.on('connection', (socket) => {
  socket.on('subscribe', async (target: { ndaId: number }, ack: (a: unknown) => void) => {
    const room = `nda:${Number(target.ndaId)}`;
    await socket.join(room);
    ack({ ok: true, rooms: [room] });
  });
});

app.get('/healthz', async () => ({ ok: true }));

app.post('/bench/comment', async (req) => {
  const author = await userOf(req.headers.authorization);
  const { commentThread, text } = req.body as { commentThread: number; text: string };
  const { rows } = await query(
    `insert into comments (comment_thread_id, author_id, text) values ($1, $2, $3)
     returning id, comment_thread_id as "commentThread", author_id as author, text, created_at as created,
       (select nda_id from comment_threads where id = $1) as nda`,
    [commentThread, author, text],
  );
  const row = rows[0]!;
  io.to(`nda:${String(row.nda)}`).emit('comment.created', row);
  return row;
});

app.post('/bench/approve', async (req) => {
  const by = await userOf(req.headers.authorization);
  const { id } = req.body as { id: number };
  const { rows } = await query(
    `update comment_threads set negotiation_status = 'approved_by_recipient_waiting_sender', updated_at = now()
     where id = $1 returning id as thread, nda_id as nda, negotiation_status as "negotiationStatus"`,
    [id],
  );
  const row: Record<string, unknown> = { ...rows[0]!, by };
  io.to(`nda:${String(row.nda)}`).emit('negotiation.changed', row);
  return row;
});

app.get('/bench/read/:name', async (req) => {
  await userOf(req.headers.authorization);
  const statements = reads[(req.params as { name: string }).name] ?? [];
  let last: unknown = null;
  for (const s of statements) last = (await query(s.sql, s.parameters)).rows;
  return last;
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void io.close();
    void app.close().then(() => process.exit(0));
  });
