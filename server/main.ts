import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const { app, core } = await buildApp(config);

/** A stopping process is gone within this time, whatever it still waits for (a load balancer's grace is 10 s). */
const SHUTDOWN_DEADLINE_MS = 9_500;

// Graceful: sockets are sent to reconnect elsewhere, requests in flight are answered, the outbox
// pass in progress ends (server/shutdown.ts).
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ ms: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

// For `npm run bench` only (off unless BENCH_REPORT_MEMORY is set): SIGUSR2 prints the heap in use,
// after a full collection when the process runs with --expose-gc.
if (process.env.BENCH_REPORT_MEMORY) {
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.stdout.write(`bench-memory ${JSON.stringify({ heapUsed, rss })}\n`);
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`NDA workspace on ${config.appUrl}`);

// The seal's key and the signing worker, ready before the first signature: loaded (or generated) and
// run on a short agreement now, while the server already answers (/healthz says when it is done).
// Then the watermark worker, one after the other so that they do not share the cores at start.
const warming = Date.now();
core.signing
  .warm()
  .then(
    () => app.log.info({ ms: Date.now() - warming }, 'signing ready'),
    (err: unknown) => app.log.warn({ err }, 'signing warm-up failed; the first signature will load it'),
  )
  .then(() => core.watermarks.warm())
  .then((warmed) => warmed && app.log.info({ ms: Math.round(warmed.ms) }, 'watermarks ready'));
