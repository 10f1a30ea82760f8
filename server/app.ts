import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import { type Core, createCore } from './core.js';
import { devMailboxRoutes } from './dev/mailbox.js';
import { toHttpError } from './errors.js';
import { attachRealtime } from './realtime/index.js';
import { redactUrl } from './services/log-redaction.js';
import type { RealtimeServer } from './realtime/publisher.js';
import { registerRest } from './rest/index.js';
import { oneClickUnsubscribeRoute } from './rest/notifications.js';
import { createContextFactory, trpcErrorBody } from './trpc/trpc.js';
import { type AppRouter, appRouter } from './trpc/router.js';

export interface App {
  app: FastifyInstance;
  core: Core;
  io: RealtimeServer;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_DIST = path.join(ROOT, 'dist', 'client');

/** Builds the whole server without listening: tests use inject() or listen on port 0. */
export async function buildApp(config: Config): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens and passwords never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refresh'],
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
  app.addHook('onClose', async () => {
    await io.close();
    await core.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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

  await registerRest(app, core);
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
  if (config.devMailbox) devMailboxRoutes(app, core);
  app.get('/healthz', async () => ({ ok: true }));
  await serveClient(app);

  const io = attachRealtime(app.server, core);
  core.outbox.start();
  core.digest.start();
  return { app, core, io };
}

/**
 * The built React app; any other GET that is not an API path gets index.html (client-side routes).
 * Files are looked up per request (wildcard), so a rebuild is served without a restart.
 */
async function serveClient(app: FastifyInstance): Promise<void> {
  const hasBuild = fs.existsSync(path.join(CLIENT_DIST, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: CLIENT_DIST, index: false, wildcard: true });
    app.get('/', (_req, reply) => reply.type('text/html').sendFile('index.html'));
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !/^\/(api|trpc|socket\.io|dev)\//.test(req.url);
    if (isPage && hasBuild) return reply.type('text/html').sendFile('index.html');
    reply.code(404).send({ detail: 'Not found.' });
  });
}
