import { and, count, eq, gte, ilike, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  PREAPPROVALS_PAGE_SIZE,
  type PreapprovalFrequency,
  type PreapprovalListRequest,
} from '@ledgerline/contract';
import {
  ACCESS_LEVELS,
  ACCOUNT_STATUS,
  ACCOUNT_TYPES,
  RESPONSE_CODES,
  isBusinessCustomerType,
} from '@ledgerline/domain';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { accounts, customers, preapprovals, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import type { DeviceRequestHook } from '../auth';
import { refuseStaffMoneyMovement } from '../customers';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import type { Mailer } from '../notifications';
import {
  FACTOR,
  confirmationPlan,
  createPushRequest,
  judgeFactor,
  sendFactorCode,
  sentToOf,
  sixDigitCode,
  supersedePushRequest,
} from '../security';
import { enqueueWebhookEvent } from '../webhooks';
import { preapprovalMessage } from './messages';
import { utcDay } from './periods';
import { customerView, loadPreapprovals, type PreapprovalRow } from './views';
import { brandIdOf } from '../customers';

/*
 * The customer's side of pre-approved payments (issue 18): create one for a merchant of the same
 * brand (confirmed with the customer's transfer second factor, security's step-up), list them
 * with the spec's filters, cancel one at once. Only the customer's own rows are ever found.
 */

const CONFIRMATION_TTL_MS = 5 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

/** The code's hash binds it to this approval and to what it allows (payee, cap, frequency). */
function codeHash(
  row: Pick<
    PreapprovalRow,
    'id' | 'merchantAccountId' | 'amountCap' | 'currencyCode' | 'frequency'
  >,
  code: string,
) {
  return sha256(
    `preapproval:${row.id}:${row.merchantAccountId}:${moneyText(row.amountCap)}:${row.currencyCode}:${row.frequency}:${code}`,
  );
}

/** A standing permission to take money is the full-access user's to give or end (decision 94). */
function requireFullAccess(actor: Actor): void {
  if (actor.accessLevel !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a full-access user may manage pre-approved payments');
}

/** "Not found" (404, as another customer's object is), naming the field for the form. */
function notFoundOn(field: string, description: string): AppError {
  return new AppError(RESPONSE_CODES.noAccess, description, {
    httpStatus: 404,
    validationErrors: {
      [field]: `validation.${field === 'fromAccount' ? 'accountNotFound' : 'merchantNotFound'}`,
    },
  });
}

const notFound = () => AppError.notFound('No such pre-approved payment');

/** A business of the payer's brand, other than the payer, that a user's e-mail belongs to. */
async function merchantByEmail(db: DbOrTx, payerCustomerId: number, email: string) {
  const payerBrand = await brandIdOf(db, payerCustomerId);
  if (payerBrand === null) return null;
  const rows = await db
    .select({ customerId: customers.id, customerType: customers.customerType })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(customers.brandId, payerBrand),
        ne(customers.id, payerCustomerId),
      ),
    );
  const found = rows[0];
  return found && isBusinessCustomerType(found.customerType) ? found : null;
}

/** The acting customer's open payment account, or not found. */
async function ownPaymentAccount(db: DbOrTx, customerId: number, accountId: number) {
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.customerId, customerId),
        eq(accounts.type, ACCOUNT_TYPES.payment),
        ne(accounts.accountStatusId, ACCOUNT_STATUS.closed),
      ),
    );
  return account ?? null;
}

/** The merchant's open payment account in the currency (its oldest), where pulls arrive. */
async function merchantAccountIn(db: DbOrTx, merchantCustomerId: number, currencyCode: string) {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, merchantCustomerId),
        eq(accounts.currencyCode, currencyCode),
        eq(accounts.type, ACCOUNT_TYPES.payment),
        ne(accounts.accountStatusId, ACCOUNT_STATUS.closed),
      ),
    )
    .orderBy(accounts.id)
    .limit(1);
  return account ?? null;
}

async function loadOne(db: DbOrTx, id: number) {
  const [loaded] = await loadPreapprovals(db, and(eq(preapprovals.id, id)));
  if (!loaded) throw notFound();
  return loaded;
}

