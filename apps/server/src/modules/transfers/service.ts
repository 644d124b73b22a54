import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { RealtimeEvent, SubmitResult, TransferOperation } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import { BRANDS, isBrandId } from '@ledgerline/domain/brands';
import type { Language } from '@ledgerline/domain/languages';
import type { Database, DbOrTx, Tx } from '../../db/client';
import {
  accounts,
  customerAccess,
  customers,
  deviceRequests,
  ledgerTransfers,
  payoutBlacklist,
  transactionConfirmations,
  transferLimits,
  users,
} from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../main-api/types';
import { actingAccessLevel } from '../accounts/access';
import {
  ACCOUNT_STATUS,
  ACCOUNT_TYPE,
  findCustomerAccount,
  type AccountRow,
} from '../accounts/service';
import { audit } from '../audit/audit';
import { devicesOf, settingsOf } from '../auth/devices';
import { maskPhoneNumber } from '../auth/phone';
import { postTransfer, systemAccount, type PostingInput } from '../ledger/ledger';
import { Money, moneyText, requireMinorUnits } from '../ledger/money';
import type { Mailer } from '../notifications/mailer';
import type { RealtimeHub } from '../realtime/hub';
import { transferExchangeRate } from '../rates/rates';
import { maskEmail } from '../security/shared';
import {
  EXTERNAL_TRANSFER_TYPES,
  externalPermissionFlag,
  type ExternalTransferType,
} from '@ledgerline/domain/external-transfers';
import { isExternalKind, quoteExternal, type ExternalRequest } from './external';
import { feeFor, loadFeeRule, roundToCurrency } from './fees';
import { transferMessage } from './messages';
import { requireTransferPermission } from './permissions';

/*
 * Money movement inside the bank (issue 5): quotes (fee, rate, amounts), limits, the transfer
 * itself through the ledger, and the start of its second factor. Every transfer of a customer
 * runs under a lock of the customer row (limits are per customer, so two transfers must not both
 * pass the same remaining limit), then the ledger locks the accounts (DESIGN.md "The ledger").
 * Lock order: approval request or confirmation row → customer row → transfer row → account rows.
 */

export const CONFIRMATION_TTL_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODE_RESENDS = 3;
/** Every ledger kind a customer's transfer is recorded as (limits count them all). */
export const TRANSFER_KINDS: readonly string[] = [
  'betweenAccounts',
  'p2p',
  ...EXTERNAL_TRANSFER_TYPES,
];
const TRANSFERABLE_TYPES = new Set<number>([
  ACCOUNT_TYPE.payment,
  ACCOUNT_TYPE.prepaidFunding,
  ACCOUNT_TYPE.receiving,
]);
export const REJECTED_MESSAGE = 'Transaction was rejected.';

export interface TransferActor {
  userId: number;
  /** The customer the transfer is made for (the acting customer). */
  customerId: number;
  /** The user's own customer (whose second-factor mode applies). */
  ownCustomerId: number;
  ip: string;
  lang: Language;
}

export interface TransferDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
}

export interface BetweenAccountsInput {
  fromAccount: number;
  toAccount: number;
  toAmount: string;
  currency?: string | undefined;
}

export interface P2PInput {
  fromAccount: number;
  email: string;
  amount: string;
  description?: string | undefined;
}

export type TransferRequest =
  | ({ kind: 'betweenAccounts' } & BetweenAccountsInput)
  | ({ kind: 'p2p' } & P2PInput)
  | ExternalRequest;

/** What a transfer would do: amounts in both currencies, the fee, the rate and who is paid. */
export interface Quote {
  kind: TransferOperation | ExternalTransferType;
  from: AccountRow;
  to: AccountRow;
  /** Leaves `from` (without the fee), in its currency. */
  sourceAmount: Money;
  /** Reaches `to`, in its currency. */
  toAmount: Money;
  fee: Money;
  /** Units of the target currency per one source unit, as recorded. */
  rate: string;
  /** How the customer's second factor names the payee. */
  payeeText: string;
  /** The payee, bound into the confirmation (PSD2 dynamic linking). */
  payeeKey: string;
  details: Record<string, unknown>;
}

function callerOf(actor: Pick<TransferActor, 'userId' | 'ownCustomerId'>): Caller {
  return { userId: actor.userId, customerId: actor.ownCustomerId, sessionId: '' };
}

