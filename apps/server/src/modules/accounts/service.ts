import { and, asc, eq } from 'drizzle-orm';
import type { Account, PaymentInstruction } from '@ledgerline/contract';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { DbOrTx } from '../../db/client';
import { accounts, customers, paymentInstructions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { customerDisplayName } from '../customers';

export { customerDisplayName };
import { moneyText } from '../ledger';
import { instructionNumbers } from './payment-instructions';

export type AccountRow = typeof accounts.$inferSelect;
export type AccountInsert = typeof accounts.$inferInsert;

/** Accounts people pay into by bank transfer get payment instructions; cards and closed accounts do not. */
function takesPaymentInstructions(type: number): boolean {
  return (
    type === ACCOUNT_TYPES.payment ||
    type === ACCOUNT_TYPES.prepaidFunding ||
    type === ACCOUNT_TYPES.receiving
  );
}

/** The contract's Account of a row; money as canonical decimal strings. */
export function toAccount(row: AccountRow): Account {
  if (row.customerId === null) throw new Error('accounts: a system account is never shown');
  return {
    accountId: row.id,
    type: row.type,
    subType: row.subType === 'PREPAID' ? 'PREPAID' : 'DEBIT',
    accountStatusId: row.accountStatusId,
    balance: moneyText(row.balance),
    pendingAmount: moneyText(row.pendingAmount),
    accountBalanceMin: moneyText(row.accountBalanceMin),
    currencyCode: row.currencyCode,
    customerId: row.customerId,
    name: row.name,
    cardIsVirtual: row.cardIsVirtual,
    cardExpiryMonth: row.cardExpiryMonth,
    cardExpiryYear: row.cardExpiryYear,
    cardReissuedStatusId: row.cardReissuedStatusId,
    settlementAccountId: row.settlementAccountId,
    maskedCardNumber: row.cardPanLast4 ? `•••• ${row.cardPanLast4}` : null,
    cardAliasName: row.cardAliasName,
    cardBrand: row.cardBrand === 'visa' || row.cardBrand === 'mastercard' ? row.cardBrand : null,
    ...(row.cardProductType !== null
      ? { cardSecureEnrolled: row.cardSecureEnrolledAt !== null }
      : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every account of a customer, sorted by accountStatusId then id (spec 2 §3). */
export async function listAccounts(db: DbOrTx, customerId: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.customerId, customerId))
    .orderBy(asc(accounts.accountStatusId), asc(accounts.id));
}

/** One account of the customer; another customer's account answers exactly like a missing one. */
export async function findCustomerAccount(
  db: DbOrTx,
  customerId: number,
  accountId: number,
  options: { forUpdate?: boolean } = {},
): Promise<AccountRow> {
  const query = db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.customerId, customerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Account not found');
  return row;
}

/**
 * Opens an account for a customer (and, for accounts people pay into, its payment instructions)
 * in the caller's transaction. Card accounts pass their card columns in `values`.
 */
export async function createCustomerAccount(
  tx: DbOrTx,
  input: {
    customerId: number;
    type: number;
    currencyCode: string;
    subType?: 'PREPAID' | 'DEBIT';
    values?: Partial<AccountInsert>;
  },
): Promise<AccountRow> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  const [row] = await tx
    .insert(accounts)
    .values({
      accountStatusId: ACCOUNT_STATUS.active,
      ...input.values,
      customerId: input.customerId,
      type: input.type,
      currencyCode: input.currencyCode,
      subType: input.subType ?? (input.type === ACCOUNT_TYPES.prepaidFunding ? 'PREPAID' : 'DEBIT'),
      systemRole: null,
    })
    .returning();
  if (!row) throw new Error('accounts: insert returned nothing');
  if (takesPaymentInstructions(row.type)) {
    const numbers = instructionNumbers({
      accountId: row.id,
      currencyCode: row.currencyCode,
      brandId: customer.brandId,
    });
    await tx.insert(paymentInstructions).values({
      accountId: row.id,
      currencyCode: row.currencyCode,
      beneficiaryName: customerDisplayName(customer),
      ...numbers,
    });
  }
  return row;
}

export function toPaymentInstruction(
  row: typeof paymentInstructions.$inferSelect,
): PaymentInstruction {
  return {
    id: row.id,
    accountId: row.accountId,
    currencyCode: row.currencyCode,
    beneficiaryName: row.beneficiaryName,
    bankName: row.bankName,
    bankAddress: row.bankAddress,
    bankAccountNumber: row.bankAccountNumber,
    iban: row.iban,
    swift: row.swift,
    sortCode: row.sortCode,
    routingNumber: row.routingNumber,
    transitNumber: row.transitNumber,
    institutionNumber: row.institutionNumber,
    reference: row.reference,
    viewed: row.viewedAt !== null,
  };
}
