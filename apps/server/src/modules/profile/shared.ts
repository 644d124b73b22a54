import { asc, eq, sql } from 'drizzle-orm';
import { getBrand, isBrandId, type BrandConfig } from '@ledgerline/domain/brands';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { customerEmails, customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext } from '../../main-api/types';
import { audit } from '../audit';

export type CustomerRow = typeof customers.$inferSelect;

/**
 * Locks the acting customer's row for the rest of the transaction: changes to one customer's
 * contact data take turns, so two requests cannot both pass a check ("not the primary", "no
 * replacement pending") and then both write.
 */
export async function lockCustomer(tx: Tx, customerId: number): Promise<CustomerRow> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!customer) throw AppError.notFound('Customer not found');
  return customer;
}

export async function loadCustomer(db: DbOrTx, customerId: number): Promise<CustomerRow> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  return customer;
}

export function brandOf(customer: Pick<CustomerRow, 'brandId'>): BrandConfig {
  return getBrand(isBrandId(customer.brandId) ? customer.brandId : 'pebble');
}

/** The login of a customer: the e-mail of its first user (as customer access info names it); null for a company without users. */
export async function loginOf(db: DbOrTx, customerId: number): Promise<string | null> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.id))
    .limit(1);
  return user?.email ?? null;
}

/**
 * Customers that had no e-mail rows yet (opened before issue 6, or registered since) get their
 * login as the confirmed primary address: activation proved it. Idempotent under races (the
 * unique indexes turn the second insert into nothing).
 */
export async function ensurePrimaryEmail(db: DbOrTx, customerId: number): Promise<void> {
  const [any] = await db
    .select({ id: customerEmails.id })
    .from(customerEmails)
    .where(eq(customerEmails.customerId, customerId))
    .limit(1);
  if (any) return;
  const login = await loginOf(db, customerId);
  if (!login) return;
  await db
    .insert(customerEmails)
    .values({ customerId, email: login, isPrimary: true, confirmedAt: sql`now()` })
    .onConflictDoNothing();
}

/** Writes the audit row of a profile change: who (user), for which customer, from where, what. */
export function auditChange(
  tx: DbOrTx,
  ctx: AuthedMethodContext,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  return audit(tx, {
    action: `profile.${action}`,
    userId: ctx.actor.userId,
    customerId: ctx.actor.customerId,
    ip: ctx.ip,
    details,
  });
}

/**
 * Runs `work` in a transaction whose effects stay even when it ends with a refusal (a wrong code
 * must still count its try): the refusal is returned, committed, and thrown afterwards.
 */
export async function commitThenThrow<T>(
  db: Database,
  work: (tx: Tx) => Promise<T | AppError>,
): Promise<T> {
  const result = await db.transaction(async (tx) => work(tx));
  if (result instanceof AppError) throw result;
  return result;
}
