import type pg from 'pg';

/** The part of the PostgreSQL adapter this replaces: how it hands a message to the other processes. */
interface Publishing {
  nsp: { name: string };
  doPublish(message: unknown): Promise<string>;
}

/** The adapter's own limit for a NOTIFY payload; a larger message goes through its attachments table. */
const PAYLOAD_THRESHOLD = 8000;
/** At most this many NOTIFYs in one statement. */
const BATCH = 100;

/**
 * The adapter waits for each broadcast's NOTIFY before it delivers to its own sockets, and sends the
 * NOTIFYs on several pool connections at once: a push would cost a database round trip on every
 * server, and two pushes to one room could arrive in the wrong order (a stale presence list after the
 * fresh one). Here local delivery does not wait, and the NOTIFYs go out in the order they were made,
 * one statement at a time: the messages made while one statement is on its way leave together in the
 * next (`select pg_notify(c, $1), pg_notify(c, $2), ...`, evaluated left to right), so a burst costs
 * one round trip instead of one per message. A message with binary data or over 8 KB goes through
 * the adapter's own path (its attachments table), in its turn.
 *
 * PostgreSQL delivers a payload repeated in one statement once, so a batch ends before a repeat.
 * Answers a function that resolves once every message made so far has left.
 */
export function publishInOrder(
  adapter: unknown,
  pool: Pick<pg.Pool, 'query'>,
  onError: (err: Error) => void,
  channelPrefix = 'socket.io',
): () => Promise<void> {
  const publisher = adapter as Publishing;
  const publishAlone = publisher.doPublish.bind(publisher);
  const channel = `${channelPrefix}#${publisher.nsp.name}`;
  const queue: Array<{ payload: string | null; message: unknown }> = [];
  let pumping: Promise<void> | null = null;

  const pump = async () => {
    while (queue.length) {
      const first = queue[0]!;
      if (first.payload === null) {
        queue.shift();
        await publishAlone(first.message).catch(onError);
        continue;
      }
      const batch: string[] = [];
      const seen = new Set<string>();
      while (batch.length < BATCH && queue.length) {
        const next = queue[0]!.payload;
        if (next === null || seen.has(next)) break;
        seen.add(next);
        batch.push(next);
        queue.shift();
      }
      const calls = batch.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
      await pool.query(`select ${calls}`, [channel, ...batch]).catch(onError);
    }
  };

  publisher.doPublish = (message) => {
    queue.push({ payload: plainPayload(message), message });
    pumping ??= pump().finally(() => (pumping = null));
    return Promise.resolve('');
  };
  return async () => {
    while (pumping) await pumping;
  };
}

/** The message as the adapter would NOTIFY it, or null when it must go through the attachments table. */
function plainPayload(message: unknown): string | null {
  if (containsBinary(message)) return null;
  const payload = JSON.stringify(message);
  return Buffer.byteLength(payload) > PAYLOAD_THRESHOLD ? null : payload;
}

function containsBinary(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  return Object.values(value).some(containsBinary);
}
