import { and, eq, inArray, isNull, lt, lte, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { getBrand, isBrandId } from '@ledgerline/domain';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';
import { customerDisplayName } from '../customers';
import { moneyText } from '../ledger';
import type { InvoiceDeps } from './deps';
import { invoiceEvents, mailAbout, newPublicLink, type Published } from './notify';
import { publish } from './create';
import { loadCustomer, type InvoiceRow } from './repository';

/*
 * The invoices' schedule (issue 16A): a reminder e-mail to the payer REMINDER_DAYS before the due
 * date and one on it, and an unpaid invoice whose due date has passed marked overdue (both parties
 * get InvoiceChanged). Every node runs the loop; each invoice is claimed FOR UPDATE SKIP LOCKED
 * and its bookkeeping column is set in the same transaction as the e-mail, so across nodes and
 * repeated passes each reminder is sent once and each invoice turns overdue once.
 */

export const REMINDER_DAYS = 3;
const BATCH = 50;

function dayOf(now: Date, plusDays = 0): string {
  return new Date(now.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}

type Step = 'overdue' | 'reminderBefore' | 'reminderDue';

function conditionOf(step: Step, now: Date) {
  const today = dayOf(now);
  if (step === 'overdue') return and(eq(invoices.status, 'unpaid'), lt(invoices.dueDate, today));
  const open = inArray(invoices.status, ['unpaid', 'awaitingPayment']);
  if (step === 'reminderDue')
    return and(open, eq(invoices.dueDate, today), isNull(invoices.reminderDueSentAt));
  return and(
    open,
    gt(invoices.dueDate, today),
    lte(invoices.dueDate, dayOf(now, REMINDER_DAYS)),
    isNull(invoices.reminderBeforeSentAt),
  );
}

async function handle(tx: Tx, row: InvoiceRow, step: Step, now: Date): Promise<Published> {
  if (step === 'overdue') {
    const [overdue] = await tx
      .update(invoices)
      .set({ status: 'overdue', updatedAt: now })
      .where(eq(invoices.id, row.id))
      .returning();
    return overdue ? invoiceEvents(tx, overdue) : [];
  }
  const payee = await loadCustomer(tx, row.payeeCustomerId);
  await mailAbout(tx, row, step, {
    brand: getBrand(isBrandId(row.brandId) ? row.brandId : 'pebble').projectName,
    payee: customerDisplayName(payee),
    amount: `${moneyText(row.amount)} ${row.currencyCode}`,
    link: await newPublicLink(tx, row),
  });
  await tx
    .update(invoices)
    .set(step === 'reminderDue' ? { reminderDueSentAt: now } : { reminderBeforeSentAt: now })
    .where(eq(invoices.id, row.id));
  return [];
}

/** One pass: claims and handles what is due now; answers how many of each. */
export async function runInvoiceSchedule(
  deps: InvoiceDeps,
  now = new Date(),
): Promise<Record<Step, number>> {
  const done: Record<Step, number> = { overdue: 0, reminderBefore: 0, reminderDue: 0 };
  for (const step of ['reminderDue', 'reminderBefore', 'overdue'] as const) {
    for (;;) {
      const events: Published = [];
      const handled = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(invoices)
          .where(conditionOf(step, now))
          .orderBy(invoices.id)
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const row of rows) events.push(...(await handle(tx, row, step, now)));
        return rows.length;
      });
      await publish(deps, events);
      done[step] += handled;
      if (handled < BATCH) break;
    }
  }
  return done;
}

export function startInvoiceSchedule(
  deps: InvoiceDeps & { log: FastifyBaseLogger; intervalMs?: number },
): BackgroundLoop {
  return startBackgroundLoop({
    name: 'invoice schedule',
    intervalMs: deps.intervalMs ?? 60_000,
    log: deps.log,
    pass: () => runInvoiceSchedule(deps),
    describe: (result) =>
      result.overdue + result.reminderBefore + result.reminderDue > 0 ? { ...result } : undefined,
  });
}
