import type { FastifyInstance } from 'fastify';
import { platformRoutes } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { fromIsoLanguage } from '@ledgerline/domain/languages';
import { RETRY_AFTER_SECONDS, unavailableText } from '../../lib/database-unavailable';
import { route } from '../../lib/route';

/** How long /readyz waits for the database's answer before it calls the node not ready. */
export const READY_TIMEOUT_MS = 2000;

/**
 * For load balancers and orchestrators: GET /healthz says the process answers (it never touches
 * the database, so an outage does not get a healthy node restarted); GET /readyz says the
 * database answers a trivial query within READY_TIMEOUT_MS, else 503 with the envelope, so a
 * balancer sends traffic elsewhere until it is back. Logged only at warn: a balancer polls them.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { ping: (timeoutMs: number) => Promise<void> },
): Promise<void> {
  route(
    app,
    platformRoutes.healthz,
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
    { logLevel: 'warn' },
  );

  route(
    app,
    platformRoutes.readyz,
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await opts.ping(READY_TIMEOUT_MS);
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readyz: the database did not answer');
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        return reply.status(503).send({
          responseCode: RESPONSE_CODES.unknownError,
          responseDescription: unavailableText(fromIsoLanguage(request.headers['accept-language'])),
        });
      }
    },
    { logLevel: 'warn' },
  );
}
