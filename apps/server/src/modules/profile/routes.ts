import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import { profileRoutes } from '@ledgerline/contract';
import { route } from '../../lib/route';
import type { Database } from '../../db/client';
import { confirmEmailByLink } from './contacts';

/** The link token: 32 random bytes, base64url. Anything else is refused before touching the database. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * GET /api/profile/email-confirmation?token=… — the link in an e-mail-confirmation e-mail. A mail
 * client opens it without a session, so the token (single use, 5 minutes, stored hashed) is the
 * proof; it confirms the address and sends the browser to the page that shows the spec's
 * E-MAIL CONFIRMATION popup (`/home?emailConfirmation=success|fail`).
 */
export async function profileLinkRoutes(
  app: FastifyInstance,
  options: FastifyPluginOptions & { db: Database },
): Promise<void> {
  route(app, profileRoutes.emailConfirmation, async (request, reply) => {
    const token = request.query.token;
    const ok =
      token !== undefined &&
      TOKEN.test(token) &&
      (await confirmEmailByLink(options.db, token, request.ip));
    return reply
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .redirect(`/home?emailConfirmation=${ok ? 'success' : 'fail'}`, 303);
  });
}
