import { z } from 'zod';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { massTransferTypeSchema, massUploadResultSchema } from './methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * Mass upload (spec 2 §7 "Mass upload: multipart with data and file") and the sample files.
 * The upload is multipart/form-data: a `data` field holding massUploadDataSchema as JSON and the
 * file `attachedFile` (CSV or XLSX, at most 5 MB and 10,000 rows); without a file, data.text holds
 * pasted CSV. It answers 00 with the new batch, or 92 with an identical batch's date and id
 * (send again with ignoreIdenticalBatch to create it anyway). The body is not a JSON schema, so
 * the route has none; the server validates the data part itself. The samples are the same for
 * every customer and hold nothing secret, so they are public.
 */
export const massTransferRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/mass-transfers/batches',
    auth: 'session',
    multipart: true,
    response: massUploadResultSchema,
    error: errorEnvelopeSchema,
  }),
  sample: defineRoute({
    method: 'GET',
    path: '/api/mass-transfers/samples/:type/:format',
    auth: 'public',
    rateLimited: true,
    params: lazySchema(() =>
      z.object({ type: massTransferTypeSchema, format: z.enum(['csv', 'xlsx']) }),
    ),
    answer: 'file',
    error: errorEnvelopeSchema,
  }),
};
