import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceKind, InvoiceStatus } from '@ledgerline/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { customerEmails, customers, invoices, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/*
 * Who sees which invoice. The sender (payee customer) sees what it sent; the payer is the
 * customer the invoice names, or, while it names none, any customer of the invoice's brand who
 * holds the invoice's e-mail as a confirmed address: an active login e-mail (activated by its code)
 * or a confirmed e-mail of the customer's contact list. Anyone else (another customer, another
 * brand) is told "not found", as if it did not exist.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

export async function loadCustomer(db: DbOrTx, customerId: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw AppError.notFound('Customer not found');
  return row;
}

/** The customer's confirmed e-mails, lower case. */
export async function confirmedEmails(db: DbOrTx, customerId: number): Promise<string[]> {
  const logins = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      and(eq(users.customerId, customerId), eq(users.status, 'active'), eq(users.disabled, false)),
    );
  const contacts = await db
    .select({ email: sql<string>`lower(${customerEmails.email})` })
    .from(customerEmails)
    .where(and(eq(customerEmails.customerId, customerId), isNotNull(customerEmails.confirmedAt)));
  return [...new Set([...logins, ...contacts].map((row) => row.email))];
}

/** The invoices addressed to a customer (by id, or by a confirmed e-mail while it names no payer). */
function receivedBy(customer: CustomerRow, emails: string[]): SQL {
  const byEmail =
    emails.length > 0
      ? and(
          isNull(invoices.payerCustomerId),
          eq(invoices.brandId, customer.brandId),
          inArray(invoices.payerEmail, emails),
        )
      : undefined;
  const named = and(
    eq(invoices.payerCustomerId, customer.id),
    eq(invoices.brandId, customer.brandId),
  );
  return (byEmail ? or(named, byEmail) : named) as SQL;
}

export async function listInvoices(
  db: DbOrTx,
  customerId: number,
  side: 'received' | 'sent',
  filter: { status?: InvoiceStatus | undefined; kind?: InvoiceKind | undefined },
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const customer = await loadCustomer(db, customerId);
  const whose =
    side === 'sent'
      ? eq(invoices.payeeCustomerId, customerId)
      : receivedBy(customer, await confirmedEmails(db, customerId));
  const where = and(
    whose,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.kind ? eq(invoices.kind, filter.kind) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(invoices).where(where);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * An invoice the customer is a party to, with the customer's role; locked FOR UPDATE when asked.
 * Anything else is not found.
 */
export async function findInvoiceFor(
  db: DbOrTx | Tx,
  customerId: number,
  invoiceId: number,
  options: { forUpdate?: boolean } = {},
): Promise<{ row: InvoiceRow; role: 'payee' | 'payer' }> {
  const query = db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Invoice not found');
  if (row.payeeCustomerId === customerId) return { row, role: 'payee' };
  if (await isPayer(db, customerId, row)) return { row, role: 'payer' };
  throw AppError.notFound('Invoice not found');
}

export async function isPayer(db: DbOrTx, customerId: number, row: InvoiceRow): Promise<boolean> {
  if (row.payerCustomerId !== null) return row.payerCustomerId === customerId;
  const customer = await loadCustomer(db, customerId);
  if (customer.brandId !== row.brandId || customer.id === row.payeeCustomerId) return false;
  return (await confirmedEmails(db, customerId)).includes(row.payerEmail);
}

/** The active customer of a brand whose login is this e-mail (lower case), if any. */
export async function customerByLogin(
  db: DbOrTx,
  brandId: string,
  email: string,
): Promise<{ customer: CustomerRow; userId: number; language: string } | null> {
  const [row] = await db
    .select({ customer: customers, userId: users.id, language: users.language })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        eq(customers.brandId, brandId),
        eq(users.status, 'active'),
        eq(users.disabled, false),
      ),
    );
  return row ?? null;
}
