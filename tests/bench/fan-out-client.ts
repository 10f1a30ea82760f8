// The fan-out load generator, a process of its own (forked by fan-out.ts) so that it does not share
// the server's event loop: it connects every viewer's socket, joins the NDA rooms, sends writes at a
// fixed rate through HTTP and times each message from the write's start to its receipt at every other
// viewer of the room. It gets its plan over IPC and answers the latencies.
import { io, type Socket } from 'socket.io-client';
import type { Room } from './lib/seed.js';

export interface FanOutPlan {
  /** Where the viewers' sockets connect: the i-th viewer of each room to viewBases[i % length]. */
  viewBases: string[];
  /** Where the writes go: the n-th write to writeBases[n % length]. */
  writeBases: string[];
  /** Sockets connecting at once (25 by default; the whole room for a room joined all at once). */
  connectConcurrency?: number;
  /** Answer once measured, then keep the sockets open until told 'close' (the bench reads the servers' heaps meanwhile). */
  hold?: boolean;
  /** 'app': tRPC threads.comment / threads.negotiate; 'baseline': the bare server's two routes. */
  mode: 'app' | 'baseline';
  rooms: Room[];
  /** Writes per second, across all rooms. */
  rate: number;
  seconds: number;
}

export interface FanOutAnswer {
  latencies: number[];
  writes: number;
  failedWrites: number;
  firstError?: string;
  expected: number;
  received: number;
  sockets: number;
  connectMs: number;
  /** Sockets that could not connect or join their room. */
  connectFailures: number;
  firstConnectError?: string;
}

const now = () => performance.now();

async function connectAll(
  plan: FanOutPlan,
): Promise<{ byUser: Map<number, Socket[]>; failures: number; firstError?: string }> {
  const byUser = new Map<number, Socket[]>();
  const jobs: Array<{ nda: number; userId: number; token: string; base: string }> = plan.rooms.flatMap((r) =>
    [r.owner, ...r.signers].map((v, i) => ({
      nda: r.nda,
      userId: v.userId,
      token: v.token,
      base: plan.viewBases[i % plan.viewBases.length]!,
    })),
  );
  let next = 0;
  let failures = 0;
  let firstError: string | undefined;
  // A few handshakes at a time by default: each one costs the server a token check and a policy query.
  await Promise.all(
    Array.from({ length: plan.connectConcurrency ?? 25 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const socket = io(job.base, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: job.token },
          reconnection: false,
          forceNew: true,
        });
        try {
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', (err) => reject(new Error(`connect: ${err.message}`)));
          });
          const ack = (await socket.timeout(60_000).emitWithAck('subscribe', { ndaId: job.nda })) as {
            ok: boolean;
            error?: string;
          };
          if (!ack.ok) throw new Error(`subscribe to NDA ${job.nda}: ${ack.error}`);
          byUser.set(job.userId, [...(byUser.get(job.userId) ?? []), socket]);
        } catch (err) {
          failures++;
          firstError ??= String(err);
          socket.disconnect();
        }
      }
    }),
  );
  return { byUser, failures, firstError };
}

async function run(plan: FanOutPlan): Promise<FanOutAnswer> {
  const t0 = now();
  const connected = await connectAll(plan);
  const sockets = connected.byUser;
  const connectMs = now() - t0;

  // A write is known by the thread it moves or by the marker in its reply's text.
  const started = new Map<string, { at: number; writer: number }>();
  const latencies: number[] = [];
  let received = 0;
  for (const [userId, list] of sockets)
    for (const socket of list) {
      const onMessage = (key: string) => {
        const w = started.get(key);
        if (!w || w.writer === userId) return;
        received++;
        latencies.push(now() - w.at);
      };
      socket.on('comment.created', (m: { text: string }) => onMessage(`c:${/bench#(\d+)/.exec(m.text)?.[1]}`));
      socket.on('negotiation.changed', (m: { thread: number }) => onMessage(`t:${m.thread}`));
    }

  const cursor = new Map<number, number>();
  let writes = 0;
  let failedWrites = 0;
  let firstError: string | undefined;
  let expected = 0;
  const pending: Promise<void>[] = [];
  const write = async (n: number) => {
    // Each room in turn gets a reply, then an approval.
    const room = plan.rooms[Math.floor(n / 2) % plan.rooms.length]!;
    const approve = n % 2 === 1;
    let key: string;
    let writer: number;
    let url: string;
    let body: unknown;
    let token: string;
    if (approve) {
      const i = cursor.get(room.nda) ?? 0;
      cursor.set(room.nda, i + 1);
      const thread = room.approvalThreads[i];
      if (thread === undefined) return;
      const signer = room.signers[i % room.signers.length]!;
      key = `t:${thread}`;
      writer = signer.userId;
      token = signer.token;
      url = plan.mode === 'app' ? '/trpc/threads.negotiate' : '/bench/approve';
      body = { id: thread, move: 'approve' };
    } else {
      key = `c:${n}`;
      writer = room.owner.userId;
      token = room.owner.token;
      url = plan.mode === 'app' ? '/trpc/threads.comment' : '/bench/comment';
      body = { commentThread: room.commentThread, text: `Agreed on this point (bench#${n}).` };
    }
    started.set(key, { at: now(), writer });
    expected += room.signers.length; // every viewer of the room but the writer
    writes++;
    try {
      const res = await fetch(plan.writeBases[n % plan.writeBases.length]! + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
    } catch (err) {
      failedWrites++;
      expected -= room.signers.length;
      firstError ??= String(err);
    }
  };

  // Warm-up, not measured: a few replies one after the other, so code is compiled and connections open.
  for (let n = 0; n < 20; n++) {
    const room = plan.rooms[n % plan.rooms.length]!;
    await fetch(
      plan.writeBases[n % plan.writeBases.length]! + (plan.mode === 'app' ? '/trpc/threads.comment' : '/bench/comment'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${room.owner.token}` },
        body: JSON.stringify({ commentThread: room.commentThread, text: 'Warming up.' }),
      },
    ).then((r) => r.text());
  }

  // Open loop: a write starts every 1/rate s whether or not the previous ones have finished.
  const total = Math.round(plan.rate * plan.seconds);
  const startAt = now();
  for (let n = 0; n < total; n++) {
    const due = startAt + (n * 1000) / plan.rate;
    const wait = due - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(write(n));
  }
  await Promise.all(pending);
  // Late messages: give them a moment to arrive.
  const until = now() + 3000;
  while (received < expected && now() < until) await new Promise((r) => setTimeout(r, 50));

  if (!plan.hold) for (const list of sockets.values()) for (const s of list) s.disconnect();
  return {
    latencies,
    writes,
    failedWrites,
    firstError,
    expected,
    received,
    sockets: [...sockets.values()].reduce((n, l) => n + l.length, 0),
    connectMs,
    connectFailures: connected.failures,
    firstConnectError: connected.firstError,
  };
}

process.once('message', (plan: FanOutPlan) => {
  run(plan).then(
    // Held: the sockets stay open until the bench says 'close' (its second message).
    (answer) =>
      process.send!({ ok: true, answer }, () =>
        plan.hold ? process.once('message', () => process.exit(0)) : process.exit(0),
      ),
    (err: unknown) =>
      process.send!({ ok: false, error: String(err instanceof Error ? err.stack : err) }, () => process.exit(1)),
  );
});
