import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  preapprovedPublicRoutes,
  type PreapprovalFrequency,
  type PublicPull,
} from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { customers, preapprovalPulls, preapprovals } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { audit } from '../audit';
import { Money, hashRequest, moneyText, postTransfer, requireMinorUnits } from '../ledger';
import type { RealtimeHub } from '../realtime';
import { publishAccountChanges } from '../transfers';
import { enqueueWebhookEvent } from '../webhooks';
import { pulledThisPeriod, utcDay } from './periods';
import { loadPreapprovals, publicView } from './views';

/*
 * The merchant's server pulls a pre-approved payment (issue 18): within its approval and never
 * beyond it. The approval's row is locked first, so two pulls at once are decided one after the
 * other (the second sees the first's pull in its period). The money moves payer → merchant
 * through the ledger, and the webhook (and IPN) are written in the same transaction. A retry with
 * the same Idempotency-Key answers the first pull; with another body it is refused. The key is
 * the one the v1 scope's idempotency hook already required and checked (merchant-api passes it
 * in): the pull does not read the header again. After the commit both sides' open screens hear
 * that their balances changed.
 */

/** The ledger kind of a pull (the payer's and the merchant's history show it). */
export const PULL_KIND = 'preapprovedPull';

const OK = { responseCode: '00', responseDescription: 'Success' } as const;

/** The listing's cap: the newest this many (decision 94). */
const PUBLIC_LIST_MAX = 200;

/** A pull beyond its approval: the envelope's validation error, and nothing changes. */
const refuse = (field: string, key: string, description: string) =>
  AppError.invalid({ [field]: key }, description);

