import type { FastifyInstance } from 'fastify';
import { desc, inArray } from 'drizzle-orm';
import { devRoutes } from '@ledgerline/contract';
import { EXTERNAL_TRANSFER_TYPES } from '@ledgerline/domain/external-transfers';
import type { Database } from '../../db/client';
import { ledgerTransfers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { moneyText } from '../ledger';
import { railStatusOf } from '../transfers';
import { receiveIncomingTransfer } from './incoming';
import { DEFAULT_RETURN_REASON, markForReturn, runRailStep } from './simulator';

/**
 * Development stand-ins for the payment rails (on unless NODE_ENV=production, like /dev/outbox):
 * GET /dev/rails.json lists the latest external transfers with their rail status;
 * POST /dev/rails/return {transactionId, reason?} makes the rail send one back (the beneficiary
 * bank refusing it) at its next answer; POST /dev/rails/run answers every transfer in the clearing
 * account now, without waiting for RAIL_STEP_MS; POST /dev/rails/incoming is another bank paying
 * into an account's payment instructions (incoming.ts).
 */
export async function railDevRoutes(
  app: FastifyInstance,
  opts: { db: Database; services: Services; stepMs: number },
): Promise<void> {
  const { db, services } = opts;

  route(app, devRoutes.railsJson, async () => {
    const rows = await db
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.kind, [...EXTERNAL_TRANSFER_TYPES]))
      .orderBy(desc(ledgerTransfers.createdAt))
      .limit(50);
    return {
      transfers: rows.map((row) => ({
        transactionId: row.id,
        type: row.kind,
        status: railStatusOf(row.status, row.details),
        amount: moneyText(row.amount),
        currency: row.currencyCode,
        beneficiary: typeof row.details.payeeText === 'string' ? row.details.payeeText : null,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });

  route(app, devRoutes.railsReturn, async (request) => {
    const { transactionId, reason } = request.body;
    const marked = await markForReturn(db, transactionId, reason ?? DEFAULT_RETURN_REASON);
    if (!marked) throw AppError.notFound('No external transfer waiting for its rail has this id');
    return { marked: true as const };
  });

  route(app, devRoutes.railsRun, async () => {
    // "Now" a whole step ahead: everything already in the clearing account is due.
    const moves = await runRailStep(db, new Date(Date.now() + opts.stepMs), {
      stepMs: opts.stepMs,
      mailer: services.mailer,
      realtime: services.realtime,
    });
    return { moves };
  });

  route(app, devRoutes.railsIncoming, async (request) =>
    receiveIncomingTransfer(
      { db, mailer: services.mailer, realtime: services.realtime },
      request.body,
    ),
  );
}
