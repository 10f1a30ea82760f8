// The reconnect storm's load generator, a process of its own (forked by scale.ts): sockets that
// reconnect by themselves as the app's client does (socket.io's default delays), each joining its
// project's room and catching up with events?id__gt=<what its previous catch-up read up to; pushes can
// arrive out of id order across processes> on every connection, and a writer adding
// replies through the load balancer. Told 'restarting', it notes which sockets lose their connection
// and when each is back in its room; told 'done', it stops writing, waits for everyone to be back and
// answers what each socket has.
import { io, type Socket } from 'socket.io-client';
import type { Room } from './lib/seed.js';

export interface StormPlan {
  base: string;
  rooms: Room[];
  /** Replies per second, across the rooms. */
  rate: number;
  /** Events with a larger id are the ones to have. */
  after: number;
}

export interface StormAnswer {
  sockets: number;
  /** Connecting and joining every socket at once, before the restart (ms). */
  connectMs: number;
  /** Sockets whose connection the restart took. */
  dropped: number;
  /** From the first dropped connection to the last socket back in its room (ms). */
  stormMs: number;
  /** Sockets back in their room after a drop. */
  back: number;
  writes: number;
  failedWrites: number;
  /** Per socket: its project and the event ids it has, pushed or caught up. */
  has: Array<{ project: number; ids: number[]; pushed: number; caughtUp: number }>;
}

interface Watched {
  socket: Socket;
  project: number;
  ids: Set<number>;
  pushed: number;
  caughtUp: number;
  last: number;
  droppedAt: number | null;
  backAt: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function watch(plan: StormPlan, room: Room, token: string, onJoined: (w: Watched) => void): Watched {
  const socket = io(plan.base, { path: '/socket.io', transports: ['websocket'], forceNew: true, auth: { token } });
  const w: Watched = {
    socket,
    project: room.project,
    ids: new Set(),
    pushed: 0,
    caughtUp: 0,
    last: plan.after,
    droppedAt: null,
    backAt: null,
  };
  socket.on('event.created', (e: { id: number; project: number }) => {
    if (e.project !== room.project) return;
    w.pushed++;
    w.ids.add(e.id);
  });
  socket.on('disconnect', () => {
    w.droppedAt ??= Date.now();
    w.backAt = null;
  });
  socket.on('connect', async () => {
    const ack = (await socket
      .timeout(30_000)
      .emitWithAck('subscribe', { projectId: room.project })
      .catch(() => null)) as {
      ok: boolean;
    } | null;
    if (!ack?.ok) return;
    // The first connection starts fresh, as the app's first load does: only a reconnection catches up.
    for (let attempt = 0; attempt < 50 && socket.connected && w.droppedAt !== null; attempt++) {
      const res = await fetch(
        `${plan.base}/api/v1/projects/events/?project=${room.project}&id__gt=${w.last}&ordering=id&limit=-1`,
        { headers: { authorization: `Bearer ${token}` } },
      ).catch(() => null);
      if (res?.ok) {
        const body = (await res.json()) as { results?: Array<{ id: number }> } | Array<{ id: number }>;
        for (const e of Array.isArray(body) ? body : (body.results ?? [])) {
          if (!w.ids.has(e.id)) w.caughtUp++;
          w.ids.add(e.id);
          w.last = Math.max(w.last, e.id);
        }
        break;
      }
      await sleep(100);
    }
    if (w.droppedAt !== null) w.backAt = Date.now();
    onJoined(w);
  });
  return w;
}

async function run(plan: StormPlan): Promise<StormAnswer> {
  const started = Date.now();
  let joined = 0;
  const all = plan.rooms.flatMap((room) =>
    [room.owner, ...room.signers].map((v) => watch(plan, room, v.token, () => joined++)),
  );
  while (joined < all.length) await sleep(20);
  const connectMs = Date.now() - started;
  process.send!({ phase: 'ready', connectMs });

  let writing = true;
  let writes = 0;
  let failedWrites = 0;
  const writer = (async () => {
    const t0 = performance.now();
    for (let n = 0; writing; n++) {
      const wait = t0 + (n * 1000) / plan.rate - performance.now();
      if (wait > 0) await sleep(wait);
      const room = plan.rooms[n % plan.rooms.length]!;
      for (let attempt = 0; ; attempt++) {
        const res = await fetch(`${plan.base}/trpc/threads.comment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${room.owner.token}` },
          body: JSON.stringify({ commentThread: room.commentThread, text: `Storm reply ${n}.` }),
        }).catch(() => null);
        await res?.text();
        if (res?.ok) break;
        failedWrites++;
        await sleep(50);
      }
      writes++;
    }
  })();

  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  writing = false;
  await writer;
  const until = Date.now() + 60_000;
  while (all.some((w) => w.droppedAt !== null && w.backAt === null) && Date.now() < until) await sleep(50);
  const dropped = all.filter((w) => w.droppedAt !== null);
  const back = dropped.filter((w) => w.backAt !== null);
  // A moment for the last pushes to arrive.
  await sleep(2000);
  const answer: StormAnswer = {
    sockets: all.length,
    connectMs,
    dropped: dropped.length,
    stormMs: dropped.length
      ? Math.max(...back.map((w) => w.backAt!)) - Math.min(...dropped.map((w) => w.droppedAt!))
      : 0,
    back: back.length,
    writes,
    failedWrites,
    has: all.map((w) => ({ project: w.project, ids: [...w.ids], pushed: w.pushed, caughtUp: w.caughtUp })),
  };
  for (const w of all) w.socket.disconnect();
  return answer;
}

process.once('message', (plan: StormPlan) => {
  run(plan).then(
    (answer) => process.send!({ phase: 'answer', ok: true, answer }, () => process.exit(0)),
    (err: unknown) =>
      process.send!({ phase: 'answer', ok: false, error: String(err instanceof Error ? err.stack : err) }, () =>
        process.exit(1),
      ),
  );
});