export interface CreateInput {
  beneficiaryEmail: string;
  fromAccount: number;
  amount: string;
  frequency: PreapprovalFrequency;
  endDate?: string | undefined;
  totalAmount?: string | undefined;
}

/** createPreapprovedPayment: checks, stores it pending (or active in mode 0) and sends the factor. */
export async function createPreapproval(
  deps: { db: Database; mailer: Mailer },
  actor: Actor,
  input: CreateInput,
) {
  // The second factor is the customer's own: staff acting for them cannot give it.
  refuseStaffMoneyMovement(actor);
  requireFullAccess(actor);
  const merchant = await merchantByEmail(deps.db, actor.customerId, input.beneficiaryEmail);
  if (!merchant) throw notFoundOn('beneficiaryEmail', 'No merchant with this e-mail');
  const account = await ownPaymentAccount(deps.db, actor.customerId, input.fromAccount);
  if (!account) throw notFoundOn('fromAccount', 'No such account');
  requireMinorUnits(input.amount, account.currencyCode, 'amount');
  if (input.totalAmount !== undefined) {
    requireMinorUnits(input.totalAmount, account.currencyCode, 'totalAmount');
    if (new Money(input.totalAmount).lessThan(input.amount))
      throw AppError.invalid(
        { totalAmount: 'validation.totalBelowAmount' },
        'The total cannot be less than one payment',
      );
  }
  if (input.endDate !== undefined && input.endDate < utcDay(new Date()))
    throw AppError.invalid({ endDate: 'validation.endDateInPast' }, 'The end date has passed');
  const toAccount = await merchantAccountIn(deps.db, merchant.customerId, account.currencyCode);
  if (!toAccount)
    throw AppError.invalid(
      { fromAccount: 'validation.merchantCurrency' },
      'This merchant cannot receive payments in this currency',
    );

  const { id, plan } = await deps.db.transaction(async (tx) => {
    const plan = await confirmationPlan(tx, actor.userId, actor.ownCustomerId);
    const immediate = plan.approveType === FACTOR.none;
    const [row] = await tx
      .insert(preapprovals)
      .values({
        payerCustomerId: actor.customerId,
        payerUserId: actor.userId,
        payerAccountId: account.id,
        merchantCustomerId: merchant.customerId,
        merchantAccountId: toAccount.id,
        merchantEmail: input.beneficiaryEmail.trim().toLowerCase(),
        currencyCode: account.currencyCode,
        amountCap: input.amount,
        totalCap: input.totalAmount ?? null,
        frequency: input.frequency,
        endDate: input.endDate ?? null,
        status: immediate ? 'active' : 'pending',
        approveType: plan.approveType,
        confirmExpiresAt: immediate ? null : new Date(Date.now() + CONFIRMATION_TTL_MS),
      })
      .returning();
    const created = row!;
    const [merchantRow] = await tx
      .select({ name: customers.businessName })
      .from(customers)
      .where(eq(customers.id, merchant.customerId));
    const values = {
      amount: `${moneyText(input.amount)} ${account.currencyCode}`,
      payee: merchantRow?.name ?? created.merchantEmail,
      frequency: preapprovalMessage(input.frequency, actor.lang),
      brand: plan.brandName,
      minutes: CONFIRMATION_TTL_MS / 60_000,
    };
    if (plan.approveType === FACTOR.sms || plan.approveType === FACTOR.email) {
      const code = sixDigitCode();
      await sendFactorCode(tx, deps.mailer, {
        approveType: plan.approveType,
        plan,
        userId: actor.userId,
        sms: preapprovalMessage('smsCode', actor.lang, { ...values, code }),
        emailSubject: preapprovalMessage('emailSubject', actor.lang, values),
        emailBody: preapprovalMessage('emailBody', actor.lang, { ...values, code }),
      });
      await tx
        .update(preapprovals)
        .set({ codeHash: codeHash(created, code) })
        .where(eq(preapprovals.id, created.id));
    } else if (plan.approveType === FACTOR.push) {
      const key = await createPushRequest(tx, {
        userId: actor.userId,
        kind: 'preapproval',
        title: preapprovalMessage('pushTitle', actor.lang, values),
        details: { amount: values.amount, payee: values.payee, frequency: values.frequency },
        expiresAt: created.confirmExpiresAt!,
      });
      await tx
        .update(preapprovals)
        .set({ deviceRequestKey: key })
        .where(eq(preapprovals.id, created.id));
    }
    await audit(tx, {
      action: 'preapproval.created',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { preapprovalId: created.id, merchantCustomerId: merchant.customerId },
    });
    if (immediate) await subscriptionEvent(tx, created, 'active', 'payer');
    return { id: created.id, plan };
  });
  return {
    preapproval: customerView(await loadOne(deps.db, id)),
    approveType: plan.approveType,
    approvalSentTo: sentToOf(plan),
  };
}

