import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  cardExtraParamRules,
  type Account,
  type CardExtraParam,
  type CardFees,
  type CardProduct,
} from '@ledgerline/contract';
import { ACCOUNT_TYPES, CARD_STATUS, availableBalance } from '@ledgerline/domain';
import { extraParamErrors } from '@ledgerline/domain/extra-params';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { accounts, cardApplications, cardDetails, customers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { createCustomerAccount, customerDisplayName, toAccount } from '../accounts';
import { requireMayMoveMoney } from '../customers';
import { hashRequest, Money, moneyText, postTransfer, systemAccount } from '../ledger';
import {
  assertMayManageCards,
  loadOwnedCard,
  refuse,
  requireCardAction,
  type AccountRow,
  type CardActor,
} from './access';
import {
  cardExpiry,
  embossedName,
  generateCardNumber,
  generateCvv,
  generatePin,
  isPastExpiry,
} from './card-numbers';
import {
  CARD_PRODUCTS,
  CARD_VALIDITY_YEARS,
  SHIPPING_OPTIONS,
  findCardProduct,
  isExpressAvailable,
  isProductOffered,
  shippingById,
  shippingFee,
  shippingTypesFor,
  type CardProductDefinition,
  type ShippingType,
} from './catalogue';
import type { CardVault } from './vault';

/*
 * The card use cases (spec 2 §4, §7 "Accounts and cards"). Each reads top to bottom: authorise,
 * load and lock the card, check the action is allowed for its status and kind, one transaction with
 * the change and its audit row.
 */

/** An application may be confirmed for a day: after that its quoted fees may no longer hold. */
const APPLICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Accounts fees may be paid from: payment accounts and prepaid funding wallets. */
const FEE_ACCOUNT_TYPES: number[] = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.prepaidFunding];
const ACTIVE = 2;

export interface CardDeps {
  db: Database;
  vault: CardVault;
}

async function residenceCountry(db: DbOrTx, customerId: number): Promise<string | null> {
  const [customer] = await db
    .select({ countryCode: customers.residenceCountryCode })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer?.countryCode ?? null;
}

async function countryFor(
  db: DbOrTx,
  customerId: number,
  asked: string | undefined,
): Promise<string> {
  const country = asked ?? (await residenceCountry(db, customerId));
  if (!country)
    throw refuse('countryCode', 'validation.required', 'Choose the country the card is for');
  return country;
}

function toProduct(product: CardProductDefinition): CardProduct {
  return {
    cardType: product.cardType,
    name: product.name,
    isVirtual: product.isVirtual,
    currencies: Object.keys(product.fees),
    brand: product.brand,
    subType: product.subType,
  };
}

/** The most a customer could pay a fee with in a currency: the best available balance of an active payment account or wallet. */
async function bestFeeBalance(
  db: DbOrTx,
  customerId: number,
  currencyCode: string,
): Promise<Money | null> {
  const rows = await db
    .select({
      balance: accounts.balance,
      pendingAmount: accounts.pendingAmount,
      accountBalanceMin: accounts.accountBalanceMin,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, customerId),
        inArray(accounts.type, FEE_ACCOUNT_TYPES),
        eq(accounts.accountStatusId, ACTIVE),
        eq(accounts.currencyCode, currencyCode),
      ),
    );
  let best: Money | null = null;
  for (const row of rows) {
    const available = new Money(row.balance).minus(row.pendingAmount).minus(row.accountBalanceMin);
    if (best === null || available.greaterThan(best)) best = available;
  }
  return best;
}

/** The customer's active payment account in a currency: where a debit card settles. */
async function paymentAccountIn(
  db: DbOrTx,
  customerId: number,
  currencyCode: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, customerId),
        eq(accounts.type, ACCOUNT_TYPES.payment),
        eq(accounts.accountStatusId, ACTIVE),
        eq(accounts.currencyCode, currencyCode),
      ),
    );
  return row;
}

function productOf(card: AccountRow): CardProductDefinition {
  const product = findCardProduct(card.cardProductType ?? card.type);
  if (!product) throw new Error(`cards: account ${card.id} has no known card product`);
  return product;
}

