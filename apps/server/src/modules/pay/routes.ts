import type { FastifyInstance } from 'fastify';
import { payPageRoutes } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { payPageOf } from './requests';

const OK = { responseCode: '00', responseDescription: 'Success' } as const;

/** GET /api/pay/:token: what the hosted pay page shows, to anyone with the link (rate limited). */
export async function payPageRestRoutes(app: FastifyInstance, db: Database): Promise<void> {
  route(app, payPageRoutes.page, async (request) => ({
    ...OK,
    payment: await payPageOf(db, request.params.token),
  }));
}