/** The merchant hears of a subscription starting or ending (webhook subscription.changed). */
export async function subscriptionEvent(
  tx: Tx,
  row: PreapprovalRow,
  status: 'active' | 'cancelled',
  by: 'payer' | 'merchant',
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    customerId: row.merchantCustomerId,
    type: 'subscription.changed',
    data: {
      subscriptionId: row.id,
      status,
      changedBy: by,
      frequency: row.frequency,
      amount: moneyText(row.amountCap),
      currency: row.currencyCode,
    },
  });
}

async function lockOwn(tx: Tx, actor: Actor, id: number): Promise<PreapprovalRow> {
  const [row] = await tx
    .select()
    .from(preapprovals)
    .where(
      and(
        eq(preapprovals.id, id),
        eq(preapprovals.payerCustomerId, actor.customerId),
        eq(preapprovals.payerUserId, actor.userId),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

const rejectedError = () =>
  AppError.invalid(
    { id: 'validation.preapprovalRejected' },
    'This pre-approved payment was not confirmed',
  );

type Outcome = { kind: 'done' } | { kind: 'pending' } | { kind: 'error'; error: AppError };

/** confirmPreapprovedPayment: the code (or the phone's decision) activates it; wrong codes count. */
export async function confirmPreapproval(
  db: Database,
  actor: Actor,
  input: { id: number; code?: string | undefined },
) {
  refuseStaffMoneyMovement(actor);
  const now = new Date();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockOwn(tx, actor, input.id);
    if (row.status === 'active' || row.status === 'completed') return { kind: 'done' };
    if (row.status !== 'pending') return { kind: 'error', error: rejectedError() };
    const reject = async (reason: string) => {
      await tx.update(preapprovals).set({ status: 'rejected' }).where(eq(preapprovals.id, row.id));
      await supersedePushRequest(tx, row.deviceRequestKey);
      await audit(tx, {
        action: 'preapproval.rejected',
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: { preapprovalId: row.id, reason },
      });
    };
    if (row.confirmExpiresAt !== null && row.confirmExpiresAt <= now) {
      await reject('expired');
      return {
        kind: 'error',
        error: AppError.invalid({ code: 'validation.codeExpired' }, 'The confirmation has expired'),
      };
    }
    const verdict = await judgeFactor(tx, row, {
      userId: actor.userId,
      code: input.code,
      now,
      hashOf: (code) => codeHash(row, code),
      maxAttempts: MAX_CODE_ATTEMPTS,
    });
    if (verdict.kind === 'pending') return { kind: 'pending' };
    if (verdict.kind === 'declined') {
      await reject('declined');
      return { kind: 'error', error: rejectedError() };
    }
    if (verdict.kind === 'missingCode')
      return {
        kind: 'error',
        error: AppError.invalid({ code: 'validation.required' }, 'Enter the code'),
      };
    if (verdict.kind === 'wrong') {
      await tx
        .update(preapprovals)
        .set({ attempts: verdict.attempts })
        .where(eq(preapprovals.id, row.id));
      if (verdict.exhausted) {
        await reject('tooManyAttempts');
        return {
          kind: 'error',
          error: AppError.invalid({ code: 'validation.codeExpired' }, 'Too many wrong codes'),
        };
      }
      return {
        kind: 'error',
        error: AppError.invalid(
          { code: 'validation.codeWrong' },
          `The code is not correct (${verdict.triesLeft} tries left)`,
        ),
      };
    }
    await activate(tx, row, actor.userId);
    return { kind: 'done' };
  });
  if (outcome.kind === 'error') throw outcome.error;
  if (outcome.kind === 'pending')
    throw new AppError(RESPONSE_CODES.verifyError, 'Waiting for approval in the phone app', {
      httpStatus: 409,
      extra: { reason: 'pending' },
    });
  return { preapproval: customerView(await loadOne(db, input.id)) };
}

async function activate(tx: Tx, row: PreapprovalRow, userId: number): Promise<void> {
  await tx
    .update(preapprovals)
    .set({ status: 'active', codeHash: null })
    .where(eq(preapprovals.id, row.id));
  await audit(tx, {
    action: 'preapproval.confirmed',
    userId,
    customerId: row.payerCustomerId,
    details: { preapprovalId: row.id, approveType: row.approveType },
  });
  await subscriptionEvent(tx, row, 'active', 'payer');
}

/** The phone decided a 'preapproval' device request (auth's flows, inside its transaction). */
export const decidePreapprovalRequest: DeviceRequestHook = async (db, request, approved) => {
  const tx = db as Tx;
  const [row] = await tx
    .select()
    .from(preapprovals)
    .where(and(eq(preapprovals.deviceRequestKey, request.id), eq(preapprovals.status, 'pending')))
    .for('update');
  if (!row) return [];
  if (approved) await activate(tx, row, request.userId);
  else await tx.update(preapprovals).set({ status: 'rejected' }).where(eq(preapprovals.id, row.id));
  return [];
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** getPreapprovedPayments: the customer's own, newest first, filtered and paged. */
export async function listPreapprovals(db: Database, actor: Actor, input: PreapprovalListRequest) {
  const filters: SQL[] = [eq(preapprovals.payerCustomerId, actor.customerId)];
  if (input.beneficiaryEmail)
    filters.push(ilike(preapprovals.merchantEmail, `%${escapeLike(input.beneficiaryEmail)}%`));
  if (input.type) filters.push(eq(preapprovals.frequency, input.type));
  if (input.fromAmount) filters.push(gte(preapprovals.amountCap, input.fromAmount));
  if (input.toAmount) filters.push(lte(preapprovals.amountCap, input.toAmount));
  const where = and(...filters);
  const pageNumber = input.pageNumber ?? 1;
  const [counted] = await db.select({ total: count() }).from(preapprovals).where(where);
  const rows = await loadPreapprovals(db, where, {
    limit: PREAPPROVALS_PAGE_SIZE,
    offset: (pageNumber - 1) * PREAPPROVALS_PAGE_SIZE,
  });
  const now = new Date();
  return {
    preapprovals: rows.map((loaded) => customerView(loaded, now)),
    pageSize: PREAPPROVALS_PAGE_SIZE,
    pageNumber,
    total: counted?.total ?? 0,
  };
}

/** cancelPreapprovedPayment: at once and for good; a second cancel answers the same. */
export async function cancelPreapproval(db: Database, actor: Actor, id: number) {
  requireFullAccess(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(preapprovals)
      .where(and(eq(preapprovals.id, id), eq(preapprovals.payerCustomerId, actor.customerId)))
      .for('update');
    if (!row) throw notFound();
    await cancelLocked(tx, row, 'payer', actor);
  });
  return { preapproval: customerView(await loadOne(db, id)) };
}

/** Cancels a locked row that can still be pulled or confirmed; anything else stays as it is. */
export async function cancelLocked(
  tx: Tx,
  row: PreapprovalRow,
  by: 'payer' | 'merchant',
  actor: Actor,
): Promise<void> {
  if (row.status !== 'active' && row.status !== 'pending') return;
  await tx
    .update(preapprovals)
    .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: by })
    .where(eq(preapprovals.id, row.id));
  await supersedePushRequest(tx, row.deviceRequestKey);
  await audit(tx, {
    action: 'preapproval.cancelled',
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: { preapprovalId: row.id, by },
  });
  if (row.status === 'active') await subscriptionEvent(tx, row, 'cancelled', by);
}
