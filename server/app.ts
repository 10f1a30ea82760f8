import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Config, devMailboxWarning } from './config.js';
import { settleBillingPeriods } from './commands/billing/settle-billing-periods.js';
import { runTimetable } from './commands/timetable/run-timetable.js';
import { type Core, createCore } from './core.js';
import { devMailboxRoutes } from './dev/mailbox.js';
import { AppError, toHttpError } from './errors.js';
import { Poller } from './processors/polling-worker.js';
import { attachRealtime } from './realtime/index.js';
import { REDACTED_LOG_PATHS, redactUrl } from './services/log-redaction.js';
import type { RealtimeServer } from './realtime/publisher.js';
import { registerRest } from './rest/index.js';
import { answerUnrouted, type KnownPaths } from './rest/known-paths.js';
import { registerGracefulShutdown } from './shutdown.js';
import { oneClickUnsubscribeRoute } from './rest/notifications.js';
import { createContextFactory, trpcErrorBody } from './trpc/trpc.js';
import { type AppRouter, appRouter } from './trpc/router.js';

export interface App {
  app: FastifyInstance;
  core: Core;
  io: RealtimeServer;
  /** Ends and renews built-in subscriptions whose period is over. */
  billingPeriods: Poller;
  /** Records NDA deadlines that passed unsigned and sends the reminders that are due. */
  timetable: Poller;
}

/** The project's folder: the nearest with a package.json above this file (server/ or, compiled, dist/server/). */
function projectRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(here, '..');
  }
}
export const CLIENT_DIST = path.join(projectRoot(), 'dist', 'client');

/** Builds the whole server without listening: tests use inject() or listen on port 0. */
export async function buildApp(config: Config): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens, passwords and webhook signatures never reach the logs.
      redact: REDACTED_LOG_PATHS,
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 512 },
  });
  const core = await createCore(config, app.log);
  const billingPeriods = new Poller(
    { ms: config.billing.periodPollMs, log: app.log, failure: 'billing period pass failed' },
    (stopped) => settleBillingPeriods(core, stopped),
  );
  const timetable = new Poller(
    { ms: config.timetable.pollMs, log: app.log, failure: 'NDA timetable pass failed' },
    (stopped) => runTimetable(core, stopped),
  );
  app.addHook('onClose', async () => {
    await realtime.close();
    await billingPeriods.stop();
    await timetable.stop();
    await core.close();
  });
  registerGracefulShutdown(app, () => realtime);

  // No API answer is kept by a browser or a proxy: they carry tokens and other people's data.
  app.addHook('onRequest', async (req, reply) => {
    if (isApiPath(req.url)) void reply.header('Cache-Control', 'no-store');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // The app's own origin and its websocket form (socket.io), nothing else.
        connectSrc: ["'self'", websocketOrigin(config.appUrl)],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // Per-route limits are applied when a form is read (rest/multipart.ts); this is the outer bound.
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 5 }, throwFileSizeLimit: false });

  app.setErrorHandler((err, req, reply) => {
    const http = toHttpError(err);
    if (http.status >= 500) req.log.error({ err }, 'unhandled error');
    reply.code(http.status).headers(http.headers).send(http.body);
  });

  const apiPaths = await registerRest(app, core);
  await oneClickUnsubscribeRoute(app, core);
  await app.register(async (trpc) => {
    // The adapter hands a multipart body on as a raw stream and fails on it (500); tRPC callers send JSON.
    trpc.addHook('preValidation', async (req, reply) => {
      // (req.isMultipart() cannot tell here: it is set by the multipart parser, which the adapter replaces.)
      if (/^multipart\//i.test(req.headers['content-type'] ?? ''))
        return reply.code(415).send(trpcErrorBody('UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type.'));
    });
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: createContextFactory(core),
        onError: ({ error }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error }, 'tRPC error');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });
  const warning = devMailboxWarning(config);
  if (warning) app.log.warn(warning);
  if (config.devMailbox) devMailboxRoutes(app, core);
  // `signingReady`: the seal's key and worker are warm; a load balancer may wait for it before sending signers.
  // `sealBacklog`: signed NDAs whose seal waits for a timestamp authority (SIGNING_TSA_URL).
  app.get('/healthz', async () => ({
    ok: true,
    signingReady: core.signing.warmed,
    sealBacklog: await core.seals.size(),
  }));
  await serveClient(app, config.clientDir ?? CLIENT_DIST, apiPaths);

  const realtime = await attachRealtime(app.server, core);
  const { io } = realtime;
  core.outbox.start();
  core.digest.start();
  core.seals.start();
  billingPeriods.start();
  timetable.start();
  return { app, core, io, billingPeriods, timetable };
}

/** The API's two doors: REST under /api/v1 and tRPC under /trpc. */
export function isApiPath(url: string): boolean {
  return /^\/(?:api\/v1|trpc)(?:[/?]|$)/.test(url);
}

/** ws://host or wss://host for the app's http(s) origin. */
export function websocketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Cache-Control of the built app's files: content-hashed assets never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The built React app; any other GET that is not an API path gets index.html (client-side routes).
 * Each built file gets its route when the server starts, so a new build is served after a restart,
 * as `npm start` does. Looked up per request instead (wildcard), every asset cost two listings of its
 * folders to check the path's spelling: a seventh of the server's CPU over the end-to-end suite. The
 * build writes .br and .gz copies beside each text file (scripts/build.mjs), sent to browsers that
 * accept them. Files under assets/ carry a hash of their content in their name and are cached for a
 * year; index.html and the other files are revalidated on every visit, so a new release shows at once.
 */
async function serveClient(app: FastifyInstance, root: string, apiPaths: KnownPaths): Promise<void> {
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  const assets = path.join(root, 'assets') + path.sep;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => void reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    });
    app.get('/', (_req, reply) => reply.type('text/html').sendFile('index.html'));
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing asset is a 404, never the page: a browser holding an older release must not cache HTML as a script.
    const isPage = req.method === 'GET' && !/^\/(api|trpc|socket\.io|dev|assets)\//.test(req.url);
    if (isPage && hasBuild) return reply.type('text/html').sendFile('index.html');
    if (isApiPath(req.url)) return answerUnrouted(apiPaths, req, reply);
    reply.code(404).send(toHttpError(AppError.notFound()).body);
  });
}