/** The acting user's access level for the customer: full access (2) transfers, initiate (3) asks for approval, others may not. */
export async function transferAccessLevel(
  db: DbOrTx,
  actor: Pick<TransferActor, 'userId' | 'ownCustomerId' | 'customerId'>,
): Promise<number> {
  const level = await actingAccessLevel(db, {
    caller: callerOf(actor),
    customerId: actor.customerId,
  });
  if (level !== ACCESS_LEVELS.fullAccess && level !== ACCESS_LEVELS.initiate)
    throw AppError.noAccess('You may not make transfers for this customer');
  return level;
}

/** The permission flag of a transfer kind; an external one by whom it pays (the customer themself, or someone else). */
export function permissionFor(kind: string, toOwnAccount = false): string {
  if (isExternalKind(kind)) return externalPermissionFlag(kind, toOwnAccount);
  return kind === 'betweenAccounts' ? 'ownAccount.betweenAccounts' : 'otherPerson.p2p';
}

/** Access level and the permission flag of the transfer type; answers the level. */
export async function requireTransferRights(
  db: DbOrTx,
  actor: TransferActor,
  kind: string,
  toOwnAccount = false,
): Promise<number> {
  const level = await transferAccessLevel(db, actor);
  await requireTransferPermission(
    db,
    actor.userId,
    actor.customerId,
    level,
    permissionFor(kind, toOwnAccount),
  );
  return level;
}

async function brandOfCustomer(db: DbOrTx, customerId: number): Promise<string> {
  const [row] = await db
    .select({ brandId: customers.brandId })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw AppError.notFound('Customer not found');
  return row.brandId;
}

export function usableAccount(row: AccountRow, field: string): void {
  if (row.type === ACCOUNT_TYPE.closed || row.accountStatusId === ACCOUNT_STATUS.closed) {
    throw AppError.invalid({ [field]: 'validation.accountClosed' }, 'The account is closed');
  }
  if (!TRANSFERABLE_TYPES.has(row.type))
    throw AppError.invalid(
      { [field]: 'validation.accountNotTransferable' },
      'Money cannot be moved from or to this account here',
    );
}

async function rateBetween(db: DbOrTx, from: string, to: string): Promise<string> {
  return (await transferExchangeRate(db, from, to)).rate;
}

/** "Anna N." for a person, the business name for a company. */
export function maskedName(
  customer: Pick<
    typeof customers.$inferSelect,
    'firstName' | 'lastName' | 'businessName' | 'customerType'
  >,
): string {
  if (customer.customerType !== 0 && customer.businessName) return customer.businessName;
  const first = customer.firstName?.trim() ?? '';
  const last = customer.lastName?.trim() ?? '';
  return (
    [first, last ? `${last.slice(0, 1)}.` : ''].filter(Boolean).join(' ') ||
    (customer.businessName ?? '')
  );
}

export interface PayeeCheck {
  status: 0 | 1 | 3;
  name: string | null;
  canReceive: boolean;
  /** Why not, as an i18n key. */
  reason: string | null;
  customerId: number | null;
}

/**
 * Who an e-mail belongs to for P2P (spec 2 §5 statuses: 0 nobody, 1 a customer, 3 an authorised
 * user — access right 5). Money goes only to another active customer of the same brand, with an
 * open payment account, and not on the payer's payout blacklist. Another brand is another
 * licensed bank (that is an external payment): its customers are "nobody" here, answered exactly
 * like an unknown e-mail, so a lookup never tells who banks elsewhere (issue 12).
 */
