import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const { app, core } = await buildApp(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
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
const warming = Date.now();
core.signing.warm().then(
  () => app.log.info({ ms: Date.now() - warming }, 'signing ready'),
  (err: unknown) => app.log.warn({ err }, 'signing warm-up failed; the first signature will load it'),
);
