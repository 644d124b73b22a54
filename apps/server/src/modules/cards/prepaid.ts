import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PrepaidCardLimits, PrepaidCardQuote, PrepaidDirection } from '@ledgerline/contract';
import { ACCESS_LEVELS, ACCOUNT_STATUS, ACCOUNT_TYPES, availableBalance } from '@ledgerline/domain';
import { sourceAmountFor } from '@ledgerline/domain/transfers';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers, postings } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { findCustomerAccount } from '../accounts';
import { requireBalanceAccess, requireTransferRights } from '../customers';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import { transferExchangeRate } from '../rates';
import {
  brandFee,
  roundToCurrency,
  submitQuotedTransfer,
  type Quote,
  type TransferDeps,
} from '../transfers';
import { loadOwnedCard, refuse, requireCardAction, type AccountRow } from './access';
import { findCardProduct, type PrepaidLimits, type PrepaidTerms } from './catalogue';

/*
 * Loading a prepaid card and unloading it (issue 16; spec 2 §4 "load … for active cards only", §6
 * "load prepaid card"). Amounts are in the card's currency. The money moves through transfers'
 * submitQuotedTransfer: the same customer lock, idempotency key, ledger transfer, second factor
 * (confirmTransaction) and events as any transfer. The product decides the limits (catalogue.ts),
 * the brand the fee (fee_rules, operations prepaidCardLoad and prepaidCardUnload, charged where the
 * money comes from, in its currency). Only a user with full access moves it: an initiate-only user
 * would need an approval request, which knows transfers' own kinds only (docs/decisions.md).
 */

const LOAD = 'prepaidCardLoad';
const UNLOAD = 'prepaidCardUnload';
/** Where a card's money may come from and go to: payment accounts and wallets. */
const MONEY_ACCOUNT_TYPES: number[] = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.prepaidFunding];

type MovementInput = { accountId: number; paymentAccountId: number; amount: string };

interface PrepaidCard {
  card: AccountRow;
  terms: PrepaidTerms;
  limits: PrepaidLimits;
}

/** The acting customer's prepaid card with its product's terms; any other card is refused. */
async function prepaidCardOf(
  db: DbOrTx,
  customerId: number,
  accountId: number,
): Promise<PrepaidCard> {
  const card = await loadOwnedCard(db, customerId, accountId);
  const terms = findCardProduct(card.cardProductType ?? card.type)?.prepaid;
  const limits = terms?.limits[card.currencyCode];
  if (card.subType !== 'PREPAID' || !terms || !limits)
    throw refuse(
      'accountId',
      'validation.cardNotPrepaid',
      'Only a prepaid card holds money of its own',
    );
  return { card, terms, limits };
}

/**
 * Who may move a prepaid card's money: never staff acting for the customer, a user with full
 * access, the customer verified and not limited, and the "load prepaid card" flag.
 */
