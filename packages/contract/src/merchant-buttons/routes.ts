import { z } from 'zod';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { textIdSchema } from '../merchant-api/routes';
import { logoSchema } from './methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Business logos over REST (spec 2 §7 "Logo … create (multipart with data and file[])"): the
 * upload is multipart/form-data with a `data` field (logoUploadDataSchema as JSON) and one file in
 * `file[]` (PNG or JPEG, at most 1 MB, told by its content). The image is served to the company's
 * full-access users by id, and to anyone by its unguessable public id (the hosted pay page shows
 * it to payers), always with its own content type and nosniff.
 */
export const merchantButtonRoutes = {
  createLogo: defineRoute({
    method: 'POST',
    path: '/api/merchant/logos',
    auth: 'session',
    multipart: true,
    response: lazySchema(() =>
      z.object({
        responseCode: z.literal('00'),
        responseDescription: z.string(),
        logo: logoSchema,
      }),
    ),
    error: errorEnvelopeSchema,
  }),
  logoFile: defineRoute({
    method: 'GET',
    path: '/api/merchant/logos/:logoId/file',
    auth: 'session',
    params: lazySchema(() => z.object({ logoId: textIdSchema })),
    answer: 'file',
    error: errorEnvelopeSchema,
  }),
  publicLogoFile: defineRoute({
    method: 'GET',
    path: '/api/public/logos/:publicId',
    auth: 'public',
    params: lazySchema(() =>
      z.object({
        publicId: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'validation.invalidValue'),
      }),
    ),
    answer: 'file',
    rateLimited: true,
    error: errorEnvelopeSchema,
  }),
};
