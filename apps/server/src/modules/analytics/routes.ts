import type { FastifyInstance } from 'fastify';
import { ANALYTICS_PATH, analyticsBatchSchema } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { analyticsBatches } from '../../db/schema';
import { AppError, issuesToValidationErrors } from '../../lib/errors';

/**
 * Our own analytics sink (spec 1 §4, §9): the browser posts batches of up to 50 events; each batch
 * is one row. Public (login failures happen before sign-in) and rate limited per address, like
 * every public call; the schema keeps events small and free of personal data.
 */
export async function analyticsRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const limit = app.rateLimit();
  app.post(ANALYTICS_PATH, { preHandler: limit, bodyLimit: 64 * 1024 }, async (request, reply) => {
    const parsed = analyticsBatchSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw AppError.invalid(issuesToValidationErrors(parsed.error.issues));
    const { brand, events } = parsed.data;
    await opts.db
      .insert(analyticsBatches)
      .values({ brandId: brand, eventCount: events.length, events });
    reply.header('Cache-Control', 'no-store');
    return { responseCode: '00', responseDescription: 'Success', accepted: events.length };
  });
}
