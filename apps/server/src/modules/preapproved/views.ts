import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Preapproval,
  PreapprovalFrequency,
  PreapprovalStatus,
  PublicPreapproval,
  Subscriber,
} from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { customers, preapprovals, users } from '../../db/schema';
import { Money, moneyText } from '../ledger';
import { nextPullFrom } from './periods';

/*
 * What the customer, the merchant's screens and the merchant's server see of a pre-approval:
 * one row read with the merchant's and the payer's names, shaped three ways.
 */

export type PreapprovalRow = typeof preapprovals.$inferSelect;

export interface LoadedPreapproval {
  row: PreapprovalRow;
  merchantName: string;
  payerName: string;
  payerEmail: string;
}

const merchant = sql`merchant`;

function nameOf(customer: {
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
  customerType: number;
}): string {
  if (customer.customerType !== 0 && customer.businessName) return customer.businessName;
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || '';
}

/** Rows with their names; `where` narrows them (the caller's own, always). */
export async function loadPreapprovals(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<LoadedPreapproval[]> {
  const query = db
    .select({
      row: preapprovals,
      payer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        businessName: customers.businessName,
        customerType: customers.customerType,
      },
      payerEmail: users.email,
      merchantName: sql<string>`(select coalesce(${merchant}.business_name, '') from customers ${merchant} where ${merchant}.id = ${preapprovals.merchantCustomerId})`,
    })
    .from(preapprovals)
    .innerJoin(customers, eq(customers.id, preapprovals.payerCustomerId))
    .innerJoin(users, eq(users.id, preapprovals.payerUserId))
    .where(where)
    .orderBy(desc(preapprovals.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((found) => ({
    row: found.row,
    merchantName: found.merchantName,
    payerName: nameOf(found.payer),
    payerEmail: found.payerEmail,
  }));
}

function totalReached(row: PreapprovalRow): boolean {
  return row.totalCap !== null && !new Money(row.pulledTotal).lessThan(row.totalCap);
}

/** A pending approval whose second factor ran out is as good as not confirmed. */
function statusOf(row: PreapprovalRow, now: Date): PreapprovalStatus {
  if (row.status === 'pending' && row.confirmExpiresAt !== null && row.confirmExpiresAt <= now)
    return 'rejected';
  return row.status as PreapprovalStatus;
}

function common(row: PreapprovalRow, now: Date) {
  const status = statusOf(row, now);
  const next = nextPullFrom(
    {
      status,
      frequency: row.frequency as PreapprovalFrequency,
      lastPullAt: row.lastPullAt,
      endDate: row.endDate,
      createdAt: row.createdAt,
      totalReached: totalReached(row),
    },
    now,
  );
  return {
    currency: row.currencyCode,
    amount: moneyText(row.amountCap),
    totalAmount: row.totalCap === null ? null : moneyText(row.totalCap),
    pulledTotal: moneyText(row.pulledTotal),
    frequency: row.frequency as PreapprovalFrequency,
    endDate: row.endDate,
    status,
    nextPullFrom: next?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function customerView(loaded: LoadedPreapproval, now = new Date()): Preapproval {
  const { row } = loaded;
  return {
    id: row.id,
    beneficiaryName: loaded.merchantName,
    beneficiaryEmail: row.merchantEmail,
    fromAccount: row.payerAccountId,
    toAccount: row.merchantAccountId,
    ...common(row, now),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export function subscriberView(loaded: LoadedPreapproval, now = new Date()): Subscriber {
  const { createdAt, ...rest } = common(loaded.row, now);
  return {
    subscriptionId: loaded.row.id,
    payerName: loaded.payerName,
    payerEmail: loaded.payerEmail,
    ...rest,
    createdAt,
  };
}

export function publicView(loaded: LoadedPreapproval, now = new Date()): PublicPreapproval {
  return {
    id: loaded.row.id,
    payerName: loaded.payerName,
    payerEmail: loaded.payerEmail,
    accountId: loaded.row.merchantAccountId,
    ...common(loaded.row, now),
  };
}