export async function checkPayee(
  db: DbOrTx,
  payerCustomerId: number,
  email: string,
): Promise<PayeeCheck> {
  const lower = email.trim().toLowerCase();
  const [payer] = await db
    .select({ brandId: customers.brandId })
    .from(customers)
    .where(eq(customers.id, payerCustomerId));
  const [row] = payer
    ? await db
        .select({ user: users, customer: customers })
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customerId))
        .where(and(sql`lower(${users.email}) = ${lower}`, eq(customers.brandId, payer.brandId)))
    : [];
  if (!row)
    return {
      status: 0,
      name: null,
      canReceive: false,
      reason: 'validation.payeeNotFound',
      customerId: null,
    };
  const [employee] = await db
    .select({ id: customerAccess.id })
    .from(customerAccess)
    .where(
      and(
        eq(customerAccess.userId, row.user.id),
        eq(customerAccess.accessRight, ACCESS_LEVELS.uploading),
      ),
    )
    .limit(1);
  const status = employee ? 3 : 1;
  const name = maskedName(row.customer);
  const refuse = (reason: string): PayeeCheck => ({
    status,
    name,
    canReceive: false,
    reason,
    customerId: row.customer.id,
  });
  if (row.customer.id === payerCustomerId) return refuse('validation.payeeSelf');
  if (row.user.disabled || row.user.status !== 'active')
    return refuse('validation.payeeCannotReceive');
  const [blocked] = await db
    .select({ id: payoutBlacklist.id })
    .from(payoutBlacklist)
    .where(
      and(
        eq(payoutBlacklist.customerId, payerCustomerId),
        eq(payoutBlacklist.email, lower),
        inArray(payoutBlacklist.blockType, ['p2p', 'all']),
      ),
    );
  if (blocked) return refuse('validation.payeeBlacklisted');
  const [open] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, row.customer.id),
        eq(accounts.type, ACCOUNT_TYPE.payment),
        eq(accounts.accountStatusId, ACCOUNT_STATUS.active),
      ),
    )
    .limit(1);
  if (!open) return refuse('validation.payeeCannotReceive');
  return { status, name, canReceive: true, reason: null, customerId: row.customer.id };
}

/** The fee of a transfer of `sourceAmount` from an account, by the brand's rules. */
async function feeOf(
  db: DbOrTx,
  brandId: string,
  operation: string,
  sourceAmount: Money,
  currencyCode: string,
): Promise<Money> {
  return feeFor(
    await loadFeeRule(db, brandId, operation, currencyCode),
    sourceAmount,
    currencyCode,
  );
}

export function feeOperation(
  kind: TransferOperation,
  fromCurrency: string,
  toCurrency: string,
): string {
  if (kind === 'p2p') return 'p2p';
  return fromCurrency === toCurrency ? 'betweenAccounts' : 'betweenAccountsFx';
}

/** Both own accounts of a transfer between accounts, checked. */
export async function ownAccountPair(
  db: DbOrTx,
  customerId: number,
  fromId: number,
  toId: number,
): Promise<{ from: AccountRow; to: AccountRow }> {
  if (fromId === toId)
    throw AppError.invalid(
      { toAccount: 'validation.sameAccount' },
      'Choose two different accounts',
    );
  const from = await findCustomerAccount(db, customerId, fromId);
  const to = await findCustomerAccount(db, customerId, toId);
  usableAccount(from, 'fromAccount');
  usableAccount(to, 'toAccount');
  return { from, to };
}

/** The source amount of a toAmount: converted at the rate and rounded to the source currency. */
export function sourceAmountFor(toAmount: Money, rate: string, from: string, to: string): Money {
  return from === to ? toAmount : roundToCurrency(toAmount.dividedBy(rate), from);
}

function tooSmall(field: string): AppError {
  return AppError.invalid(
    { [field]: 'validation.amountTooSmall' },
    'The amount is too small to convert',
  );
}

export async function quoteBetweenAccounts(
  db: DbOrTx,
  customerId: number,
  input: BetweenAccountsInput,
): Promise<Quote> {
  const { from, to } = await ownAccountPair(db, customerId, input.fromAccount, input.toAccount);
  if (input.currency !== undefined && input.currency !== to.currencyCode) {
    throw AppError.invalid(
      { currency: 'validation.currencyMismatch' },
      'The currency must be the target account’s',
    );
  }
  requireMinorUnits(input.toAmount, to.currencyCode, 'toAmount');
  const toAmount = new Money(input.toAmount);
  const rate = await rateBetween(db, from.currencyCode, to.currencyCode);
  const sourceAmount = sourceAmountFor(toAmount, rate, from.currencyCode, to.currencyCode);
  if (sourceAmount.isZero()) throw tooSmall('toAmount');
  const brandId = await brandOfCustomer(db, customerId);
  const fee = await feeOf(
    db,
    brandId,
    feeOperation('betweenAccounts', from.currencyCode, to.currencyCode),
    sourceAmount,
    from.currencyCode,
  );
  return {
    kind: 'betweenAccounts',
    from,
    to,
    sourceAmount,
    toAmount,
    fee,
    rate,
    payeeText: `${to.name ?? `${to.currencyCode} account`} #${to.id}`,
    payeeKey: `account:${to.id}`,
    details: {
      fromAccount: from.id,
      toAccount: to.id,
      toAmount: moneyText(toAmount),
      toCurrency: to.currencyCode,
      rate,
      fee: moneyText(fee),
      email: null,
      name: null,
      description: null,
    },
  };
}

