import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import { complianceRoutes } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { loadIdentityImage } from '../identity-verification';
import { requireAdmin } from './desk-access';
import { identityRunOf } from './queue';

/**
 * GET /api/compliance/identities/:identityId/images/:step: a provider's picture of an identity
 * result, for the desk to look at beside the customer's data. Administrators only (403 ENOA to
 * anyone else, before anything is read); a picture that is not there is 404.
 */
export async function complianceFileRoutes(
  app: FastifyInstance,
  options: FastifyPluginOptions & { db: Database },
): Promise<void> {
  const { db } = options;
  route(app, complianceRoutes.identityImage, async (request, reply, caller) => {
    await requireAdmin(db, caller);
    const runId = await identityRunOf(db, request.params.identityId);
    const image = runId === null ? null : await loadIdentityImage(db, runId, request.params.step);
    if (!image) throw AppError.notFound('No such picture');
    const safeName = image.fileName.replace(/[^\w.-]/g, '_');
    return reply
      .header('Content-Type', image.contentType)
      .header('Content-Disposition', `inline; filename="${safeName}"`)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(image.data));
  });
}
