import type { FastifyInstance, FastifyRequest } from 'fastify';
import { realtimeRoutes as routes } from '@ledgerline/contract';
import { AppError } from '../../lib/errors';
import type { Services } from '../../services';
import type { RealtimeTicketOwner } from '../auth';

/**
 * Same origin is always allowed (the page was served by us); other origins only when listed in
 * PUBLIC_ORIGINS. A WebSocket has no CORS, so this check is what stops another site's page from
 * opening a socket with the customer's browser (cross-site WebSocket hijacking).
 */
export function isAllowedOrigin(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.includes(parsed.origin)) return true;
  return parsed.host === request.headers.host;
}

export async function realtimeRoutes(
  app: FastifyInstance,
  opts: { services: Services; allowedOrigins: readonly string[] },
): Promise<void> {
  const { services, allowedOrigins } = opts;
  // A WebSocket upgrade, so not through route(): the origin and ticket are checked here, before it.
  app.get(
    routes.socket.path,
    {
      websocket: true,
      preValidation: async (request) => {
        if (!isAllowedOrigin(request, allowedOrigins))
          throw new AppError('13', 'Origin not allowed');
        const ticket = (request.query as { ticket?: unknown }).ticket;
        if (typeof ticket !== 'string' || ticket === '')
          throw AppError.unauthorised('Missing realtime ticket');
        const session = await services.sessions.redeemRealtimeTicket(ticket);
        if (!session) throw AppError.unauthorised('The realtime ticket is not valid');
        request.realtimeSession = session;
      },
    },
    (socket, request) => {
      const session = request.realtimeSession;
      if (!session) {
        socket.close(4001, 'unauthorised');
        return;
      }
      if (session.kind === 'session') services.realtime.attach(socket, session);
      else services.realtime.attachLogin(socket, session);
      // The channel is server → browser; a browser message is only a keep-alive.
      socket.on('message', (data) => {
        if (data.toString() === 'ping') socket.send('pong');
      });
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What the ticket opened: a signed-in session, or one pending sign-in (tmpJwt). */
    realtimeSession?: RealtimeTicketOwner;
  }
}
