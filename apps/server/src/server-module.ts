import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MainMethods } from '@ledgerline/contract';
import type { Config } from './config';
import type { Database } from './db/client';
import type { SiteResolver } from './lib/site';
import type { MethodHandlers } from './main-api/types';
import type { DeviceRequestHook } from './modules/auth';
import type { LinkedDocuments } from './modules/pdf';
import type { Services } from './services';

/** What a module's routes and jobs get from the app that composes them. */
export interface ModuleContext {
  config: Config;
  db: Database;
  services: Services;
  site: SiteResolver;
  log: FastifyBaseLogger;
}

/** Background work a module runs beside the requests (any node may; rows claimed with SKIP LOCKED). */
export interface ModuleJob {
  stop(): Promise<void>;
}

/**
 * What one business area gives the app (modules/<area>/index.ts exports it as `module`); app.ts
 * composes the list in modules.ts. Everything else in the area's folder is private to it.
 */
export interface ServerModule {
  name: string;
  /** Its main-API methods (main-api/handlers.ts merges them and checks every method has one). */
  handlers?: Partial<MethodHandlers<MainMethods>>;
  /** Its REST routes, registered after the main API. */
  routes?: (app: FastifyInstance, ctx: ModuleContext) => Promise<void>;
  /** Its background jobs, started with the server and stopped when it closes, in list order. */
  jobs?: readonly ((ctx: ModuleContext) => ModuleJob)[];
  /** The phone-app request kinds it decides (auth's device requests call them). */
  deviceRequestHooks?: Record<string, DeviceRequestHook>;
  /** Documents it serves behind the PDF service's single-use download links. */
  linkedDocuments?: readonly LinkedDocuments[];
}
