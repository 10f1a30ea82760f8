import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { withTimeout } from './wait.js';

/** A real SMTP listener on 127.0.0.1 that keeps what it receives, for mail delivery tests. */

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part. */
  html: string;
  raw: string;
}

export interface SmtpListener {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with 451 (try again later): nothing is accepted. */
  refusing: boolean;
  /** Resolves with the first mail (already received or arriving) that matches. */
  waitForMail(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A port nothing listens on (yet): listen on port 0, note the port, close. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startSmtpListener(port = 0): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const listener = { refusing: false } as SmtpListener;
  const waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      if (listener.refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMessage(Buffer.concat(chunks).toString('utf8'), session.envelope);
        received.push(mail);
        for (const w of waiters.splice(0)) {
          if (w.match(mail)) w.resolve(mail);
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as net.AddressInfo).port;
  Object.assign(listener, {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    waitForMail(match: (m: ReceivedMail) => boolean, timeoutMs = 5_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return withTimeout(
        new Promise<ReceivedMail>((resolve) => waiters.push({ match, resolve })),
        timeoutMs,
        'mail at the SMTP listener',
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Omit<SmtpListener, 'refusing'>);
  return listener;
}

function parseMessage(
  raw: string,
  envelope: { mailFrom: false | { address: string }; rcptTo: Array<{ address: string }> },
): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const parts: Record<string, string> = {};
  collectParts(headers, body, parts);
  return {
    envelopeFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
    envelopeTo: envelope.rcptTo.map((r) => r.address),
    headers,
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
    raw,
  };
}

/** Headers (lower-cased names, unfolded) and body of a MIME entity. */
function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at < 0 ? entity : entity.slice(0, at);
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, into: Record<string, string>): void {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const sub = splitEntity(part.replace(/^\r?\n/, ''));
      collectParts(sub.headers, sub.body, into);
    }
    return;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  into[type.split(';')[0]!.trim()] ??= decoded;
}