async function requireMovementRights(db: DbOrTx, actor: Actor, kind: string): Promise<void> {
  const level = await requireTransferRights(db, actor, kind);
  if (level !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may load or unload a card');
}

function since(period: 'daily' | 'monthly', now: Date): Date {
  return period === 'daily'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** What loads onto the card brought since a moment (pending and settled), in the card's currency. */
async function loadedSince(db: DbOrTx, card: AccountRow, from: Date): Promise<Money> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum((${ledgerTransfers.details}->>'toAmount')::numeric), 0)::text`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.customerId, card.customerId ?? 0),
        eq(ledgerTransfers.kind, LOAD),
        inArray(ledgerTransfers.status, ['pending', 'settled']),
        sql`(${ledgerTransfers.details}->>'cardAccountId')::integer = ${card.id}`,
        gte(ledgerTransfers.createdAt, from),
      ),
    );
  return new Money(row?.total ?? '0');
}

/** Money on its way to the card: loads still waiting for their second factor. */
async function pendingLoads(db: DbOrTx, card: AccountRow): Promise<Money> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
    .from(postings)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, postings.transferId))
    .where(
      and(
        eq(postings.accountId, card.id),
        eq(postings.pending, true),
        sql`${postings.amount} > 0`,
        eq(ledgerTransfers.status, 'pending'),
      ),
    );
  return new Money(row?.total ?? '0');
}

interface LimitUse {
  daily: { limit: Money; used: Money; remaining: Money };
  monthly: { limit: Money; used: Money; remaining: Money };
  roomLeft: Money;
}

async function limitUse(db: DbOrTx, prepaid: PrepaidCard, now: Date): Promise<LimitUse> {
  const use = async (period: 'daily' | 'monthly') => {
    const limit = new Money(prepaid.limits[period]);
    const used = await loadedSince(db, prepaid.card, since(period, now));
    return { limit, used, remaining: Money.max(limit.minus(used), 0) };
  };
  const held = new Money(prepaid.card.balance).plus(await pendingLoads(db, prepaid.card));
  return {
    daily: await use('daily'),
    monthly: await use('monthly'),
    roomLeft: Money.max(new Money(prepaid.limits.maxBalance).minus(held), 0),
  };
}

function checkLoadLimits(prepaid: PrepaidCard, use: LimitUse, amount: Money): void {
  const currency = prepaid.card.currencyCode;
  const over = (key: string, description: string) => refuse('amount', key, description);
  if (amount.lessThan(prepaid.limits.minLoad))
    throw over(
      'validation.cardLoadTooSmall',
      `A load is at least ${moneyText(prepaid.limits.minLoad)} ${currency}`,
    );
  if (amount.greaterThan(prepaid.limits.maxLoad))
    throw over(
      'validation.limitExceeded',
      `One load is at most ${moneyText(prepaid.limits.maxLoad)} ${currency}`,
    );
  for (const period of ['daily', 'monthly'] as const) {
    if (amount.greaterThan(use[period].remaining))
      throw over(
        'validation.limitExceeded',
        `The amount is above the card's ${period} load limit (${moneyText(use[period].remaining)} ${currency} left)`,
      );
  }
  if (amount.greaterThan(use.roomLeft))
    throw over(
      'validation.cardMaxBalance',
      `The card may hold at most ${moneyText(prepaid.limits.maxBalance)} ${currency} (${moneyText(use.roomLeft)} ${currency} more)`,
    );
}

/** A payment account or wallet of the customer, open; another customer's is "not found". */
async function moneyAccountOf(
  db: DbOrTx,
  customerId: number,
  accountId: number,
): Promise<AccountRow> {
  const account = await findCustomerAccount(db, customerId, accountId);
  if (
    !MONEY_ACCOUNT_TYPES.includes(account.type) ||
    account.accountStatusId !== ACCOUNT_STATUS.active
  )
    throw refuse(
      'paymentAccountId',
      'validation.accountNotTransferable',
      'Cards are loaded from and unloaded to an open payment account or wallet',
    );
  return account;
}

function cardText(card: AccountRow): string {
  return `Prepaid card •••• ${card.cardPanLast4 ?? ''}`.trim();
}

function accountText(account: AccountRow): string {
  return `${account.name ?? `${account.currencyCode} account`} #${account.id}`;
}

/**
 * What a load or unload would do, checked as the submit checks it (status, product, account,
 * minor units, limits, money available). In a transaction after the customer lock it is the
 * submit's own quote, so two loads at once cannot both pass one limit.
 */