export async function quoteP2P(db: DbOrTx, customerId: number, input: P2PInput): Promise<Quote> {
  const from = await findCustomerAccount(db, customerId, input.fromAccount);
  usableAccount(from, 'fromAccount');
  requireMinorUnits(input.amount, from.currencyCode, 'amount');
  const payee = await checkPayee(db, customerId, input.email);
  if (!payee.canReceive || payee.customerId === null)
    throw AppError.invalid(
      { email: payee.reason ?? 'validation.payeeCannotReceive' },
      'This person cannot receive money from you',
    );
  // Their payment account in the same currency, else their oldest open one (converted at the recorded rate).
  const [to] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, payee.customerId),
        eq(accounts.type, ACCOUNT_TYPE.payment),
        eq(accounts.accountStatusId, ACCOUNT_STATUS.active),
      ),
    )
    .orderBy(sql`${accounts.currencyCode} <> ${from.currencyCode}`, asc(accounts.id))
    .limit(1);
  if (!to)
    throw AppError.invalid(
      { email: 'validation.payeeCannotReceive' },
      'This person cannot receive money',
    );
  const sourceAmount = new Money(input.amount);
  const rate = await rateBetween(db, from.currencyCode, to.currencyCode);
  const toAmount =
    from.currencyCode === to.currencyCode
      ? sourceAmount
      : roundToCurrency(sourceAmount.times(rate), to.currencyCode);
  if (toAmount.isZero()) throw tooSmall('amount');
  const brandId = await brandOfCustomer(db, customerId);
  const fee = await feeOf(db, brandId, 'p2p', sourceAmount, from.currencyCode);
  const email = input.email.trim().toLowerCase();
  return {
    kind: 'p2p',
    from,
    to,
    sourceAmount,
    toAmount,
    fee,
    rate,
    payeeText: `${payee.name ?? ''} (${email})`,
    payeeKey: `email:${email}`,
    details: {
      fromAccount: from.id,
      toAccount: null,
      toAmount: moneyText(toAmount),
      toCurrency: to.currencyCode,
      rate,
      fee: moneyText(fee),
      email,
      name: payee.name,
      description: input.description ?? null,
      payeeCustomerId: payee.customerId,
      payeeAccountId: to.id,
    },
  };
}

export async function quoteOf(
  db: DbOrTx,
  customerId: number,
  request: TransferRequest,
): Promise<Quote> {
  if (request.kind === 'betweenAccounts') return quoteBetweenAccounts(db, customerId, request);
  if (request.kind === 'p2p') return quoteP2P(db, customerId, request);
  return quoteExternal(db, customerId, request);
}

/** The legs of a quote: the fee to fee revenue, a currency change through the FX accounts. */
async function postingsOf(tx: Tx, quote: Quote): Promise<PostingInput[]> {
  const source = quote.from.currencyCode;
  const target = quote.to.currencyCode;
  const legs: PostingInput[] = [
    { accountId: quote.from.id, amount: quote.sourceAmount.plus(quote.fee).negated().toFixed() },
  ];
  if (quote.fee.greaterThan(0))
    legs.push({
      accountId: (await systemAccount(tx, 'feeRevenue', source)).id,
      amount: quote.fee.toFixed(),
    });
  if (source === target) {
    legs.push({ accountId: quote.to.id, amount: quote.sourceAmount.toFixed() });
  } else {
    legs.push({
      accountId: (await systemAccount(tx, 'fx', source)).id,
      amount: quote.sourceAmount.toFixed(),
    });
    legs.push({
      accountId: (await systemAccount(tx, 'fx', target)).id,
      amount: quote.toAmount.negated().toFixed(),
    });
    legs.push({ accountId: quote.to.id, amount: quote.toAmount.toFixed() });
  }
  return legs;
}

export interface LimitState {
  period: 'single' | 'daily' | 'monthly';
  limit: Money;
  used: Money;
  remaining: Money;
  currency: string;
}

