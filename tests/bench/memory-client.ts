// Idle sockets for the memory figure, in a process of their own: connects every viewer, answers once
// all are connected, and holds them until told to close.
import { io, type Socket } from 'socket.io-client';
import type { Viewer } from './lib/seed.js';

const sockets: Socket[] = [];

async function connect({ base, viewers }: { base: string; viewers: Viewer[] }): Promise<number> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < viewers.length) {
        const v = viewers[next++]!;
        const socket = io(base, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: v.token },
          reconnection: false,
          forceNew: true,
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', (err) => reject(new Error(`connect: ${err.message}`)));
        });
        sockets.push(socket);
      }
    }),
  );
  return sockets.length;
}

process.on('message', (m: { base: string; viewers: Viewer[] } | 'close') => {
  if (m === 'close') {
    for (const s of sockets) s.disconnect();
    process.exit(0);
  }
  connect(m).then(
    (connected) => process.send!({ ok: true, answer: connected }),
    (err: unknown) => process.send!({ ok: false, error: String(err) }),
  );
});
