import type { FastifyInstance } from 'fastify';
import { analyticsRoutes as routes } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { analyticsBatches } from '../../db/schema';
import { route } from '../../lib/route';

/**
 * Our own analytics sink (spec 1 §4, §9): the browser posts batches of up to 50 events; each batch
 * is one row. Public (login failures happen before sign-in) and rate limited per address, like
 * every public call; the schema keeps events small and free of personal data.
 */
export async function analyticsRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  route(
    app,
    routes.events,
    async (request, reply) => {
      const { brand, events } = request.body;
      await opts.db
        .insert(analyticsBatches)
        .values({ brandId: brand, eventCount: events.length, events });
      reply.header('Cache-Control', 'no-store');
      return {
        responseCode: '00' as const,
        responseDescription: 'Success',
        accepted: events.length,
      };
    },
    { bodyLimit: 64 * 1024 },
  );
}
