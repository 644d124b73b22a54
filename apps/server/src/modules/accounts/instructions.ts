import { and, asc, eq, sql } from 'drizzle-orm';
import type { PaymentInstruction } from '@ledgerline/contract';
import type { Database, DbOrTx } from '../../db/client';
import { accounts, paymentInstructions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { requireBalanceAccess } from '../customers';
import { findCustomerAccount, toPaymentInstruction } from './service';

/** A payment instruction of one of the customer's accounts; another customer's answers as not found. */
async function findInstruction(db: DbOrTx, customerId: number, instructionId: number) {
  const [row] = await db
    .select({ instruction: paymentInstructions })
    .from(paymentInstructions)
    .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
    .where(and(eq(paymentInstructions.id, instructionId), eq(accounts.customerId, customerId)));
  if (!row) throw AppError.notFound('Payment instruction not found');
  return row.instruction;
}

/** The bank details of the customer's accounts (one account's when named), open accounts first. */
export async function listPaymentInstructions(
  db: Database,
  actor: Actor,
  accountId: number | undefined,
): Promise<PaymentInstruction[]> {
  requireBalanceAccess(actor);
  if (accountId !== undefined) await findCustomerAccount(db, actor.customerId, accountId);
  const rows = await db
    .select({ instruction: paymentInstructions })
    .from(paymentInstructions)
    .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
    .where(
      and(
        eq(accounts.customerId, actor.customerId),
        accountId !== undefined ? eq(accounts.id, accountId) : undefined,
      ),
    )
    .orderBy(asc(accounts.accountStatusId), asc(accounts.id));
  return rows.map((row) => toPaymentInstruction(row.instruction));
}

/** Marks an instruction seen (the first time only). */
export async function markInstructionViewed(
  db: Database,
  actor: Actor,
  instructionId: number,
): Promise<PaymentInstruction> {
  requireBalanceAccess(actor);
  const found = await findInstruction(db, actor.customerId, instructionId);
  const [updated] = await db
    .update(paymentInstructions)
    .set({ viewedAt: sql`coalesce(${paymentInstructions.viewedAt}, now())` })
    .where(eq(paymentInstructions.id, found.id))
    .returning();
  return toPaymentInstruction(updated ?? found);
}