/** The customer's limits for accounts in a currency and what the current UTC day and month used. */
export async function limitStates(
  db: DbOrTx,
  customerId: number,
  currencyCode: string,
  now = new Date(),
): Promise<LimitState[]> {
  const rows = await db
    .select()
    .from(transferLimits)
    .where(
      and(eq(transferLimits.customerId, customerId), eq(transferLimits.currencyCode, currencyCode)),
    )
    .orderBy(asc(transferLimits.id));
  const order = { single: 0, daily: 1, monthly: 2 } as const;
  const out: LimitState[] = [];
  for (const row of rows) {
    const period = row.period as LimitState['period'];
    if (!(period in order)) continue;
    let used = new Money(0);
    if (period !== 'single') {
      const since =
        period === 'daily'
          ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
          : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [sum] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.customerId, customerId),
            eq(ledgerTransfers.currencyCode, currencyCode),
            inArray(ledgerTransfers.kind, [...TRANSFER_KINDS]),
            inArray(ledgerTransfers.status, ['pending', 'settled']),
            gte(ledgerTransfers.createdAt, since),
          ),
        );
      used = new Money(sum?.total ?? '0');
    }
    const limit = new Money(row.amount);
    const remaining = Money.max(limit.minus(used), 0);
    out.push({ period, limit, used, remaining, currency: currencyCode });
  }
  return out.sort((a, b) => order[a.period] - order[b.period]);
}

function checkLimits(states: LimitState[], amount: Money): void {
  for (const state of states) {
    if (amount.greaterThan(state.remaining)) {
      throw AppError.invalid(
        { amount: 'validation.limitExceeded' },
        `The amount is above your ${state.period} limit (${moneyText(state.remaining)} ${state.currency} left)`,
      );
    }
  }
}

/** What the customer may move from an account now: balance minus reservations minus its minimum. */
export function availableOf(account: AccountRow): Money {
  return Money.max(
    new Money(account.balance).minus(account.pendingAmount).minus(account.accountBalanceMin),
    0,
  );
}

function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function codeHash(operationId: string, binding: string, code: string): string {
  return sha256(`${operationId}:${binding}:${code}`);
}

/** The second factor a user confirms transactions with: the customer's mode if usable, else an e-mailed approval code. */
export async function confirmationPlan(db: DbOrTx, userId: number, ownCustomerId: number) {
  const [own] = await db
    .select({ mode: customers.transactionApproveMode, brandId: customers.brandId })
    .from(customers)
    .where(eq(customers.id, ownCustomerId));
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const settings = await settingsOf(db, userId);
  const devices = await devicesOf(db, userId, { approvedOnly: true });
  const available = [
    ...(devices.length > 0 ? [1] : []),
    ...(settings.smsPhone ? [2] : []),
    ...(settings.totpSecret ? [3] : []),
    4,
  ];
  const mode = own?.mode ?? 0;
  const approveType = mode === 0 ? 0 : available.includes(mode) ? mode : 4;
  const brand = BRANDS[own && isBrandId(own.brandId) ? own.brandId : 'pebble'];
  return {
    approveType,
    available: mode === 0 ? [0] : available,
    smsPhone: settings.smsPhone,
    email: user?.email ?? '',
    brandName: brand.projectName,
  };
}

type Plan = Awaited<ReturnType<typeof confirmationPlan>>;

/**
 * Starts the second factor of a pending transfer in tx: stores the confirmation and sends the
 * code (SMS, e-mail) or the phone-app request, each naming the amount and the payee.
 */
