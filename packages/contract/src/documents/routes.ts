import { z } from 'zod';
import { DOCUMENT_PARTS } from '@ledgerline/domain';
import { defineRoute } from '../define';
import { errorEnvelopeSchema, idSchema } from '../envelope';
import { uploadedDocumentSchema } from './methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * Document upload and download (spec 2 §3 "Document upload"). The upload is multipart/form-data:
 * a `data` field holding documentUploadDataSchema as JSON, and the files `mainDocument`,
 * `relationshipDocument` and `additionalDocument` (PDF, JPEG, PNG or HEIC, at most 10 MB each,
 * told by content). The body is not a JSON schema, so the route has none; the server validates
 * the data part with documentUploadDataSchema. The download answers the file to its owner (or an
 * administrator); anyone else gets 404.
 */
export const documentRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/documents',
    auth: 'session',
    multipart: true,
    response: lazySchema(() =>
      z.object({
        responseCode: z.literal('00'),
        responseDescription: z.string(),
        document: uploadedDocumentSchema,
      }),
    ),
    error: errorEnvelopeSchema,
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/documents/:documentId/files/:part',
    auth: 'session',
    params: lazySchema(() =>
      z.object({
        documentId: z.coerce.number().pipe(idSchema),
        part: z.enum(DOCUMENT_PARTS),
      }),
    ),
    answer: 'file',
    error: errorEnvelopeSchema,
  }),
};
