// The flood figure's load, a process of its own per role (forked by flood.ts):
// - 'tenant': another company at work. Its owner reads the project's events over HTTP and replies in
//   its NDA; its signer's socket, in the NDA's room, times each reply from the write's start to the
//   comment.created it receives.
// - 'flood': one bidder's sockets, each sending its subscribe messages as fast as the socket takes them,
//   each for a project of its own number (a policy query each, were they not limited).
import { io, type Socket } from 'socket.io-client';
import { SOCKET_ERRORS } from '@shared/realtime/contract.js';
import type { Room } from './lib/seed.js';

export type FloodPlan =
  | { role: 'tenant'; base: string; room: Room; seconds: number; readsPerSecond: number; writesPerSecond: number }
  | { role: 'flood'; base: string; token: string; sockets: number; messages: number };

export interface TenantAnswer {
  reads: number[];
  failedReads: number;
  live: number[];
  writes: number;
  received: number;
}

export interface FloodAnswer {
  sent: number;
  accepted: number;
  refused: number;
  unanswered: number;
  /** Sockets the server disconnected. */
  disconnected: number;
  ms: number;
}

const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connect(base: string, token: string): Promise<Socket> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(new Error(`connect: ${err.message}`)));
  });
}

async function tenant(plan: Extract<FloodPlan, { role: 'tenant' }>): Promise<TenantAnswer> {
  const { base, room } = plan;
  const viewer = await connect(base, room.signers[0]!.token);
  const ack = (await viewer.timeout(30_000).emitWithAck('subscribe', { ndaId: room.nda })) as { ok: boolean };
  if (!ack.ok) throw new Error('the tenant could not join its NDA room');
  const started = new Map<number, number>();
  const live: number[] = [];
  viewer.on('comment.created', (m: { text: string }) => {
    const at = started.get(Number(/flood#(\d+)/.exec(m.text)?.[1]));
    if (at !== undefined) live.push(now() - at);
  });
  const auth = { authorization: `Bearer ${room.owner.token}` };
  const reads: number[] = [];
  let failedReads = 0;
  const end = now() + plan.seconds * 1000;
  const openLoop = async (perSecond: number, job: (n: number) => Promise<void>) => {
    const pending: Promise<void>[] = [];
    const t0 = now();
    for (let n = 0; now() < end; n++) {
      const wait = t0 + (n * 1000) / perSecond - now();
      if (wait > 0) await sleep(wait);
      pending.push(job(n));
    }
    await Promise.all(pending);
  };
  let writes = 0;
  await Promise.all([
    openLoop(plan.readsPerSecond, async () => {
      const t = now();
      const res = await fetch(`${base}/api/v1/projects/events/?project=${room.project}&limit=20`, {
        headers: auth,
      }).catch(() => null);
      await res?.text();
      if (res?.ok) reads.push(now() - t);
      else failedReads++;
    }),
    openLoop(plan.writesPerSecond, async (n) => {
      started.set(n, now());
      writes++;
      const res = await fetch(`${base}/trpc/threads.comment`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ commentThread: room.commentThread, text: `Noted (flood#${n}).` }),
      }).catch(() => null);
      await res?.text();
    }),
  ]);
  const until = now() + 3000;
  while (live.length < writes && now() < until) await sleep(50);
  viewer.disconnect();
  return { reads, failedReads, live, writes, received: live.length };
}

async function flood(plan: Extract<FloodPlan, { role: 'flood' }>): Promise<FloodAnswer> {
  const sockets = await Promise.all(Array.from({ length: plan.sockets }, () => connect(plan.base, plan.token)));
  const t0 = now();
  let accepted = 0;
  let refused = 0;
  let disconnected = 0;
  let sent = 0;
  await Promise.all(
    sockets.map(async (socket, s) => {
      const gone = new Promise<void>((resolve) =>
        socket.once('disconnect', (reason) => {
          if (reason === 'io server disconnect') disconnected++;
          resolve();
        }),
      );
      const answers: Promise<void>[] = [];
      for (let i = 0; i < plan.messages && socket.connected; i++) {
        sent++;
        answers.push(
          new Promise<void>((resolve) => {
            socket.emit(
              'subscribe',
              { projectId: 1_000_000 + s * plan.messages + i },
              (a: { ok: boolean; error?: string }) => {
                if (a.ok || a.error !== SOCKET_ERRORS.tooMany) accepted++;
                else refused++;
                resolve();
              },
            );
          }),
        );
      }
      // Every message answered, or the socket gone (its unanswered messages with it).
      await Promise.race([Promise.all(answers), gone]);
    }),
  );
  const ms = now() - t0;
  for (const socket of sockets) socket.disconnect();
  return { sent, accepted, refused, unanswered: sent - accepted - refused, disconnected, ms };
}

process.once('message', (plan: FloodPlan) => {
  (plan.role === 'tenant' ? tenant(plan) : flood(plan)).then(
    (answer) => process.send!({ ok: true, answer }, () => process.exit(0)),
    (err: unknown) =>
      process.send!({ ok: false, error: String(err instanceof Error ? err.stack : err) }, () => process.exit(1)),
  );
});
