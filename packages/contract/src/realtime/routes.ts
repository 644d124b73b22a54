import { z } from 'zod';
import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { REALTIME_PATH } from './events';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * The realtime push channel (spec 1 §4): a WebSocket upgrade on GET /realtime?ticket=…, the
 * ticket from POST /api/auth/realtime-ticket (authRoutes.realtimeTicket). Events are
 * `realtimeEventSchema`. The server checks the origin and the ticket itself before the upgrade
 * (403 `13`, 401 `AU`), so the query is described here but not validated by the route helper.
 */
export const realtimeRoutes = {
  socket: defineRoute({
    method: 'GET',
    path: REALTIME_PATH,
    auth: 'own',
    query: lazySchema(() => z.object({ ticket: z.string().min(1).max(256) })),
    answer: 'websocket',
    error: errorEnvelopeSchema,
  }),
};
