import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCESS_LEVELS, isBusinessCustomerType } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { accounts, customerAccess, customers, payoutBlacklist, users } from '../../db/schema';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { AccountRow } from '../accounts';

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
  /** A business payee: its merchant tools hear of a P2P payment (merchant-notice.ts). */
  isBusiness: boolean;
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
  return (await checkPayeeAndAccount(db, payerCustomerId, email, null)).check;
}

/** The account a payee would be paid into: `accounts` once more, under its own name. */
const payeeAccounts = alias(accounts, 'payee_account');

/**
 * checkPayee, and in the same statement the account the payee would be paid into: their active
 * payment account in `currencyCode`, else their oldest active one (a P2P quote, decision 126).
 * The account is undefined when there is none; it means nothing unless the check can receive.
 */
export async function checkPayeeAndAccount(
  db: DbOrTx,
  payerCustomerId: number,
  email: string,
  currencyCode: string | null,
): Promise<{ check: PayeeCheck; account: AccountRow | undefined }> {
  const row = await payeeRow(db, payerCustomerId, email, currencyCode);
  return { check: payeeCheckOf(row, payerCustomerId), account: row?.account ?? undefined };
}

async function payeeRow(
  db: DbOrTx,
  payerCustomerId: number,
  email: string,
  currencyCode: string | null,
) {
  const lower = email.trim().toLowerCase();
  // One statement: the payee of the payer's brand, the three facts the answer turns on, and the
  // account they would be paid into.
  const [row] = await db
    .select({
      user: users,
      customer: customers,
      account: payeeAccounts,
      isEmployee: sql<boolean>`exists (select 1 from ${customerAccess}
        where ${customerAccess.userId} = ${users.id}
          and ${customerAccess.accessRight} = ${ACCESS_LEVELS.uploading})`,
      isBlocked: sql<boolean>`exists (select 1 from ${payoutBlacklist}
        where ${payoutBlacklist.customerId} = ${payerCustomerId}
          and ${payoutBlacklist.email} = ${lower}
          and ${inArray(payoutBlacklist.blockType, ['p2p', 'all'])})`,
      hasOpenAccount: sql<boolean>`exists (select 1 from ${accounts}
        where ${accounts.customerId} = ${customers.id}
          and ${accounts.type} = ${ACCOUNT_TYPES.payment}
          and ${accounts.accountStatusId} = ${ACCOUNT_STATUS.active})`,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(
      payeeAccounts,
      sql`${payeeAccounts.id} = (select a.id from ${accounts} a
        where a.customer_id = ${customers.id}
          and a.type = ${ACCOUNT_TYPES.payment}
          and a.account_status_id = ${ACCOUNT_STATUS.active}
        order by a.currency_code <> coalesce(${currencyCode}::text, a.currency_code), a.id
        limit 1)`,
    )
    .where(
      and(
        sql`lower(${users.email}) = ${lower}`,
        sql`${customers.brandId} = (select payer.brand_id from customers payer where payer.id = ${payerCustomerId})`,
      ),
    );
  return row;
}

function payeeCheckOf(
  row: Awaited<ReturnType<typeof payeeRow>>,
  payerCustomerId: number,
): PayeeCheck {
  if (!row)
    return {
      status: 0,
      name: null,
      canReceive: false,
      reason: 'validation.payeeNotFound',
      customerId: null,
      isBusiness: false,
    };
  const status = row.isEmployee ? 3 : 1;
  const name = maskedName(row.customer);
  const isBusiness = isBusinessCustomerType(row.customer.customerType);
  const refuse = (reason: string): PayeeCheck => ({
    status,
    name,
    canReceive: false,
    reason,
    customerId: row.customer.id,
    isBusiness,
  });
  if (row.customer.id === payerCustomerId) return refuse('validation.payeeSelf');
  if (row.user.disabled || row.user.status !== 'active')
    return refuse('validation.payeeCannotReceive');
  if (row.isBlocked) return refuse('validation.payeeBlacklisted');
  if (!row.hasOpenAccount) return refuse('validation.payeeCannotReceive');
  return {
    status,
    name,
    canReceive: true,
    reason: null,
    customerId: row.customer.id,
    isBusiness,
  };
}