function feesOf(product: CardProductDefinition, currencyCode: string) {
  const fees = product.fees[currencyCode];
  if (!fees) throw new Error(`cards: ${product.name} has no fees in ${currencyCode}`);
  return fees;
}

// ---- Apply for a card ----

export async function getCardApplyInfo(
  db: DbOrTx,
  actor: CardActor,
  input: { countryCode?: string | undefined },
): Promise<{ countryCode: string; products: CardProduct[] }> {
  const countryCode = await countryFor(db, actor.customerId, input.countryCode);
  return {
    countryCode,
    products: CARD_PRODUCTS.filter((product) => isProductOffered(product, countryCode)).map(
      toProduct,
    ),
  };
}

function validateProduct(
  cardType: number,
  currencyCode: string,
  countryCode: string,
): CardProductDefinition {
  const product = findCardProduct(cardType);
  if (!product)
    throw refuse('cardType', 'validation.cardProductUnknown', 'There is no card of this type');
  if (!isProductOffered(product, countryCode))
    throw refuse(
      'cardType',
      'validation.cardProductNotOffered',
      `${product.name} is not offered in ${countryCode}`,
    );
  if (!product.fees[currencyCode])
    throw refuse(
      'currencyCode',
      'validation.cardCurrencyNotOffered',
      `${product.name} is not offered in ${currencyCode}`,
    );
  return product;
}

export async function getCardFees(
  db: DbOrTx,
  actor: CardActor,
  input: { cardType: number; countryCode?: string | undefined; currencyCode: string },
): Promise<CardFees> {
  const countryCode = await countryFor(db, actor.customerId, input.countryCode);
  const product = validateProduct(input.cardType, input.currencyCode, countryCode);
  const fees = feesOf(product, input.currencyCode);
  const available = await bestFeeBalance(db, actor.customerId, input.currencyCode);
  const shipping = shippingTypesFor(product).map((type) => {
    const fee = shippingFee(type, input.currencyCode);
    const disabledReasons: ('notAvailableInCountry' | 'noFeeAccountBalance')[] = [];
    if (type === 'express' && !isExpressAvailable(countryCode))
      disabledReasons.push('notAvailableInCountry');
    if (available === null || available.lessThan(new Money(fees.issue).plus(fee)))
      disabledReasons.push('noFeeAccountBalance');
    return {
      id: SHIPPING_OPTIONS[type].id,
      type,
      fee: moneyText(fee),
      deliveryTime: SHIPPING_OPTIONS[type].deliveryTime,
      disabledReasons,
    };
  });
  return {
    annual: moneyText(fees.annual),
    issue: moneyText(fees.issue),
    monthly: moneyText(fees.monthly),
    currency: input.currencyCode,
    shipping,
  };
}

/** A payment account or wallet of the customer, active and in the currency, to pay card fees from. */
async function usableFeeAccount(
  db: DbOrTx,
  actor: CardActor,
  feeAccountId: number,
  currencyCode: string,
  options: { lock?: boolean } = {},
): Promise<AccountRow> {
  const query = db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, feeAccountId), eq(accounts.customerId, actor.customerId)));
  const [account] = options.lock ? await query.for('update') : await query;
  if (!account) throw AppError.notFound('Account not found');
  if (!FEE_ACCOUNT_TYPES.includes(account.type) || account.accountStatusId !== ACTIVE) {
    throw refuse(
      'feeAccountId',
      'validation.feeAccountNotUsable',
      'Card fees are paid from an active payment account or wallet',
    );
  }
  if (account.currencyCode !== currencyCode) {
    throw refuse(
      'feeAccountId',
      'validation.feeAccountCurrency',
      `Card fees are paid in ${currencyCode}: choose an account in ${currencyCode}`,
    );
  }
  return account;
}

type ApplyCardInput = {
  cardType: number;
  currencyCode: string;
  shippingId?: number | undefined;
  feeAccountId: number;
  idempotencyKey: string;
};
type ApplyCardResult = {
  applicationId: number;
  fees: { issue: string; shipping: string; total: string; currency: string };
};

function applicationAnswer(row: typeof cardApplications.$inferSelect): ApplyCardResult {
  return {
    applicationId: row.id,
    fees: {
      issue: moneyText(row.issueFee),
      shipping: moneyText(row.shippingFee),
      total: moneyText(new Money(row.issueFee).plus(row.shippingFee)),
      currency: row.currencyCode,
    },
  };
}

