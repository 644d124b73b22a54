import { z } from 'zod';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * GET /api/profile/email-confirmation?token=… — the link in an e-mail-confirmation e-mail, opened
 * without a session. It always redirects (303) to `/home?emailConfirmation=success|fail`: a
 * missing or malformed token is a failed confirmation, not a 400, so `catch` keeps it.
 */
export const profileRoutes = {
  emailConfirmation: defineRoute({
    method: 'GET',
    path: '/api/profile/email-confirmation',
    auth: 'own',
    query: lazySchema(() => z.object({ token: z.string().max(256).optional().catch(undefined) })),
    answer: 'redirect',
    error: errorEnvelopeSchema,
  }),
};
