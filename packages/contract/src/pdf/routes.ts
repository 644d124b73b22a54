import { z } from 'zod';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { accountConfirmationRequestSchema, pdfGeneratorResponseSchema } from '../accounts/methods';
import { agreementPdfRequestSchema } from '../profile/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * The PDF generator (spec 2 §7 "pdf/api/generator_pdf/{name}"): an authenticated POST makes a
 * single-use, 5-minute download link; GET /api/pdf/files/{token} opens it without a bearer (the
 * token is the proof) and answers the file (PDF, or a history export's CSV).
 */
export const pdfRoutes = {
  accountConfirmation: defineRoute({
    method: 'POST',
    path: '/api/pdf/api/generator_pdf/accountConfirmation',
    auth: 'session',
    body: accountConfirmationRequestSchema,
    response: pdfGeneratorResponseSchema,
    error: errorEnvelopeSchema,
  }),
  agreement: defineRoute({
    method: 'POST',
    path: '/api/pdf/api/generator_pdf/agreement',
    auth: 'session',
    body: agreementPdfRequestSchema,
    response: pdfGeneratorResponseSchema,
    error: errorEnvelopeSchema,
  }),
  /** A token that is malformed, used or expired is 404 ("expired or already used"), never a 400. */
  file: defineRoute({
    method: 'GET',
    path: '/api/pdf/files/:token',
    auth: 'own',
    params: lazySchema(() => z.object({ token: z.string() })),
    answer: 'file',
    error: errorEnvelopeSchema,
  }),
};