/**
 * Records an application with the fees it will cost; nothing is charged until it is confirmed.
 * A retry with the same idempotency key answers the first application; the same key with another
 * request is refused.
 */
export async function applyCard(
  db: Database,
  actor: CardActor,
  input: ApplyCardInput,
): Promise<ApplyCardResult> {
  await assertMayManageCards(db, actor);
  const requestHash = hashRequest({ ...input, idempotencyKey: undefined });
  const earlier = async () => {
    const [row] = await db
      .select()
      .from(cardApplications)
      .where(
        and(
          eq(cardApplications.customerId, actor.customerId),
          eq(cardApplications.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (row && row.requestHash !== requestHash) {
      throw refuse(
        'idempotencyKey',
        'validation.idempotencyKeyReused',
        'This idempotency key was already used for a different request',
      );
    }
    return row;
  };
  const replay = await earlier();
  if (replay) return applicationAnswer(replay);

  const countryCode = await countryFor(db, actor.customerId, undefined);
  const product = validateProduct(input.cardType, input.currencyCode, countryCode);
  const types = shippingTypesFor(product);
  const shippingType: ShippingType | undefined =
    input.shippingId === undefined ? types[0] : shippingById(input.shippingId);
  if (shippingType === undefined || !types.includes(shippingType)) {
    throw refuse(
      'shippingId',
      'validation.shippingUnknown',
      product.isVirtual ? 'A virtual card is not shipped' : 'Choose standard or express shipping',
    );
  }
  if (shippingType === 'express' && !isExpressAvailable(countryCode)) {
    throw refuse(
      'shippingId',
      'validation.shippingNotAvailable',
      `Express shipping is not available in ${countryCode}`,
    );
  }
  const feeAccount = await usableFeeAccount(db, actor, input.feeAccountId, input.currencyCode);
  if (
    product.subType === 'DEBIT' &&
    !(await paymentAccountIn(db, actor.customerId, input.currencyCode))
  ) {
    throw refuse(
      'currencyCode',
      'validation.cardNeedsPaymentAccount',
      `A debit card spends from a ${input.currencyCode} account: open one first`,
    );
  }
  const issue = new Money(feesOf(product, input.currencyCode).issue);
  const shipping = new Money(shippingFee(shippingType, input.currencyCode));
  if (new Money(availableBalance(feeAccount)).lessThan(issue.plus(shipping))) {
    throw refuse(
      'feeAccountId',
      'validation.insufficientFunds',
      'The fee account does not have enough money for the card fees',
    );
  }

  const [created] = await db
    .insert(cardApplications)
    .values({
      customerId: actor.customerId,
      userId: actor.userId,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      cardType: product.cardType,
      currencyCode: input.currencyCode,
      shippingType,
      feeAccountId: feeAccount.id,
      issueFee: issue.toFixed(),
      shippingFee: shipping.toFixed(),
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent retry with the same key inserted first: answer its application.
  const row = created ?? (await earlier());
  if (!row) throw new Error('cards: application insert returned nothing');
  return applicationAnswer(row);
}

/** Takes a card fee from a customer account to fee revenue; the ledger refuses it when the money is not there. */
async function chargeFee(
  tx: Tx,
  actor: CardActor,
  input: {
    fromAccountId: number;
    amount: Money;
    currencyCode: string;
    kind: string;
    field: string;
    details: Record<string, unknown>;
  },
): Promise<string | null> {
  if (input.amount.isZero()) return null;
  // A card fee is money leaving the customer: not while unverified or limited (issue 14).
  await requireMayMoveMoney(tx, actor.customerId);
  const revenue = await systemAccount(tx, 'feeRevenue', input.currencyCode);
  try {
    const transfer = await postTransfer(tx, {
      kind: input.kind,
      customerId: actor.customerId,
      initiatedByUserId: actor.userId,
      status: 'settled',
      currencyCode: input.currencyCode,
      amount: input.amount.toFixed(),
      fee: input.amount.toFixed(),
      postings: [
        { accountId: input.fromAccountId, amount: input.amount.negated().toFixed() },
        { accountId: revenue.id, amount: input.amount.toFixed() },
      ],
      details: input.details,
    });
    return transfer.id;
  } catch (error) {
    if (error instanceof AppError && error.extra?.accountId === input.fromAccountId) {
      throw refuse(
        input.field,
        'validation.insufficientFunds',
        'The account does not have enough money for the card fees',
      );
    }
    throw error;
  }
}

async function holderNameOf(tx: DbOrTx, customerId: number): Promise<string> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  return embossedName(customerDisplayName(customer));
}

/**
 * Creates a card account in status 0 (submitted) with a new number from the product's BIN, its
 * CVV and (physical cards) a PIN, sealed by the vault; the processor simulator takes it from there.
 */
export async function issueCard(
  tx: Tx,
  vault: CardVault,
  input: {
    customerId: number;
    product: CardProductDefinition;
    currencyCode: string;
    settlementAccountId: number | null;
    shippingType: ShippingType;
    now: Date;
    applicationId?: number;
    reissuedFromAccountId?: number;
    statusId?: number;
    holderName?: string;
  },
): Promise<AccountRow> {
  const { product } = input;
  let cardNumber = generateCardNumber(product.bin);
  // Nine random digits make a clash unlikely, not impossible: draw again while the number exists.
  for (let attempt = 0; ; attempt += 1) {
    const [clash] = await tx
      .select({ id: cardDetails.accountId })
      .from(cardDetails)
      .where(eq(cardDetails.panFingerprint, vault.fingerprint(cardNumber)));
    if (!clash) break;
    if (attempt >= 10) throw new Error('cards: could not draw an unused card number');
    cardNumber = generateCardNumber(product.bin);
  }
  const expiry = cardExpiry(input.now, CARD_VALIDITY_YEARS);
  const account = await createCustomerAccount(tx, {
    customerId: input.customerId,
    type: product.cardType,
    currencyCode: input.currencyCode,
    subType: product.subType,
    values: {
      accountStatusId: input.statusId ?? CARD_STATUS.submitted,
      name: product.name,
      cardIsVirtual: product.isVirtual,
      cardExpiryMonth: expiry.month,
      cardExpiryYear: expiry.year,
      settlementAccountId: input.settlementAccountId,
      cardPanLast4: cardNumber.slice(-4),
      cardNumberEncrypted: vault.seal('pan', cardNumber),
      cardBrand: product.brand,
      cardProductType: product.cardType,
      cardStatusChangedAt: input.now,
    },
  });
  await tx.insert(cardDetails).values({
    accountId: account.id,
    panFingerprint: vault.fingerprint(cardNumber),
    cvvEncrypted: vault.seal('cvv', generateCvv()),
    pinEncrypted: product.isVirtual ? null : vault.seal('pin', generatePin()),
    holderName: input.holderName ?? (await holderNameOf(tx, input.customerId)),
    shippingType: input.shippingType,
    reissuedFromAccountId: input.reissuedFromAccountId ?? null,
    applicationId: input.applicationId ?? null,
  });
  return account;
}

/**
 * Charges the application's fees (issue + shipping) to fee revenue and creates the card account,
 * in one transaction: when the fee account cannot pay, nothing is created. Confirming a confirmed
 * application answers its card.
 */
export async function confirmCardApplication(
  deps: CardDeps,
  actor: CardActor,
  applicationId: number,
  now = new Date(),
): Promise<Account> {
  await assertMayManageCards(deps.db, actor);
  const card = await deps.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(cardApplications)
      .where(
        and(
          eq(cardApplications.id, applicationId),
          eq(cardApplications.customerId, actor.customerId),
        ),
      )
      .for('update');
    if (!application) throw AppError.notFound('Card application not found');
    if (application.status === 'confirmed' && application.cardAccountId !== null) {
      return loadOwnedCard(tx, actor.customerId, application.cardAccountId);
    }
    if (now.getTime() - application.createdAt.getTime() > APPLICATION_TTL_MS) {
      throw refuse(
        'applicationId',
        'validation.cardApplicationExpired',
        'This application has expired: apply again',
      );
    }
    const product = validateProduct(
      application.cardType,
      application.currencyCode,
      await countryFor(tx, actor.customerId, undefined),
    );
    await usableFeeAccount(tx, actor, application.feeAccountId, application.currencyCode);
    let settlementAccountId: number | null = null;
    if (product.subType === 'DEBIT') {
      const settlement = await paymentAccountIn(tx, actor.customerId, application.currencyCode);
      if (!settlement)
        throw refuse(
          'currencyCode',
          'validation.cardNeedsPaymentAccount',
          `A debit card spends from a ${application.currencyCode} account: open one first`,
        );
      settlementAccountId = settlement.id;
    }
    const total = new Money(application.issueFee).plus(application.shippingFee);
    const feeTransferId = await chargeFee(tx, actor, {
      fromAccountId: application.feeAccountId,
      amount: total,
      currencyCode: application.currencyCode,
      kind: 'cardFee',
      field: 'feeAccountId',
      details: {
        description: `${product.name}: issue and shipping fees`,
        applicationId: application.id,
        issue: moneyText(application.issueFee),
        shipping: moneyText(application.shippingFee),
      },
    });
    const created = await issueCard(tx, deps.vault, {
      customerId: actor.customerId,
      product,
      currencyCode: application.currencyCode,
      settlementAccountId,
      shippingType: application.shippingType as ShippingType,
      now,
      applicationId: application.id,
    });
    await tx
      .update(cardApplications)
      .set({ status: 'confirmed', cardAccountId: created.id, feeTransferId, confirmedAt: now })
      .where(eq(cardApplications.id, application.id));
    await audit(tx, {
      action: 'card.issued',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        accountId: created.id,
        applicationId: application.id,
        cardType: product.cardType,
        fees: moneyText(total),
      },
    });
    return created;
  });
  return toAccount(card);
}

// ---- Actions on a card ----

type CardChange = (
  tx: Tx,
  card: AccountRow,
) => Promise<Partial<typeof accounts.$inferInsert> | null>;

/** Locks the caller's card, checks the action, applies the change and audits it, in one transaction. */
async function changeCard(
  deps: CardDeps,
  actor: CardActor,
  accountId: number,
  action: Parameters<typeof requireCardAction>[1],
  change: CardChange,
): Promise<Account> {
  await assertMayManageCards(deps.db, actor);
  const row = await deps.db.transaction(async (tx) => {
    const card = await loadOwnedCard(tx, actor.customerId, accountId, { lock: true });
    requireCardAction(card, action);
    const values = await change(tx, card);
    const [updated] = values
      ? await tx.update(accounts).set(values).where(eq(accounts.id, card.id)).returning()
      : [card];
    await audit(tx, {
      action: `card.${action}`,
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        accountId: card.id,
        fromStatus: card.accountStatusId,
        toStatus: updated?.accountStatusId ?? card.accountStatusId,
      },
    });
    return updated ?? card;
  });
  return toAccount(row);
}