async function startConfirmation(
  tx: Tx,
  deps: Pick<TransferDeps, 'mailer'>,
  input: {
    operationId: string;
    transferId: string;
    actor: TransferActor;
    plan: Plan;
    quote: Quote;
  },
): Promise<void> {
  const { operationId, actor, plan, quote } = input;
  const amount = `${moneyText(quote.sourceAmount.plus(quote.fee))} ${quote.from.currencyCode}`;
  const binding = sha256(
    `${moneyText(quote.sourceAmount)}|${quote.from.currencyCode}|${moneyText(quote.fee)}|${quote.payeeKey}`,
  );
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const values = {
    amount,
    payee: quote.payeeText,
    brand: plan.brandName,
    minutes: CONFIRMATION_TTL_MS / 60_000,
  };
  let hash: string | null = null;
  let deviceRequestKey: string | null = null;
  if (plan.approveType === 2 || plan.approveType === 4) {
    const code = sixDigits();
    hash = codeHash(operationId, binding, code);
    await sendCode(tx, deps, {
      approveType: plan.approveType,
      plan,
      userId: actor.userId,
      lang: actor.lang,
      values: { ...values, code },
    });
  } else if (plan.approveType === 1) {
    deviceRequestKey = await pushRequest(tx, {
      userId: actor.userId,
      lang: actor.lang,
      values,
      expiresAt,
      fee: `${moneyText(quote.fee)} ${quote.from.currencyCode}`,
    });
  }
  await tx.insert(transactionConfirmations).values({
    id: operationId,
    transferId: input.transferId,
    customerId: actor.customerId,
    userId: actor.userId,
    approveType: plan.approveType,
    binding,
    codeHash: hash,
    deviceRequestKey,
    sentTo: sentToOf(plan),
    expiresAt,
  });
}

export function sentToOf(plan: Pick<Plan, 'approveType' | 'smsPhone' | 'email'>): string | null {
  if (plan.approveType === 2 && plan.smsPhone) return maskPhoneNumber(plan.smsPhone);
  if (plan.approveType === 4) return maskEmail(plan.email);
  return null;
}

export async function sendCode(
  tx: DbOrTx,
  deps: Pick<TransferDeps, 'mailer'>,
  input: {
    approveType: number;
    plan: Pick<Plan, 'smsPhone' | 'email'>;
    userId: number;
    lang: Language;
    values: Record<string, string | number>;
  },
): Promise<void> {
  if (input.approveType === 2 && input.plan.smsPhone) {
    await deps.mailer.enqueue(tx, {
      channel: 'sms',
      recipient: input.plan.smsPhone,
      body: transferMessage('smsCode', input.lang, input.values),
      userId: input.userId,
    });
  } else {
    await deps.mailer.enqueue(tx, {
      channel: 'email',
      recipient: input.plan.email,
      subject: transferMessage('emailSubject', input.lang, input.values),
      body: transferMessage('emailBody', input.lang, input.values),
      userId: input.userId,
    });
  }
}

/** A phone-app request (/dev/device plays the phone) showing the amount and the payee. */
export async function pushRequest(
  tx: DbOrTx,
  input: {
    userId: number;
    lang: Language;
    values: Record<string, string | number>;
    expiresAt: Date;
    fee: string;
  },
): Promise<string> {
  const key = randomUUID();
  await tx.insert(deviceRequests).values({
    id: key,
    userId: input.userId,
    kind: 'transaction',
    title: transferMessage('pushTitle', input.lang, input.values).slice(0, 256),
    details: {
      amount: String(input.values.amount),
      payee: String(input.values.payee),
      fee: input.fee,
    },
    expiresAt: input.expiresAt,
    pendingLoginId: null,
  });
  return key;
}

export interface ExecuteOptions {
  idempotencyKey: string;
  requestHash: string;
  /** Ask for the second factor (a customer's own submit); approvals and schedules settle at once. */
  confirm: boolean;
  approvedByUserId?: number | null;
  details?: Record<string, unknown>;
}

export interface Executed {
  result: SubmitResult;
  transferId: string;
  replayed: boolean;
  /** The customer accounts it touched (for AccountChanged once settled). */
  accountIds: number[];
}

/** The first answer of an idempotency key, kept with the transfer. */
function storedResult(details: Record<string, unknown>): SubmitResult {
  return details.submit as SubmitResult;
}

/**
 * Makes a transfer in the caller's transaction: customer lock, idempotency, quote, limits, the
 * ledger transfer (settled, or pending until its second factor) and the confirmation.
 */
