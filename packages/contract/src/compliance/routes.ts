import { z } from 'zod';
import { IDV_STEPS } from '@ledgerline/domain';
import { defineRoute } from '../define';
import { errorEnvelopeSchema, idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * The review desk's pictures of an identity result (issue 14): the provider's front, back and
 * selfie of the workflow run that produced the identity, to an administrator only; anyone else
 * is refused (403 ENOA), and a picture that is not there is 404.
 */
export const complianceRoutes = {
  identityImage: defineRoute({
    method: 'GET',
    path: '/api/compliance/identities/:identityId/images/:step',
    auth: 'session',
    params: lazySchema(() =>
      z.object({
        identityId: z.coerce.number().pipe(idSchema),
        step: z.enum(IDV_STEPS),
      }),
    ),
    answer: 'file',
    error: errorEnvelopeSchema,
  }),
};
