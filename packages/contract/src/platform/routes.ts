import { z } from 'zod';
import { defineRoute } from '../define';
import { errorEnvelopeSchema, responseHeadSchema } from '../envelope';
import { CLIENT_CONFIG_PATH, clientConfigSchema } from '../client-config';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/** What every main-API answer carries beside the method's own fields (methods/*.ts describe those). */
const mainAnswerSchema = lazySchema(() => responseHeadSchema.loose());

/** GET /healthz: the process answers (it never touches the database). */
export const healthzSchema = lazySchema(() => z.object({ status: z.literal('ok') }));
/** GET /readyz: the database answered; otherwise 503 with the envelope and Retry-After. */
export const readyzSchema = lazySchema(() => z.object({ status: z.literal('ready') }));

/** /version.json, written beside the web build: the running page compares it with its own build. */
export const versionFileSchema = lazySchema(() =>
  z.object({ version: z.string(), builtAt: z.string() }),
);
export type VersionFile = z.infer<typeof versionFileSchema>;

/**
 * Services mounted behind the bearer guard for the later issues (contracts, merchant REST,
 * support, PDF generator, e-signature): each answers GET {prefix}/health to a signed-in caller.
 */
export const GUARDED_SERVICES = [
  '/api/contracts',
  '/api/public-api',
  '/api/support',
  '/api/pdf',
  '/api/esign',
] as const;
export type GuardedService = (typeof GUARDED_SERVICES)[number];

const guardedHealthSchema = lazySchema(() => responseHeadSchema.extend({ service: z.string() }));

function guardedHealth<P extends GuardedService>(prefix: P) {
  return defineRoute({
    method: 'GET',
    path: `${prefix}/health`,
    auth: 'session',
    response: guardedHealthSchema,
    error: errorEnvelopeSchema,
  });
}

export const platformRoutes = {
  /** The main API: POST /api/main/?{method} with the envelope and the method's payload (spec 2 §7). */
  main: defineRoute({
    method: 'POST',
    path: '/api/main/',
    auth: 'own',
    body: lazySchema(() => z.unknown()),
    response: mainAnswerSchema,
    error: errorEnvelopeSchema,
  }),
  /** The same, without the trailing slash (`/api/main?{method}`). */
  mainNoSlash: defineRoute({
    method: 'POST',
    path: '/api/main',
    auth: 'own',
    body: lazySchema(() => z.unknown()),
    response: mainAnswerSchema,
    error: errorEnvelopeSchema,
  }),
  clientConfig: defineRoute({
    method: 'GET',
    path: CLIENT_CONFIG_PATH,
    auth: 'public',
    response: clientConfigSchema,
    error: errorEnvelopeSchema,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/version.json',
    auth: 'public',
    staticFile: true,
    response: versionFileSchema,
    error: errorEnvelopeSchema,
  }),
  /** The process answers. */
  healthz: defineRoute({
    method: 'GET',
    path: '/healthz',
    auth: 'public',
    response: healthzSchema,
    error: errorEnvelopeSchema,
  }),
  /** The database answers; 503 with the envelope when it does not. */
  readyz: defineRoute({
    method: 'GET',
    path: '/readyz',
    auth: 'public',
    response: readyzSchema,
    error: errorEnvelopeSchema,
  }),
  guardedHealth: {
    contracts: guardedHealth('/api/contracts'),
    publicApi: guardedHealth('/api/public-api'),
    support: guardedHealth('/api/support'),
    pdf: guardedHealth('/api/pdf'),
    esign: guardedHealth('/api/esign'),
  },
};

type GuardedHealthRoute =
  (typeof platformRoutes.guardedHealth)[keyof typeof platformRoutes.guardedHealth];

/** The guarded stub of one service prefix. */
export function guardedHealthRoute(prefix: GuardedService): GuardedHealthRoute {
  const byPrefix: Record<GuardedService, GuardedHealthRoute> = {
    '/api/contracts': platformRoutes.guardedHealth.contracts,
    '/api/public-api': platformRoutes.guardedHealth.publicApi,
    '/api/support': platformRoutes.guardedHealth.support,
    '/api/pdf': platformRoutes.guardedHealth.pdf,
    '/api/esign': platformRoutes.guardedHealth.esign,
  };
  return byPrefix[prefix];
}