export async function executeTransfer(
  tx: Tx,
  deps: Pick<TransferDeps, 'mailer'>,
  actor: TransferActor,
  request: TransferRequest,
  options: ExecuteOptions,
): Promise<Executed> {
  await tx.execute(
    sql`select id from ${customers} where ${customers.id} = ${actor.customerId} for update`,
  );
  const [earlier] = await tx
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.customerId, actor.customerId),
        eq(ledgerTransfers.idempotencyKey, options.idempotencyKey),
      ),
    );
  if (earlier) {
    if (earlier.requestHash !== options.requestHash) {
      throw AppError.invalid(
        { idempotencyKey: 'validation.idempotencyKeyReused' },
        'This idempotency key was already used for a different request',
      );
    }
    return {
      result: storedResult(earlier.details),
      transferId: earlier.id,
      replayed: true,
      accountIds: [],
    };
  }
  const quote = await quoteOf(tx, actor.customerId, request);
  checkLimits(await limitStates(tx, actor.customerId, quote.from.currencyCode), quote.sourceAmount);

  const plan = options.confirm
    ? await confirmationPlan(tx, actor.userId, actor.ownCustomerId)
    : { approveType: 0, available: [0], smsPhone: null, email: '', brandName: '' };
  const operationId = plan.approveType === 0 ? null : randomUUID();
  const pending = operationId !== null;
  const result: SubmitResult = {
    transactionId: '',
    operationId,
    approveType: plan.approveType,
    approvalSentTo: pending ? sentToOf(plan) : null,
    availableApprovalMethods: plan.available,
    fee: moneyText(quote.fee),
    status: pending ? 'pending' : 'settled',
  };
  const transfer = await postTransfer(tx, {
    kind: quote.kind,
    customerId: actor.customerId,
    initiatedByUserId: actor.userId,
    approvedByUserId: options.approvedByUserId ?? null,
    idempotencyKey: options.idempotencyKey,
    requestHash: options.requestHash,
    postings: await postingsOf(tx, quote),
    status: pending ? 'pending' : 'settled',
    amount: moneyText(quote.sourceAmount),
    currencyCode: quote.from.currencyCode,
    fee: moneyText(quote.fee),
    details: { ...quote.details, ...options.details, submit: result },
  });
  result.transactionId = transfer.id;
  await tx
    .update(ledgerTransfers)
    .set({ details: { ...transfer.details, submit: result } })
    .where(eq(ledgerTransfers.id, transfer.id));
  if (operationId !== null)
    await startConfirmation(tx, deps, { operationId, transferId: transfer.id, actor, plan, quote });
  await audit(tx, {
    action: `transfer.${quote.kind}`,
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: {
      transferId: transfer.id,
      amount: moneyText(quote.sourceAmount),
      currency: quote.from.currencyCode,
      fee: moneyText(quote.fee),
      status: transfer.status,
    },
  });
  return {
    result,
    transferId: transfer.id,
    replayed: false,
    accountIds: [quote.from.id, quote.to.id],
  };
}

/** The users who see a customer's money: its own users and those with access to it. */
export async function usersOfCustomer(db: DbOrTx, customerId: number): Promise<number[]> {
  const own = await db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  const granted = await db
    .select({ id: customerAccess.userId })
    .from(customerAccess)
    .where(and(eq(customerAccess.customerId, customerId), sql`${customerAccess.accessRight} > 0`));
  return [...new Set([...own, ...granted].map((row) => row.id))];
}

/** AccountChanged to everyone who sees the accounts a transfer touched (the payee's too). */
export async function accountEvents(
  db: DbOrTx,
  accountIds: number[],
): Promise<{ userId: number; event: RealtimeEvent }[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({ id: accounts.id, customerId: accounts.customerId })
    .from(accounts)
    .where(inArray(accounts.id, accountIds));
  const events: { userId: number; event: RealtimeEvent }[] = [];
  for (const row of rows) {
    if (row.customerId === null) continue;
    for (const userId of await usersOfCustomer(db, row.customerId))
      events.push({ userId, event: { type: 'AccountChanged', payload: { accountId: row.id } } });
  }
  return events;
}

export async function publishAll(
  realtime: RealtimeHub,
  events: { userId: number; event: RealtimeEvent }[],
): Promise<void> {
  for (const item of events) await realtime.publish(item.userId, item.event);
}

/** The latest transfers of the customer for the "recent" lists, newest first. */
export async function recentTransfers(
  db: DbOrTx,
  customerId: number,
  kind: string | undefined,
  limit: number,
) {
  return db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.customerId, customerId),
        kind ? eq(ledgerTransfers.kind, kind) : inArray(ledgerTransfers.kind, [...TRANSFER_KINDS]),
        // A returned external transfer (reversed) stays in the list, showing it came back.
        inArray(ledgerTransfers.status, ['pending', 'settled', 'reversed']),
      ),
    )
    .orderBy(desc(ledgerTransfers.createdAt))
    .limit(limit);
}