function statusChange(statusId: number, now: Date): Partial<typeof accounts.$inferInsert> {
  return { accountStatusId: statusId, cardStatusChangedAt: now };
}

function pauseCard(
  deps: CardDeps,
  actor: CardActor,
  accountId: number,
  now = new Date(),
): Promise<Account> {
  return changeCard(deps, actor, accountId, 'pause', async () =>
    statusChange(CARD_STATUS.paused, now),
  );
}

/** A paused card goes back to active, or to expired when its expiry month has passed meanwhile. */
function unpauseCard(
  deps: CardDeps,
  actor: CardActor,
  accountId: number,
  now = new Date(),
): Promise<Account> {
  return changeCard(deps, actor, accountId, 'unpause', async (_tx, card) => {
    const expired =
      card.cardExpiryMonth !== null &&
      card.cardExpiryYear !== null &&
      isPastExpiry({ month: card.cardExpiryMonth, year: card.cardExpiryYear }, now);
    return statusChange(expired ? CARD_STATUS.expired : CARD_STATUS.active, now);
  });
}

/**
 * The money a prepaid card holds leaves it before it is canceled (a canceled account takes no
 * postings): to the replacing card, or to the customer's payment account in its currency.
 */
async function moveCardBalance(
  tx: Tx,
  actor: CardActor,
  card: AccountRow,
  toAccountId: number | null,
): Promise<void> {
  const available = new Money(card.balance).minus(card.pendingAmount);
  if (card.subType !== 'PREPAID' || !available.isPositive()) return;
  let target = toAccountId;
  if (target === null) {
    const payment = await paymentAccountIn(tx, actor.customerId, card.currencyCode);
    target =
      payment?.id ??
      (
        await createCustomerAccount(tx, {
          customerId: actor.customerId,
          type: ACCOUNT_TYPES.payment,
          currencyCode: card.currencyCode,
        })
      ).id;
  }
  await postTransfer(tx, {
    kind: 'cardBalanceTransfer',
    customerId: actor.customerId,
    initiatedByUserId: actor.userId,
    status: 'settled',
    postings: [
      { accountId: card.id, amount: available.negated().toFixed() },
      { accountId: target, amount: available.toFixed() },
    ],
    details: { description: 'Balance of a closed card', fromCardAccountId: card.id },
  });
}

