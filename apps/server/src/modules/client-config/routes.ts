import type { FastifyInstance } from 'fastify';
import { platformRoutes, type ClientConfig } from '@ledgerline/contract';
import { route } from '../../lib/route';

/**
 * GET /config.json: what the operator sets for the web client at run time, without a new build
 * (README "Configuration"). Read fresh on every page load, so it is never cached.
 */
export async function clientConfigRoutes(
  app: FastifyInstance,
  opts: { config: ClientConfig },
): Promise<void> {
  const body = JSON.stringify(opts.config);
  route(app, platformRoutes.clientConfig, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