function pullView(row: typeof preapprovalPulls.$inferSelect): PublicPull {
  return {
    id: row.id,
    preapprovalId: row.preapprovalId,
    transactionId: row.transferId,
    amount: moneyText(row.amount),
    currency: row.currencyCode,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function pullPreapproved(
  deps: { db: Database; realtime: RealtimeHub },
  merchantCustomerId: number,
  input: {
    id: number;
    amount: string;
    description?: string | undefined;
    idempotencyKey: string | null;
  },
): Promise<PublicPull> {
  const { db } = deps;
  // The header may be 128 characters (the v1 rule); its digest fits the pull's and the ledger's
  // key columns whatever its length.
  const keyDigest = input.idempotencyKey === null ? null : sha256(input.idempotencyKey);
  const requestHash = hashRequest({
    amount: moneyText(input.amount),
    description: input.description,
  });
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(preapprovals)
      .where(
        and(
          eq(preapprovals.id, input.id),
          eq(preapprovals.merchantCustomerId, merchantCustomerId),
          notInArray(preapprovals.status, ['pending', 'rejected']),
        ),
      )
      .for('update');
    if (!row) throw AppError.notFound('No such pre-approved payment');
    if (keyDigest !== null) {
      const [earlier] = await tx
        .select()
        .from(preapprovalPulls)
        .where(
          and(
            eq(preapprovalPulls.preapprovalId, row.id),
            eq(preapprovalPulls.idempotencyKey, keyDigest),
          ),
        );
      if (earlier) {
        if (earlier.requestHash !== requestHash)
          throw AppError.invalid(
            { idempotencyKey: 'validation.idempotencyKeyReused' },
            'This idempotency key was already used for a different request',
          );
        return { pull: pullView(earlier), accountIds: [] };
      }
    }
    const now = new Date();
    const frequency = row.frequency as PreapprovalFrequency;
    if (row.status === 'cancelled')
      throw refuse('id', 'validation.preapprovalCancelled', 'The payer cancelled this approval');
    if (row.status !== 'active' || (frequency === 'once' && row.lastPullAt !== null))
      throw refuse('id', 'validation.preapprovalUsed', 'This approval allows no more pulls');
    if (row.endDate !== null && row.endDate < utcDay(now))
      throw refuse('id', 'validation.preapprovalEnded', 'This approval has ended');
    requireMinorUnits(input.amount, row.currencyCode, 'amount');
    const amount = new Money(input.amount);
    if (amount.greaterThan(row.amountCap))
      throw refuse(
        'amount',
        'validation.preapprovalAboveCap',
        'The amount is above the approved amount',
      );
    if (pulledThisPeriod(frequency, row.lastPullAt, now))
      throw refuse('id', 'validation.preapprovalPeriodUsed', 'This period was already pulled');
    const pulledTotal = new Money(row.pulledTotal).plus(amount);
    if (row.totalCap !== null && pulledTotal.greaterThan(row.totalCap))
      throw refuse(
        'amount',
        'validation.preapprovalAboveTotal',
        'The amount is above the approved total',
      );

    // The payer's history names the merchant the money went to.
    const [merchant] = await tx
      .select({
        name: sql<
          string | null
        >`coalesce(${customers.businessName}, nullif(concat_ws(' ', ${customers.firstName}, ${customers.lastName}), ''))`,
      })
      .from(customers)
      .where(eq(customers.id, merchantCustomerId));
    const posted = await postTransfer(tx, {
      kind: PULL_KIND,
      customerId: row.payerCustomerId,
      initiatedByUserId: null,
      status: 'settled',
      ...(keyDigest !== null ? { idempotencyKey: `pull-${row.id}-${keyDigest}`, requestHash } : {}),
      postings: [
        { accountId: row.payerAccountId, amount: amount.negated().toFixed() },
        { accountId: row.merchantAccountId, amount: amount.toFixed() },
      ],
      details: {
        preapprovalId: row.id,
        name: merchant?.name ?? null,
        description: input.description ?? null,
        toAccount: row.merchantAccountId,
      },
    });
    const totalReached = row.totalCap !== null && !pulledTotal.lessThan(row.totalCap);
    await tx
      .update(preapprovals)
      .set({
        pulledTotal: pulledTotal.toFixed(),
        lastPullAt: now,
        ...(frequency === 'once' || totalReached ? { status: 'completed' } : {}),
      })
      .where(eq(preapprovals.id, row.id));
    const [pull] = await tx
      .insert(preapprovalPulls)
      .values({
        preapprovalId: row.id,
        merchantCustomerId,
        transferId: posted.id,
        amount: amount.toFixed(),
        currencyCode: row.currencyCode,
        description: input.description ?? null,
        idempotencyKey: keyDigest,
        requestHash,
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      action: 'preapproval.pulled',
      customerId: row.payerCustomerId,
      details: { preapprovalId: row.id, transferId: posted.id, merchantCustomerId },
    });
    await enqueueWebhookEvent(tx, {
      customerId: merchantCustomerId,
      type: 'preapproved.pulled',
      data: {
        transactionId: posted.id,
        preapprovalId: row.id,
        pullId: pull!.id,
        accountId: row.merchantAccountId,
        amount: moneyText(amount),
        currency: row.currencyCode,
        description: input.description ?? null,
      },
    });
    return {
      pull: pullView(pull!),
      accountIds: [row.payerAccountId, row.merchantAccountId],
    };
  });
  // Both sides' balances changed: their screens refresh (AccountChanged) after the commit.
  await publishAccountChanges(deps.realtime, db, outcome.accountIds);
  return outcome.pull;
}

/**
 * The public API v1's pre-approval routes, registered by merchant-api inside its v1 scope (its
 * key, address, rate and idempotency hooks run first); `scope` checks the key holds
 * "preapproved-pulls" and answers the company; `idempotencyKey` is the request's
 * Idempotency-Key as the scope's hook required and checked it.
 */
export async function preapprovedPublicApiRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    realtime: RealtimeHub;
    scope: (request: FastifyRequest) => { customerId: number };
    idempotencyKey: (request: FastifyRequest) => string;
  },
): Promise<void> {
  const { db, scope } = options;
  route(app, preapprovedPublicRoutes.list, async (request) => {
    const key = scope(request);
    const rows = await loadPreapprovals(
      db,
      and(
        eq(preapprovals.merchantCustomerId, key.customerId),
        notInArray(preapprovals.status, ['pending', 'rejected']),
      ),
      { limit: PUBLIC_LIST_MAX, offset: 0 },
    );
    const now = new Date();
    return { ...OK, preapprovals: rows.map((loaded) => publicView(loaded, now)) };
  });
  route(app, preapprovedPublicRoutes.pull, async (request) => {
    const key = scope(request);
    const pull = await pullPreapproved(options, key.customerId, {
      id: request.params.id,
      amount: request.body.amount,
      description: request.body.description,
      idempotencyKey: options.idempotencyKey(request),
    });
    return { ...OK, pull };
  });
}