/** Blocks the card for good (status 4 canceled): a lost or stolen card. */
function blockCard(
  deps: CardDeps,
  actor: CardActor,
  accountId: number,
  now = new Date(),
): Promise<Account> {
  return changeCard(deps, actor, accountId, 'block', async (tx, card) => {
    await moveCardBalance(tx, actor, card, null);
    return statusChange(CARD_STATUS.canceled, now);
  });
}

const STATUS_ACTIONS = { pause: pauseCard, unpause: unpauseCard, block: blockCard } as const;

/** Pauses, unpauses or blocks a card (spec 2 §4 "Card actions by status"). */
export function setCardStatus(
  deps: CardDeps,
  actor: CardActor,
  accountId: number,
  action: keyof typeof STATUS_ACTIONS,
  now = new Date(),
): Promise<Account> {
  return STATUS_ACTIONS[action](deps, actor, accountId, now);
}

export function setCardAlias(
  deps: CardDeps,
  actor: CardActor,
  accountId: number,
  cardAliasName: string,
): Promise<Account> {
  return changeCard(deps, actor, accountId, 'rename', async () => ({
    cardAliasName: cardAliasName === '' ? null : cardAliasName,
  }));
}

/** The account a card's own fees (express shipping, activation) are taken from: its settlement account, else the customer's payment account in its currency. */
async function cardFeeAccount(tx: Tx, actor: CardActor, card: AccountRow): Promise<number> {
  if (card.settlementAccountId !== null) return card.settlementAccountId;
  const payment = await paymentAccountIn(tx, actor.customerId, card.currencyCode);
  if (!payment)
    throw refuse(
      'accountId',
      'validation.cardNeedsPaymentAccount',
      `Fees are paid from a ${card.currencyCode} account: open one first`,
    );
  return payment.id;
}

