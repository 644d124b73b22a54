import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/connect';
import { createServices, type Services } from './services';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { authenticateRequest } from './plugins/auth-guard';
import { registerRouteSupport } from './lib/route';
import { isPublicMainCall, registerMainApi } from './main-api/route';
import { registerGuardedServices } from './modules/mounts';
import { healthRoutes } from './modules/health';
import { createSiteResolver } from './lib/site';
import type { ModuleContext, ModuleJob } from './server-module';
import { serverModules } from './server-modules';

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
    frameworkErrors: answerFrameworkError,
  });

  const database =
    options.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      loadDataDir: config.pgliteStartFrom
        ? new Blob([await readFile(config.pgliteStartFrom)])
        : undefined,
    }));
  const ownsDatabase = !options.db;
  // The outage and the recovery each get one log line (the requests in between answer 503).
  const stopAvailabilityLog = database.onAvailability((event) => {
    if (event.kind === 'lost')
      app.log.error(
        { err: event.error },
        'database: connection lost; answering 503 until it is back',
      );
    else app.log.info('database: connected again; serving requests');
  });
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
  const context: ModuleContext = { config, db: database.db, services, site, log: app.log };
  await registerGuardedServices(app, {
    db: database.db,
    site,
    linkedDocuments: serverModules.flatMap((module) =>
      'linkedDocuments' in module ? module.linkedDocuments : [],
    ),
  });
  for (const module of serverModules) if ('routes' in module) await module.routes(app, context);
  await app.register(healthRoutes, { ping: (timeoutMs: number) => database.ping(timeoutMs) });

  if (hasWeb) {
    // The built SPA, with .br/.gz beside each file (apps/web/scripts/precompress.mjs).
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      // One route per file of the build, found at start (the build does not change under a running
      // server). A catch-all route read the assets folder's 700-odd names twice on every request to
      // check the path's spelling, a fifth of the server's CPU while a browser loads the app.
      wildcard: false,
      // `/` is a directory to the plugin: with index off it was served (index.html.br) only to
      // clients that send Accept-Encoding, and refused 403 to curl or a balancer's check.
      index: 'index.html',
      setHeaders(response, path) {
        // Hashed assets never change; the page and the version file must be checked every time.
        if (path.includes(`${sep}assets${sep}`))
          response.header('Cache-Control', 'public, max-age=31536000, immutable');
        else response.header('Cache-Control', 'no-cache');
      },
    });
  }

  const jobs: ModuleJob[] = serverModules.flatMap((module) =>
    'jobs' in module ? module.jobs.map((start) => start(context)) : [],
  );

  app.addHook('onClose', async () => {
    for (const job of jobs) await job.stop();
    await services.realtime.stop();
    await services.stopReadCache();
    stopAvailabilityLog();
    if (ownsDatabase) await database.close();
  });

  return { app, database, services };
}
