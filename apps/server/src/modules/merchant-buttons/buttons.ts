import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { SavedButton } from '@ledgerline/contract';
import { ExactDecimal } from '@ledgerline/domain/exact-decimal';
import {
  SAVED_BUTTONS_PER_COMPANY,
  buttonHtmlSnippet,
  buttonPayPath,
} from '@ledgerline/domain/merchant-buttons';
import { hasValidMinorUnits } from '@ledgerline/domain/money';
import type { Database, DbOrTx } from '../../db/client';
import { merchantSavedButtons } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { isOwnLogo } from './logos';
import { receivingAccounts } from './receiving-account';

/*
 * Saved payment buttons (spec 2 §3 "Saved button: id plus form fields", §7; issue 18): what a
 * payer pays on the hosted pay page at /pay/button/<publicId>. The receiving account is the
 * company's own; the currency is the account's; amounts are no finer than that currency.
 */

export interface SavedButtonFields {
  name: string;
  accountId: number;
  amount: string | null;
  minAmount: string | null;
  maxAmount: string | null;
  description: string;
  logoId: number | null;
  returnUrl: string | null;
  enabled: boolean;
}

type ButtonRow = typeof merchantSavedButtons.$inferSelect;

/** A stored amount (numeric(30, 8)) as the shortest decimal text: '10.50000000' → '10.5'. */
function amountText(value: string | null): string | null {
  return value === null ? null : new ExactDecimal(value).toFixed();
}

function buttonView(row: ButtonRow, origin: string): SavedButton {
  const payLink = `${origin}${buttonPayPath(row.publicId)}`;
  return {
    id: row.id,
    publicId: row.publicId,
    name: row.name,
    accountId: row.accountId,
    currencyCode: row.currencyCode,
    amount: amountText(row.amount),
    minAmount: amountText(row.minAmount),
    maxAmount: amountText(row.maxAmount),
    description: row.description,
    logoId: row.logoId,
    returnUrl: row.returnUrl,
    enabled: row.enabled,
    payLink,
    htmlSnippet: buttonHtmlSnippet(payLink, row.name),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function ownButton(db: DbOrTx, customerId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(merchantSavedButtons)
    .where(and(eq(merchantSavedButtons.id, id), eq(merchantSavedButtons.customerId, customerId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Saved button not found');
  return row;
}

/**
 * Checks what the contract cannot: the account is the company's own open payment or receiving
 * account, the amounts fit its currency, the logo is the company's. Answers the currency.
 */
async function checkFields(db: DbOrTx, customerId: number, input: SavedButtonFields) {
  const [account] = await receivingAccounts(db, customerId, [input.accountId]);
  if (!account) throw AppError.notFound('Account not found');
  const fine: Record<string, string> = {};
  for (const field of ['amount', 'minAmount', 'maxAmount'] as const) {
    const value = input[field];
    if (value !== null && !hasValidMinorUnits(value, account.currencyCode))
      fine[field] = 'validation.amountMinorUnits';
  }
  if (Object.keys(fine).length > 0)
    throw AppError.invalid(fine, 'The amount is finer than the currency allows');
  if (input.logoId !== null && !(await isOwnLogo(db, customerId, input.logoId)))
    throw AppError.notFound('Logo not found');
  return account.currencyCode;
}

function rowValues(input: SavedButtonFields, currencyCode: string) {
  return {
    name: input.name,
    accountId: input.accountId,
    currencyCode,
    amount: input.amount,
    minAmount: input.minAmount,
    maxAmount: input.maxAmount,
    description: input.description,
    logoId: input.logoId,
    returnUrl: input.returnUrl,
    enabled: input.enabled,
  };
}

export async function listButtons(db: Database, actor: Actor, origin: string) {
  const rows = await db
    .select()
    .from(merchantSavedButtons)
    .where(eq(merchantSavedButtons.customerId, actor.customerId))
    .orderBy(asc(merchantSavedButtons.id));
  return rows.map((row) => buttonView(row, origin));
}

export async function getButton(db: Database, actor: Actor, id: number, origin: string) {
  return buttonView(await ownButton(db, actor.customerId, id), origin);
}

export async function createButton(
  db: Database,
  actor: Actor,
  input: SavedButtonFields,
  origin: string,
): Promise<SavedButton> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from customers where id = ${actor.customerId} for update`);
    const currencyCode = await checkFields(tx, actor.customerId, input);
    const [{ held } = { held: 0 }] = await tx
      .select({ held: count() })
      .from(merchantSavedButtons)
      .where(eq(merchantSavedButtons.customerId, actor.customerId));
    if (held >= SAVED_BUTTONS_PER_COMPANY)
      throw AppError.invalid(
        { _: 'validation.tooMany' },
        'The company has the most saved buttons it may keep',
      );
    const [created] = await tx
      .insert(merchantSavedButtons)
      .values({
        customerId: actor.customerId,
        publicId: randomBytes(16).toString('base64url'),
        ...rowValues(input, currencyCode),
      })
      .returning();
    if (!created) throw new Error('The button was not stored');
    await audit(tx, {
      action: 'merchant.button.create',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { buttonId: created.id, ...rowValues(input, currencyCode) },
    });
    return created;
  });
  return buttonView(row, origin);
}

export async function updateButton(
  db: Database,
  actor: Actor,
  input: SavedButtonFields & { id: number },
  origin: string,
): Promise<SavedButton> {
  const row = await db.transaction(async (tx) => {
    const before = await ownButton(tx, actor.customerId, input.id, true);
    const currencyCode = await checkFields(tx, actor.customerId, input);
    const [after] = await tx
      .update(merchantSavedButtons)
      .set({ ...rowValues(input, currencyCode), updatedAt: new Date() })
      .where(eq(merchantSavedButtons.id, before.id))
      .returning();
    if (!after) throw AppError.notFound('Saved button not found');
    await audit(tx, {
      action: 'merchant.button.update',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { buttonId: before.id, ...rowValues(input, currencyCode) },
    });
    return after;
  });
  return buttonView(row, origin);
}

export async function deleteButton(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const button = await ownButton(tx, actor.customerId, id, true);
    await tx.delete(merchantSavedButtons).where(eq(merchantSavedButtons.id, button.id));
    await audit(tx, {
      action: 'merchant.button.delete',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { buttonId: button.id, name: button.name, publicId: button.publicId },
    });
  });
}

/**
 * A button by its public id, for the hosted pay page (another part of issue 18): what the payer
 * pays and where it lands, with the logo to show (its own, else the company's default), or null.
 * The caller refuses a disabled button.
 */
export async function savedButtonByPublicId(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select()
    .from(merchantSavedButtons)
    .where(eq(merchantSavedButtons.publicId, publicId));
  if (!row) return null;
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    accountId: row.accountId,
    currencyCode: row.currencyCode,
    amount: amountText(row.amount),
    minAmount: amountText(row.minAmount),
    maxAmount: amountText(row.maxAmount),
    description: row.description,
    logoId: row.logoId,
    returnUrl: row.returnUrl,
    enabled: row.enabled,
  };
}