async function quoteMovement(
  db: DbOrTx,
  actor: Pick<Actor, 'customerId'>,
  direction: PrepaidDirection,
  input: MovementInput,
  now = new Date(),
): Promise<{ quote: Quote; view: PrepaidCardQuote }> {
  const prepaid = await prepaidCardOf(db, actor.customerId, input.accountId);
  const { card } = prepaid;
  requireCardAction(card, 'load');
  if (direction === 'unload' && !prepaid.terms.unload)
    throw refuse(
      'accountId',
      'validation.cardUnloadNotAllowed',
      'Money cannot be taken back from this card',
    );
  const account = await moneyAccountOf(db, actor.customerId, input.paymentAccountId);
  requireMinorUnits(input.amount, card.currencyCode, 'amount');
  const amount = new Money(input.amount);
  const [from, to] = direction === 'load' ? [account, card] : [card, account];
  const { rate } = await transferExchangeRate(db, from.currencyCode, to.currencyCode);
  // The card's side is exact: a load brings `amount` onto it, an unload takes `amount` off it.
  const sourceAmount =
    direction === 'load'
      ? new Money(sourceAmountFor(amount.toFixed(), rate, from.currencyCode, to.currencyCode))
      : amount;
  const toAmount =
    direction === 'load'
      ? amount
      : from.currencyCode === to.currencyCode
        ? amount
        : roundToCurrency(amount.times(rate), to.currencyCode);
  if (sourceAmount.isZero() || toAmount.isZero())
    throw refuse('amount', 'validation.amountTooSmall', 'The amount is too small to convert');
  if (direction === 'load') checkLoadLimits(prepaid, await limitUse(db, prepaid, now), amount);
  const kind = direction === 'load' ? LOAD : UNLOAD;
  const fee = await brandFee(db, actor.customerId, kind, sourceAmount, from.currencyCode);
  const total = sourceAmount.plus(fee);
  if (total.greaterThan(availableBalance(from)))
    throw refuse(
      'amount',
      'validation.insufficientFunds',
      direction === 'load'
        ? 'The account does not have enough money for this load and its fee'
        : 'The card does not hold enough money for this and its fee',
    );
  const cardAfter =
    direction === 'load'
      ? new Money(card.balance).plus(amount)
      : new Money(card.balance).minus(total);
  const payeeText = direction === 'load' ? cardText(card) : accountText(account);
  return {
    quote: {
      kind,
      from,
      to,
      sourceAmount,
      toAmount,
      fee,
      rate,
      payeeText,
      payeeKey: direction === 'load' ? `card:${card.id}` : `account:${account.id}`,
      details: {
        fromAccount: from.id,
        toAccount: to.id,
        toAmount: moneyText(toAmount),
        toCurrency: to.currencyCode,
        rate,
        fee: moneyText(fee),
        cardAccountId: card.id,
        payeeText,
        description:
          direction === 'load' ? `Load of ${cardText(card)}` : `Unload of ${cardText(card)}`,
      },
    },
    view: {
      direction,
      amount: moneyText(amount),
      currency: card.currencyCode,
      accountAmount: moneyText(direction === 'load' ? sourceAmount : toAmount),
      accountCurrency: account.currencyCode,
      rate,
      fee: moneyText(fee),
      feeCurrency: from.currencyCode,
      total: moneyText(total),
      cardBalanceAfter: moneyText(cardAfter),
    },
  };
}

/** getPrepaidCardLimits: the product's limits and what today and this month used of them. */
export async function getPrepaidCardLimits(
  db: DbOrTx,
  actor: Actor,
  accountId: number,
  now = new Date(),
): Promise<PrepaidCardLimits> {
  requireBalanceAccess(actor);
  const prepaid = await prepaidCardOf(db, actor.customerId, accountId);
  const use = await limitUse(db, prepaid, now);
  const period = (value: LimitUse['daily']) => ({
    limit: moneyText(value.limit),
    used: moneyText(value.used),
    remaining: moneyText(value.remaining),
  });
  return {
    accountId: prepaid.card.id,
    currency: prepaid.card.currencyCode,
    balance: moneyText(prepaid.card.balance),
    maxBalance: moneyText(prepaid.limits.maxBalance),
    roomLeft: moneyText(use.roomLeft),
    minLoad: moneyText(prepaid.limits.minLoad),
    maxLoad: moneyText(prepaid.limits.maxLoad),
    daily: period(use.daily),
    monthly: period(use.monthly),
    canUnload: prepaid.terms.unload,
  };
}

/** quotePrepaidCard: the review's figures; the same rights as the move itself, staff may look. */
export async function quotePrepaidCard(
  db: DbOrTx,
  actor: Actor,
  input: MovementInput & { direction: PrepaidDirection },
): Promise<PrepaidCardQuote> {
  await requireMovementRights(
    db,
    { ...actor, isStaffActing: false },
    input.direction === 'load' ? LOAD : UNLOAD,
  );
  return (await quoteMovement(db, actor, input.direction, input)).view;
}

/** loadPrepaidCard / unloadPrepaidCard: the transfer, pending until the user's second factor. */
export async function movePrepaidCardMoney(
  deps: TransferDeps,
  actor: Actor,
  direction: PrepaidDirection,
  input: MovementInput & { idempotencyKey: string },
) {
  const method = direction === 'load' ? 'loadPrepaidCard' : 'unloadPrepaidCard';
  await requireMovementRights(deps.db, actor, direction === 'load' ? LOAD : UNLOAD);
  const { idempotencyKey, ...request } = input;
  return submitQuotedTransfer(deps, actor, {
    method,
    request,
    idempotencyKey,
    makeQuote: async (tx) => (await quoteMovement(tx, actor, direction, request)).quote,
  });
}