async function detailsOf(tx: DbOrTx, accountId: number): Promise<typeof cardDetails.$inferSelect> {
  const [details] = await tx.select().from(cardDetails).where(eq(cardDetails.accountId, accountId));
  if (!details) throw new Error(`cards: account ${accountId} has no card details`);
  return details;
}

/**
 * A new card replaces the old one (lost, damaged, expiring): same product, currency and
 * settlement account, a new number; the old card is canceled and remembers the new card's status
 * (cardReissuedStatusId, kept current by the processor). A replacement is free; express shipping
 * costs what it costs on a new card.
 */
export async function reissueCard(
  deps: CardDeps,
  actor: CardActor,
  input: { accountId: number; isExpressShipping: boolean },
  now = new Date(),
): Promise<Account> {
  await assertMayManageCards(deps.db, actor);
  const created = await deps.db.transaction(async (tx) => {
    const card = await loadOwnedCard(tx, actor.customerId, input.accountId, { lock: true });
    requireCardAction(card, 'reissue');
    const product = productOf(card);
    if (input.isExpressShipping && product.isVirtual)
      throw refuse(
        'isExpressShipping',
        'validation.cardNotShipped',
        'A virtual card is not shipped',
      );
    const country = await countryFor(tx, actor.customerId, undefined);
    if (input.isExpressShipping && !isExpressAvailable(country)) {
      throw refuse(
        'isExpressShipping',
        'validation.shippingNotAvailable',
        `Express shipping is not available in ${country}`,
      );
    }
    const shippingType: ShippingType = product.isVirtual
      ? 'none'
      : input.isExpressShipping
        ? 'express'
        : 'standard';
    const old = await detailsOf(tx, card.id);
    const replacement = await issueCard(tx, deps.vault, {
      customerId: actor.customerId,
      product,
      currencyCode: card.currencyCode,
      settlementAccountId: card.settlementAccountId,
      shippingType,
      now,
      reissuedFromAccountId: card.id,
      holderName: old.holderName,
    });
    if (card.cardAliasName)
      await tx
        .update(accounts)
        .set({ cardAliasName: card.cardAliasName })
        .where(eq(accounts.id, replacement.id));
    const expressFee = new Money(shippingFee(shippingType, card.currencyCode));
    if (!expressFee.isZero()) {
      await chargeFee(tx, actor, {
        fromAccountId: await cardFeeAccount(tx, actor, card),
        amount: expressFee,
        currencyCode: card.currencyCode,
        kind: 'cardFee',
        field: 'isExpressShipping',
        details: {
          description: `${product.name}: express shipping of a replacement card`,
          accountId: replacement.id,
        },
      });
    }
    await moveCardBalance(tx, actor, card, replacement.id);
    await tx
      .update(accounts)
      .set({
        ...statusChange(CARD_STATUS.canceled, now),
        cardReissuedStatusId: replacement.accountStatusId,
      })
      .where(eq(accounts.id, card.id));
    await audit(tx, {
      action: 'card.reissue',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        accountId: card.id,
        newAccountId: replacement.id,
        fromStatus: card.accountStatusId,
        shippingType,
      },
    });
    const [fresh] = await tx.select().from(accounts).where(eq(accounts.id, replacement.id));
    return fresh ?? replacement;
  });
  return toAccount(created);
}

