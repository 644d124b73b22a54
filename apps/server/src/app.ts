import { existsSync } from 'node:fs';
import { join, resolve, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/connect';
import { createServices, type Services } from './services';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { authenticateRequest } from './plugins/auth-guard';
import { registerRouteSupport } from './lib/route';
import { isPublicMainCall, registerMainApi } from './main-api/route';
import { authRoutes } from './modules/auth/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { registerGuardedServices } from './modules/mounts';
import { devRoutes } from './modules/dev/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { clientConfigRoutes } from './modules/client-config/routes';
import { startHousekeeping } from './modules/auth/housekeeping';
import { createSiteResolver } from './lib/site';
import { startCardProcessor } from './modules/cards/processor';
import { cardDevRoutes } from './modules/cards/dev-routes';
import { profileLinkRoutes } from './modules/profile/routes';
import { startTransferScheduler } from './modules/transfers/recurring';
import { railDevRoutes } from './modules/rails/dev-routes';
import { startRailSimulator } from './modules/rails/simulator';
import { EXPORT_POLL_MS, startExportRetention, startExportWorker } from './modules/history/exports';

export interface BuildServerOptions {
  config: Config;
  /** An open database; when absent the server opens the configured one and closes it on shutdown. */
  db?: DatabaseHandle;
  /** Apply pending migrations before anything touches the database (default true). */
  migrate?: boolean;
  /** Where logs go (tests capture them); stdout when absent. */
  logStream?: Writable;
}

export interface LedgerlineServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  services: Services;
}

const SENSITIVE_QUERY = /([?&][^=&#]+)=[^&#]*/g;

/** Request URLs are logged without query values: tickets, codes and e-mails travel there. */
function loggedUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, '$1=[redacted]');
}

const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildServer(options: BuildServerOptions): Promise<LedgerlineServer> {
  const { config } = options;
  const loggerOptions: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    ...(options.logStream ? { stream: options.logStream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        'refreshToken',
        '*.refreshToken',
        'accessToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: loggedUrl(request.url), ip: request.ip };
      },
    },
  };
  const app = Fastify({
    logger: loggerOptions,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Bad input never costs us more than this to read.
    routerOptions: { maxParamLength: 200 },
    genReqId: () => crypto.randomUUID(),
  });

  const database =
    options.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !options.db;
  if (options.migrate ?? true) await database.migrate();
  const services = await createServices(config, database, app.log);

  const webDist = config.webDist ? resolve(config.webDist) : DEFAULT_WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  registerErrorHandler(app, { serveSpa: hasWeb });
  await registerSecurity(app, config);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Public main-API methods are rate limited per address and method.
  const limitPublic = app.rateLimit({ keyGenerator: (request) => `${request.ip}:${request.url}` });
  app.addHook('preHandler', async (request, reply) => {
    if (
      (request.url.startsWith('/api/main/') || request.url.startsWith('/api/main?')) &&
      isPublicMainCall(request)
    ) {
      await limitPublic.call(app, request, reply);
    }
  });

  // REST routes come from the contract's table (lib/route.ts): zod validation, typed handlers.
  registerRouteSupport(app, {
    authenticate: (request) => authenticateRequest(request, services),
    validateAnswers: config.env !== 'production',
  });

  const site = createSiteResolver(config);
  registerMainApi(app, {
    db: database.db,
    services,
    validateResponses: config.env !== 'production',
    site,
  });
  await app.register(authRoutes, { services, db: database.db });
  await registerGuardedServices(app, { db: database.db, site });
  await app.register(realtimeRoutes, { services, allowedOrigins: config.publicOrigins });
  await app.register(analyticsRoutes, { db: database.db });
  await app.register(profileLinkRoutes, { db: database.db });
  await app.register(clientConfigRoutes, {
    config: {
      idleTimeoutSeconds: config.clientIdleTimeoutSeconds ?? null,
      botCheck: config.botCheck,
    },
  });
  if (config.devTools) await app.register(devRoutes, { db: database.db, services });
  if (config.devTools) await app.register(cardDevRoutes, { db: database.db });
  if (config.devTools)
    await app.register(railDevRoutes, {
      db: database.db,
      services,
      stepMs: config.railStepMs,
    });

  if (hasWeb) {
    // The built SPA, with .br/.gz beside each file (apps/web/scripts/precompress.mjs).
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      wildcard: true,
      index: false,
      setHeaders(response, path) {
        // Hashed assets never change; the page and the version file must be checked every time.
        if (path.includes(`${sep}assets${sep}`))
          response.header('Cache-Control', 'public, max-age=31536000, immutable');
        else response.header('Cache-Control', 'no-cache');
      },
    });
  }

  // Outbox delivery runs beside the requests; any node may deliver (rows are claimed with SKIP LOCKED).
  const outboxTimer = setInterval(() => {
    services.mailer
      .deliverPending()
      .catch((error: unknown) => app.log.warn({ err: error }, 'outbox delivery pass failed'));
  }, 2000);
  outboxTimer.unref();
  // The card processor simulator moves new cards through their statuses (any node may; SKIP LOCKED).
  const cardProcessor = startCardProcessor({
    db: database.db,
    realtime: services.realtime,
    stepMs: config.cardProcessorStepMs,
    log: app.log,
  });

  // Transfer confirmations that ran out are rejected and recurring transfers run (any node may; SKIP LOCKED).
  const transferScheduler = startTransferScheduler({
    db: database.db,
    mailer: services.mailer,
    realtime: services.realtime,
    log: app.log,
  });
  // The rail simulator delivers or returns external transfers after RAIL_STEP_MS (any node may; SKIP LOCKED).
  const railSimulator = startRailSimulator({
    db: database.db,
    mailer: services.mailer,
    realtime: services.realtime,
    stepMs: config.railStepMs,
    log: app.log,
  });

  // History exports and statement files are written in the background (any node may; SKIP LOCKED).
  const exportWorker = startExportWorker({ db: database.db, log: app.log, pollMs: EXPORT_POLL_MS });
  // Their files are kept 30 days, then swept.
  const exportRetention = startExportRetention({ db: database.db, log: app.log });

  // Expired sign-in leftovers (pending sign-ins, tickets, spent bot-check solutions) are swept.
  const housekeeping = startHousekeeping({ db: database.db, log: app.log });

  app.addHook('onClose', async () => {
    clearInterval(outboxTimer);
    await housekeeping.stop();
    await cardProcessor.stop();
    await transferScheduler.stop();
    await railSimulator.stop();
    await exportWorker.stop();
    await exportRetention.stop();
    await services.realtime.stop();
    if (ownsDatabase) await database.close();
  });

  return { app, database, services };
}
