import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerMatchKind, CustomerSearchItem } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { accounts, customers, paymentInstructions, users } from '../../db/schema';
import { customerDisplayName } from '../customers';

/*
 * Finding a customer (issue 15): within the administrator's brand, by customer number or account
 * number (exactly), by login e-mail or by name (from its start, case-insensitive). Every match
 * kind is served by an index (migration: lower(...) text_pattern_ops on names and e-mail, IBAN and
 * local account number), and the page is bounded (at most 50, at most 500 pages).
 */

/** `%`, `_` and `\` in what the administrator typed are letters, not patterns. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const MAX_ID = 2_147_483_647;

/** Only digits (a customer number); spaces already collapsed by the contract. */
function customerNumberOf(query: string): number | null {
  if (!/^\d{1,10}$/.test(query)) return null;
  const id = Number(query);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** An account number as payment instructions keep it: no spaces, upper case. */
function accountNumberOf(query: string): string | null {
  const compact = query.replace(/\s/g, '').toUpperCase();
  return /^[A-Z0-9]{4,34}$/.test(compact) ? compact : null;
}

export async function searchCustomers(
  db: DbOrTx,
  brandId: string,
  input: { query: string; page: number; pageSize: number },
): Promise<{ customers: CustomerSearchItem[]; page: number; pageSize: number; hasMore: boolean }> {
  const lowered = input.query.toLowerCase();
  const prefix = `${escapeLike(lowered)}%`;
  const customerNumber = customerNumberOf(input.query);
  const accountNumber = accountNumberOf(input.query);

  const byAccount = accountNumber
    ? db
        .select({ customerId: accounts.customerId })
        .from(paymentInstructions)
        .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
        .where(
          or(
            eq(paymentInstructions.iban, accountNumber),
            eq(paymentInstructions.bankAccountNumber, accountNumber),
          ),
        )
    : undefined;
  const byEmail = db
    .select({ customerId: users.customerId })
    .from(users)
    .where(sql`lower(${users.email}) like ${prefix}`);
  const byName: SQL = sql`(
    lower(${customers.firstName}) like ${prefix}
    or lower(${customers.lastName}) like ${prefix}
    or lower(${customers.businessName}) like ${prefix}
    or lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${prefix}
  )`;

  const matches = or(
    customerNumber !== null ? eq(customers.id, customerNumber) : undefined,
    byAccount ? inArray(customers.id, byAccount) : undefined,
    inArray(customers.id, byEmail),
    byName,
  );
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.brandId, brandId), matches))
    .orderBy(
      // Exact numbers first, then names in order.
      sql`case when ${customers.id} = ${customerNumber ?? 0} then 0 else 1 end`,
      asc(sql`lower(coalesce(${customers.businessName}, ${customers.lastName}, ''))`),
      asc(customers.id),
    )
    .limit(input.pageSize + 1)
    .offset((input.page - 1) * input.pageSize);
  const page = rows.slice(0, input.pageSize);

  const ids = page.map((row) => row.id);
  const logins = new Map<number, string>();
  if (ids.length > 0) {
    const found = await db
      .select({ customerId: users.customerId, email: users.email })
      .from(users)
      .where(inArray(users.customerId, ids))
      .orderBy(asc(users.id));
    for (const row of found) if (!logins.has(row.customerId)) logins.set(row.customerId, row.email);
  }
  const accountMatches = new Set<number>();
  if (byAccount && ids.length > 0) {
    const found = await byAccount;
    for (const row of found) if (row.customerId !== null) accountMatches.add(row.customerId);
  }

  const matchedBy = (row: (typeof rows)[number]): CustomerMatchKind => {
    if (row.id === customerNumber) return 'customerNumber';
    if (accountMatches.has(row.id)) return 'accountNumber';
    const email = logins.get(row.id)?.toLowerCase();
    const name = customerDisplayName(row).toLowerCase();
    if (email?.startsWith(lowered) && !name.split(' ').some((part) => part.startsWith(lowered)))
      return 'email';
    return 'name';
  };

  return {
    customers: page.map((row) => ({
      id: row.id,
      name: customerDisplayName(row),
      customerType: row.customerType,
      brandId: row.brandId,
      email: logins.get(row.id) ?? null,
      verified: row.verified,
      limited: row.limited,
      isNeedKyc: row.isNeedKyc,
      matchedBy: matchedBy(row),
    })),
    page: input.page,
    pageSize: input.pageSize,
    hasMore: rows.length > input.pageSize,
  };
}
