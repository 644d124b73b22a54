import { and, eq, inArray } from 'drizzle-orm';
import type {
  PayButtonPage,
  PayButtonStart,
  PayNamePage,
  PayNameStart,
} from '@ledgerline/contract';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { accounts, customers, merchantLogos } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { customerDisplayName } from '../customers';
import { Money, moneyText } from '../ledger';
import {
  companyByPayName,
  defaultLogoOf,
  publicLogoPath,
  savedButtonByPublicId,
} from '../merchant-buttons';
import { insertPaymentRequest } from './requests';

/*
 * Saved payment buttons and pay-by-name open the hosted pay page (issue 18 "link"): the page of a
 * button or a handle shows who receives and what, and "Continue" makes a payment request of the
 * merchant, whose token the payer's browser opens at /pay/<token>. An unknown, disabled or
 * switched-off link is "not found", the same answer as an unknown pay link.
 */

const NOT_VALID = 'This payment link is not valid';
const RECEIVING_TYPES = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.receiving];

/** Who a payment link starts from: the origin of the pay link and the caller's address. */
export interface LinkCaller {
  linkOriginFor: (brandId: string) => string;
  ip: string;
}

async function companyOf(db: DbOrTx, customerId: number) {
  const [company] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!company) throw AppError.notFound(NOT_VALID);
  return company;
}

/** The logo's public path: the button's own when it has one, else the company's default. */
async function logoUrlOf(db: DbOrTx, customerId: number, logoId: number | null) {
  if (logoId !== null) {
    const [own] = await db
      .select({ publicId: merchantLogos.publicId })
      .from(merchantLogos)
      .where(and(eq(merchantLogos.id, logoId), eq(merchantLogos.customerId, customerId)));
    if (own) return publicLogoPath(own.publicId);
  }
  return (await defaultLogoOf(db, customerId))?.file ?? null;
}

async function enabledButton(db: DbOrTx, publicId: string) {
  const button = await savedButtonByPublicId(db, publicId);
  if (!button?.enabled) throw AppError.notFound(NOT_VALID);
  return button;
}

type Button = Awaited<ReturnType<typeof enabledButton>>;

/** What the payer reads: the button's description, else its name. */
function buttonDescription(button: Button): string {
  return button.description.trim() === '' ? button.name : button.description;
}

export async function buttonPageOf(db: DbOrTx, publicId: string): Promise<PayButtonPage> {
  const button = await enabledButton(db, publicId);
  const company = await companyOf(db, button.customerId);
  return {
    merchantName: customerDisplayName(company),
    brandId: company.brandId,
    logoUrl: await logoUrlOf(db, button.customerId, button.logoId),
    currency: button.currencyCode,
    description: buttonDescription(button),
    amount: button.amount === null ? null : moneyText(button.amount),
    minAmount: button.minAmount === null ? null : moneyText(button.minAmount),
    maxAmount: button.maxAmount === null ? null : moneyText(button.maxAmount),
  };
}

/** The amount a button is paid with: its fixed one, or the payer's within its bounds. */
function buttonAmount(button: Button, asked: string | undefined): string {
  const refuse = (reason: string, description: string) =>
    AppError.invalid({ amount: `validation.${reason}` }, description);
  if (button.amount !== null) {
    if (asked !== undefined && !new Money(asked).eq(new Money(button.amount)))
      throw refuse('amountFixed', 'This button has a fixed amount');
    return button.amount;
  }
  if (asked === undefined) throw refuse('required', 'Enter an amount');
  const amount = new Money(asked);
  if (button.minAmount !== null && amount.lt(new Money(button.minAmount)))
    throw refuse('amountBelowMin', `The amount must be at least ${button.minAmount}`);
  if (button.maxAmount !== null && amount.gt(new Money(button.maxAmount)))
    throw refuse('amountAboveMax', `The amount must be at most ${button.maxAmount}`);
  return asked;
}

/** A payment request from a saved button (its account, currency, return link and logo); its token. */
export async function startButtonPayment(
  db: Database,
  publicId: string,
  input: PayButtonStart,
  caller: LinkCaller,
): Promise<string> {
  const button = await enabledButton(db, publicId);
  const amount = buttonAmount(button, input.amount);
  return db.transaction(async (tx) => {
    const row = await insertPaymentRequest(tx, {
      companyId: button.customerId,
      amount,
      currency: button.currencyCode,
      description: buttonDescription(button),
      accountId: button.accountId,
      returnUrl: button.returnUrl ?? undefined,
      logoId: button.logoId,
      linkOriginFor: caller.linkOriginFor,
    });
    await audit(tx, {
      action: 'paymentRequest.fromButton',
      customerId: button.customerId,
      ip: caller.ip,
      details: { paymentRequestId: row.id, buttonId: button.id },
    });
    return row.token;
  });
}

/** The company behind a handle of the brand, with pay-by-name on and its open receiving accounts. */
async function enabledPayee(db: DbOrTx, brandId: string, handle: string) {
  const settings = await companyByPayName(db, brandId, handle);
  if (!settings?.enabled) throw AppError.notFound(NOT_VALID);
  const open =
    settings.accountIds.length === 0
      ? []
      : await db
          .select({ id: accounts.id, currencyCode: accounts.currencyCode })
          .from(accounts)
          .where(
            and(
              eq(accounts.customerId, settings.customerId),
              inArray(accounts.id, settings.accountIds),
              inArray(accounts.type, RECEIVING_TYPES),
              eq(accounts.accountStatusId, ACCOUNT_STATUS.active),
            ),
          );
  // In the settings' order: one account per currency.
  const receiving = settings.accountIds.flatMap((id) =>
    open.filter((account) => account.id === id),
  );
  if (receiving.length === 0) throw AppError.notFound(NOT_VALID);
  const company = await companyOf(db, settings.customerId);
  const merchantName = settings.displayName ?? customerDisplayName(company);
  return { settings, receiving, company, merchantName };
}

export async function namePageOf(
  db: DbOrTx,
  brandId: string,
  handle: string,
): Promise<PayNamePage> {
  const { settings, receiving, company, merchantName } = await enabledPayee(db, brandId, handle);
  return {
    merchantName,
    brandId: company.brandId,
    logoUrl: await logoUrlOf(db, settings.customerId, null),
    currencies: receiving.map((account) => account.currencyCode),
  };
}

/** A payment request into the account pay-by-name names for the currency; its token. */
export async function startNamePayment(
  db: Database,
  brandId: string,
  handle: string,
  input: PayNameStart,
  caller: LinkCaller,
): Promise<string> {
  const { settings, receiving, merchantName } = await enabledPayee(db, brandId, handle);
  const account = receiving.find((item) => item.currencyCode === input.currency);
  if (!account)
    throw AppError.invalid(
      { currency: 'validation.noAccountInCurrency' },
      `${merchantName} does not receive ${input.currency} by name`,
    );
  return db.transaction(async (tx) => {
    const row = await insertPaymentRequest(tx, {
      companyId: settings.customerId,
      amount: input.amount,
      currency: input.currency,
      description: input.description ?? merchantName,
      accountId: account.id,
      linkOriginFor: caller.linkOriginFor,
    });
    await audit(tx, {
      action: 'paymentRequest.fromPayName',
      customerId: settings.customerId,
      ip: caller.ip,
      details: { paymentRequestId: row.id, payName: handle },
    });
    return row.token;
  });
}
