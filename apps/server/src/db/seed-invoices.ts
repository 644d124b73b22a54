import { and, asc, eq, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { Tx } from './client';
import { accounts, invoices, users } from './schema';

/*
 * Demo invoices and money requests (issue 16A), inside seedDemo's transaction, so the invoice
 * lists of anna@pebble.example and personal@ledgerline.test are not empty: open ones both ways, a
 * request, one to an e-mail without an account, a rejected and a cancelled one. Nothing is paid,
 * so no balance changes. A database that already has invoices gets none (a second run changes
 * nothing). Reminders' links point at the development server (the demo's default address).
 */

const DEMO_ORIGIN = 'http://localhost:8080';

interface DemoInvoice {
  from: string;
  to: string;
  kind: 'invoice' | 'request';
  amount: string;
  dueInDays: number;
  note: string;
  status?: 'rejected' | 'cancelled';
  rejectNote?: string;
}

const DEMO_INVOICES: DemoInvoice[] = [
  {
    from: 'personal@ledgerline.test',
    to: 'anna@pebble.example',
    kind: 'invoice',
    amount: '120',
    dueInDays: 14,
    note: 'Website design, November',
  },
  {
    from: 'anna@pebble.example',
    to: 'personal@ledgerline.test',
    kind: 'invoice',
    amount: '48.5',
    dueInDays: 7,
    note: 'Photography workshop',
  },
  {
    from: 'anna@pebble.example',
    to: 'personal@ledgerline.test',
    kind: 'request',
    amount: '35',
    dueInDays: 10,
    note: 'Concert tickets',
  },
  {
    from: 'anna@pebble.example',
    to: 'client@example.org',
    kind: 'invoice',
    amount: '80',
    dueInDays: 21,
    note: 'Portrait session',
  },
  {
    from: 'personal@ledgerline.test',
    to: 'anna@pebble.example',
    kind: 'invoice',
    amount: '15',
    dueInDays: 5,
    note: 'Taxi share',
    status: 'rejected',
    rejectNote: 'Already paid in cash',
  },
  {
    from: 'anna@pebble.example',
    to: 'personal@ledgerline.test',
    kind: 'invoice',
    amount: '60',
    dueInDays: 3,
    note: 'Prints, second batch',
    status: 'cancelled',
  },
];

async function userOf(tx: Tx, email: string) {
  const [user] = await tx
    .select({ id: users.id, customerId: users.customerId, language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return user;
}

export async function seedInvoicesDemo(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).limit(1);
  if (existing) return;
  const now = Date.now();
  for (const demo of DEMO_INVOICES) {
    const sender = await userOf(tx, demo.from);
    if (!sender) continue;
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.customerId, sender.customerId),
          eq(accounts.type, ACCOUNT_TYPES.payment),
          eq(accounts.accountStatusId, ACCOUNT_STATUS.active),
          eq(accounts.currencyCode, 'EUR'),
        ),
      )
      .orderBy(asc(accounts.id))
      .limit(1);
    if (!account) continue;
    const payer = await userOf(tx, demo.to);
    await tx.insert(invoices).values({
      brandId: 'pebble',
      kind: demo.kind,
      payeeCustomerId: sender.customerId,
      payeeUserId: sender.id,
      payeeAccountId: account.id,
      payerEmail: demo.to,
      payerCustomerId: payer?.customerId ?? null,
      amount: demo.amount,
      currencyCode: 'EUR',
      status: demo.status ?? 'unpaid',
      dueDate: new Date(now + demo.dueInDays * 86_400_000).toISOString().slice(0, 10),
      noteBody: demo.note,
      rejectNote: demo.rejectNote ?? null,
      language: sender.language,
      linkOrigin: DEMO_ORIGIN,
    });
  }
}