/** Moves a physical card that has not left the printer to express shipping, charging the express fee. */
export async function upgradeCardShipping(
  deps: CardDeps,
  actor: CardActor,
  accountId: number,
): Promise<Account> {
  return changeCard(deps, actor, accountId, 'upgradeShipping', async (tx, card) => {
    const details = await detailsOf(tx, card.id);
    if (details.shippingType === 'express')
      throw refuse(
        'accountId',
        'validation.shippingAlreadyExpress',
        'This card already ships by express courier',
      );
    const country = await countryFor(tx, actor.customerId, undefined);
    if (!isExpressAvailable(country))
      throw refuse(
        'accountId',
        'validation.shippingNotAvailable',
        `Express shipping is not available in ${country}`,
      );
    await chargeFee(tx, actor, {
      fromAccountId: await cardFeeAccount(tx, actor, card),
      amount: new Money(shippingFee('express', card.currencyCode)),
      currencyCode: card.currencyCode,
      kind: 'cardFee',
      field: 'accountId',
      details: { description: `${productOf(card).name}: express shipping`, accountId: card.id },
    });
    await tx
      .update(cardDetails)
      .set({ shippingType: 'express' })
      .where(eq(cardDetails.accountId, card.id));
    return null;
  });
}

/** Keeps a replaced card's cardReissuedStatusId equal to its replacement's status. */
export async function syncReissuedStatus(
  tx: DbOrTx,
  accountId: number,
  statusId: number,
): Promise<void> {
  await tx.execute(
    sql`update ${accounts} set card_reissued_status_id = ${statusId}
        where id = (select reissued_from_account_id from ${cardDetails} where account_id = ${accountId})`,
  );
}

// ---- Activation ----

/**
 * What activation asks (spec 2 §3 "Extra parameters": a list whose items may wrap an inner list
 * under options.extraParams). The letter that comes with the card prints the last four digits of
 * its number; checking them catches the wrong card in hand, and the envelope question lets the
 * customer stop a card that may have been tampered with. Values travel flat by leaf name.
 */
