import { and, eq, lte } from 'drizzle-orm';
import type { RealtimeEvent } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { Database, Tx } from '../../db/client';
import { ledgerTransfers, transactionConfirmations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { refuseStaffMoneyMovement } from '../customers';
import type { DeviceRequestHook } from '../auth';
import { Money, moneyText, rejectTransfer, settleTransfer } from '../ledger';
import type { Actor } from '../../lib/actor';
import { accountEvents, publishAll } from './events';
import { noticeMerchantOfPayment } from './merchant-notice';
import { runTransferOutcomeHooks } from './outcome-hooks';
import type { TransferDeps } from './execute';
import {
  CONFIRMATION_TTL_MS,
  MAX_CODE_ATTEMPTS,
  MAX_CODE_RESENDS,
  codeHash,
  pushRequest,
  sendCode,
} from './second-factor';
import {
  FACTOR,
  confirmationPlan,
  judgeFactor,
  sentToOf,
  sixDigitCode,
  supersedePushRequest,
} from '../security';

/*
 * Confirming a pending transfer (spec 2 §4 "Transaction approval"): the operationId names the
 * confirmation, which belongs to the user who made the transfer. A code is bound to its operation
 * and to the amount and payee (the hash covers both), lives 5 minutes and allows 5 tries; a push
 * request is decided on the phone (flows.ts calls decideTransactionRequest). Declined, expired or
 * out of tries: the transfer is rejected (its reservation released) and TransactionResult says
 * 'Transaction was rejected.'; confirmed: it settles and TransactionResult says success.
 */

type ConfirmationRow = typeof transactionConfirmations.$inferSelect;
type Published = { userId: number; event: RealtimeEvent }[];

export const REJECTED_MESSAGE = 'Transaction was rejected.';

function resultEvent(row: ConfirmationRow, success: boolean, message?: string): Published {
  return [
    {
      userId: row.userId,
      event: {
        type: 'TransactionResult',
        payload: {
          operationId: row.id,
          transactionId: row.transferId,
          status: success ? 'success' : 'rejected',
          message: success ? 'Success' : (message ?? REJECTED_MESSAGE),
        },
      },
    },
  ];
}

async function settle(tx: Tx, row: ConfirmationRow, approvedBy: number): Promise<Published> {
  const hooked = await runTransferOutcomeHooks(tx, row.transferId, 'settled');
  const settled = await settleTransfer(tx, row.transferId, { approvedByUserId: approvedBy });
  await noticeMerchantOfPayment(tx, row.transferId);
  await tx
    .update(transactionConfirmations)
    .set({ status: 'confirmed', decidedAt: new Date() })
    .where(eq(transactionConfirmations.id, row.id));
  await audit(tx, {
    action: 'transfer.confirmed',
    userId: row.userId,
    customerId: row.customerId,
    details: { transferId: row.transferId, approveType: row.approveType },
  });
  return [
    ...resultEvent(row, true),
    ...(await accountEvents(tx, [...new Set(settled.postings.map((leg) => leg.accountId))])),
    ...hooked,
  ];
}

async function reject(
  tx: Tx,
  row: ConfirmationRow,
  status: 'rejected' | 'expired',
  reason: string,
): Promise<Published> {
  const hooked = await runTransferOutcomeHooks(tx, row.transferId, 'rejected');
  await rejectTransfer(tx, row.transferId, { rejectReason: reason });
  await tx
    .update(transactionConfirmations)
    .set({ status, decidedAt: new Date() })
    .where(eq(transactionConfirmations.id, row.id));
  await supersedePushRequest(tx, row.deviceRequestKey);
  await audit(tx, {
    action: 'transfer.rejected',
    userId: row.userId,
    customerId: row.customerId,
    details: { transferId: row.transferId, reason },
  });
  return [...resultEvent(row, false), ...hooked];
}

async function lockOwn(tx: Tx, operationId: string, userId: number): Promise<ConfirmationRow> {
  const [row] = await tx
    .select()
    .from(transactionConfirmations)
    .where(
      and(
        eq(transactionConfirmations.id, operationId),
        eq(transactionConfirmations.userId, userId),
      ),
    )
    .for('update');
  if (!row) throw AppError.notFound('Operation not found');
  return row;
}

function missingOperation(): AppError {
  return AppError.invalid(
    { operationId: 'validation.required' },
    'Not Operation Id, Fail Operation',
  );
}

const rejectedError = () =>
  AppError.invalid({ operationId: 'validation.transactionRejected' }, REJECTED_MESSAGE);
const expiredError = () =>
  AppError.invalid(
    { code: 'validation.codeExpired' },
    'The confirmation has expired. Please make the transfer again.',
  );

type Outcome = { kind: 'settled' | 'pending' } | { kind: 'error'; error: AppError };

/** confirmTransaction: checks the second factor and settles, or refuses (counting a wrong code). */
export async function confirmTransaction(
  deps: TransferDeps,
  actor: Actor,
  input: { operationId?: string | undefined; code?: string | undefined },
) {
  // The second factor is the customer's own confirmation: staff acting for them cannot give it.
  refuseStaffMoneyMovement(actor);
  if (!input.operationId) throw missingOperation();
  const operationId = input.operationId;
  const now = new Date();
  let events: Published = [];
  const outcome = await deps.db.transaction(
    async (tx): Promise<Outcome & { transferId: string }> => {
      const row = await lockOwn(tx, operationId, actor.userId);
      const done = (kind: 'settled' | 'pending') => ({ kind, transferId: row.transferId });
      const fail = (error: AppError) => ({
        kind: 'error' as const,
        error,
        transferId: row.transferId,
      });
      if (row.status === 'confirmed') return done('settled');
      if (row.status !== 'pending') return fail(rejectedError());
      if (row.expiresAt <= now) {
        events = await reject(tx, row, 'expired', 'expired');
        return fail(expiredError());
      }
      const verdict = await judgeFactor(tx, row, {
        userId: actor.userId,
        code: input.code,
        now,
        hashOf: (code) => codeHash(row.id, row.binding, code),
        maxAttempts: MAX_CODE_ATTEMPTS,
      });
      if (verdict.kind === 'pending') return done('pending');
      if (verdict.kind === 'declined') {
        events = await reject(tx, row, 'rejected', 'declined');
        return fail(rejectedError());
      }
      if (verdict.kind === 'missingCode')
        return fail(AppError.invalid({ code: 'validation.required' }, 'Enter the code'));
      if (verdict.kind === 'wrong') {
        await tx
          .update(transactionConfirmations)
          .set({ attempts: verdict.attempts })
          .where(eq(transactionConfirmations.id, row.id));
        if (verdict.exhausted) {
          events = await reject(tx, row, 'rejected', 'tooManyAttempts');
          return fail(
            AppError.invalid(
              { code: 'validation.codeExpired' },
              'Too many wrong codes: the transfer was rejected.',
            ),
          );
        }
        return fail(
          AppError.invalid(
            { code: 'validation.codeWrong' },
            `The code is not correct (${verdict.triesLeft} tries left)`,
          ),
        );
      }
      events = await settle(tx, row, actor.userId);
      return done('settled');
    },
  );
  await publishAll(deps.realtime, events);
  if (outcome.kind === 'error') throw outcome.error;
  if (outcome.kind === 'pending') {
    throw new AppError(RESPONSE_CODES.verifyError, 'Waiting for approval in the phone app', {
      httpStatus: 409,
      extra: { reason: 'pending', transactionId: outcome.transferId },
    });
  }
  return { status: 'settled' as const, transactionId: outcome.transferId };
}

/** resendTransactionCode: a new SMS or e-mailed code (the old one stops working) or a new phone request. */
export async function resendTransactionCode(
  deps: TransferDeps,
  actor: Actor,
  input: { operationId?: string | undefined },
) {
  // The second factor is the customer's own confirmation: staff acting for them cannot give it.
  refuseStaffMoneyMovement(actor);
  if (!input.operationId) throw missingOperation();
  const operationId = input.operationId;
  return deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, operationId, actor.userId);
    if (row.status !== 'pending') throw rejectedError();
    if (row.expiresAt <= new Date()) throw expiredError();
    if (row.approveType === 3)
      throw AppError.invalid(
        { operationId: 'validation.nothingToResend' },
        'One-time codes come from your authenticator app',
      );
    if (row.resends >= MAX_CODE_RESENDS)
      throw AppError.invalid(
        { operationId: 'validation.tooManyCodes' },
        'Too many codes were sent for this transfer',
      );
    const [transfer] = await tx
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, row.transferId));
    if (!transfer) throw AppError.notFound('Operation not found');
    const plan = await confirmationPlan(tx, actor.userId, actor.ownCustomerId);
    const details = transfer.details;
    // A confirmation covering more than its transfer (a mass batch, issue 17) keeps what it names.
    const covers = details.confirmationCovers as { amount?: unknown; payee?: unknown } | undefined;
    const amount =
      typeof covers?.amount === 'string'
        ? covers.amount
        : `${moneyText(new Money(transfer.amount).plus(transfer.fee))} ${transfer.currencyCode}`;
    // The payee as the first request named it (external transfers keep it); else rebuilt from the details.
    const payee =
      typeof covers?.payee === 'string'
        ? covers.payee
        : typeof details.payeeText === 'string'
          ? details.payeeText
          : typeof details.email === 'string'
            ? `${String(details.name ?? '')} (${details.email})`
            : `#${String(details.toAccount)}`;
    const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
    const values = { amount, payee, brand: plan.brandName, minutes: CONFIRMATION_TTL_MS / 60_000 };
    if (row.approveType === FACTOR.push) {
      await supersedePushRequest(tx, row.deviceRequestKey);
      const key = await pushRequest(tx, {
        userId: actor.userId,
        lang: actor.lang,
        values,
        expiresAt,
        fee: `${moneyText(transfer.fee)} ${transfer.currencyCode}`,
      });
      await tx
        .update(transactionConfirmations)
        .set({ deviceRequestKey: key, expiresAt, resends: row.resends + 1 })
        .where(eq(transactionConfirmations.id, row.id));
      return { sent: true, approvalSentTo: null };
    }
    const code = sixDigitCode();
    await sendCode(tx, deps, {
      approveType: row.approveType,
      plan,
      userId: actor.userId,
      lang: actor.lang,
      values: { ...values, code },
    });
    await tx
      .update(transactionConfirmations)
      .set({ codeHash: codeHash(row.id, row.binding, code), expiresAt, resends: row.resends + 1 })
      .where(eq(transactionConfirmations.id, row.id));
    return {
      sent: true,
      approvalSentTo: sentToOf({
        approveType: row.approveType,
        smsPhone: plan.smsPhone,
        email: plan.email,
      }),
    };
  });
}

/** The phone decided a 'transaction' device request (flows.ts, inside its transaction). */
export const decideTransactionRequest: DeviceRequestHook = async (tx, request, approved) => {
  const [row] = await (tx as Tx)
    .select()
    .from(transactionConfirmations)
    .where(
      and(
        eq(transactionConfirmations.deviceRequestKey, request.id),
        eq(transactionConfirmations.status, 'pending'),
      ),
    )
    .for('update');
  if (!row) return [];
  return approved
    ? settle(tx as Tx, row, request.userId)
    : reject(tx as Tx, row, 'rejected', 'declined');
};

/** Rejects every pending confirmation whose time ran out; answers the events to publish. */
export async function expireConfirmations(
  db: Database,
  now: Date,
  limit = 100,
): Promise<Published> {
  const events: Published = [];
  for (let index = 0; index < limit; index += 1) {
    const batch = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(transactionConfirmations)
        .where(
          and(
            eq(transactionConfirmations.status, 'pending'),
            lte(transactionConfirmations.expiresAt, now),
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      return reject(tx, row, 'expired', 'expired');
    });
    if (batch === null) break;
    events.push(...batch);
  }
  return events;
}