const ACTIVATION_EXTRA_PARAMS: CardExtraParam[] = [
  {
    name: 'cardLetter',
    label: 'From the letter that came with your card',
    type: 'group',
    required: true,
    options: {
      extraParams: [
        {
          name: 'lastFourDigits',
          label: 'Last four digits of the card number',
          type: 'text',
          required: true,
          pattern: '^\\d{4}$',
        },
      ],
    },
  },
  {
    name: 'envelopeSealed',
    label: 'Did the card arrive in a sealed envelope?',
    type: 'select',
    required: true,
    options: {
      values: [
        { value: 'yes', label: 'Yes, it was sealed' },
        { value: 'no', label: 'No, it was opened or damaged' },
      ],
    },
  },
];

export async function getCardActivationData(
  db: DbOrTx,
  actor: CardActor,
  accountId: number,
): Promise<{ fees: string; feeCurrency: string; extraParams: CardExtraParam[] }> {
  await assertMayManageCards(db, actor);
  const card = await loadOwnedCard(db, actor.customerId, accountId);
  requireCardAction(card, 'activate');
  return {
    fees: moneyText(feesOf(productOf(card), card.currencyCode).activation),
    feeCurrency: card.currencyCode,
    extraParams: ACTIVATION_EXTRA_PARAMS,
  };
}

function checkActivationParams(card: AccountRow, given: Record<string, string>): void {
  const problems = extraParamErrors(
    cardExtraParamRules(ACTIVATION_EXTRA_PARAMS),
    Object.entries(given).map(([name, value]) => ({ name, value })),
  );
  const errors = Object.fromEntries(
    Object.entries(problems).map(([name, problem]) => [`extraParams.${name}`, problem]),
  );
  if (Object.keys(errors).length > 0) throw AppError.invalid(errors);
  if (given.envelopeSealed !== 'yes') {
    throw refuse(
      'extraParams.envelopeSealed',
      'validation.cardEnvelopeOpened',
      'Do not use a card that arrived in an opened envelope: block it and ask for a new one',
    );
  }
  if (given.lastFourDigits?.trim() !== card.cardPanLast4) {
    throw refuse(
      'extraParams.lastFourDigits',
      'validation.cardLastFourMismatch',
      'These are not the last four digits of this card',
    );
  }
}

/** Activates a physical card that arrived (printed or shipped → active), charging the product's activation fee if it has one. */
export function activateCard(
  deps: CardDeps,
  actor: CardActor,
  input: {
    accountId: number;
    extraParams: Record<string, string>;
    feeAccountId?: number | undefined;
  },
  now = new Date(),
): Promise<Account> {
  return changeCard(deps, actor, input.accountId, 'activate', async (tx, card) => {
    checkActivationParams(card, input.extraParams);
    const fee = new Money(feesOf(productOf(card), card.currencyCode).activation);
    if (!fee.isZero()) {
      if (input.feeAccountId === undefined)
        throw refuse(
          'feeAccountId',
          'validation.required',
          'Choose the account the activation fee is paid from',
        );
      const feeAccount = await usableFeeAccount(tx, actor, input.feeAccountId, card.currencyCode);
      await chargeFee(tx, actor, {
        fromAccountId: feeAccount.id,
        amount: fee,
        currencyCode: card.currencyCode,
        kind: 'cardFee',
        field: 'feeAccountId',
        details: { description: `${productOf(card).name}: activation fee`, accountId: card.id },
      });
    }
    await tx
      .update(cardDetails)
      .set({ activatedAt: now })
      .where(eq(cardDetails.accountId, card.id));
    await syncReissuedStatus(tx, card.id, CARD_STATUS.active);
    return statusChange(CARD_STATUS.active, now);
  });
}

// ---- PIN and details ----

export function changeCardPin(
  deps: CardDeps,
  actor: CardActor,
  input: { accountId: number; pin: string },
  now = new Date(),
): Promise<Account> {
  return changeCard(deps, actor, input.accountId, 'changePin', async (tx, card) => {
    const details = await detailsOf(tx, card.id);
    if (details.pinEncrypted && deps.vault.open('pin', details.pinEncrypted) === input.pin) {
      throw refuse(
        'pin',
        'validation.cardPinUnchanged',
        'The new PIN must differ from the current one',
      );
    }
    await tx
      .update(cardDetails)
      .set({ pinEncrypted: deps.vault.seal('pin', input.pin), pinChangedAt: now })
      .where(eq(cardDetails.accountId, card.id));
    return null;
  });
}
