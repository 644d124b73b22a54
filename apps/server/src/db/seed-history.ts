import { and, asc, eq, sql } from 'drizzle-orm';
import { csvLine } from '@ledgerline/domain/csv';
import { Money } from '../modules/ledger';
import { generateHistoryVolume } from '../modules/history';
import type { Tx } from './client';
import { accounts, batchTransfers, users } from './schema';

/*
 * Demo batch transfers (issue 7): a few uploaded mass-payout files for the business demo users, so
 * /history/batch-transfers lists real rows with real files. Counts and totals are computed from the
 * file lines, never typed in. Idempotent: a batch of the same name is not added twice.
 */

interface DemoBatch {
  name: string;
  type: 'wire' | 'eft' | 'p2p' | 'instant_payment';
  status: 'completed' | 'partiallyCompleted' | 'processing' | 'failed';
  daysAgo: number;
  currency: string;
  lines: { name: string; email: string; account: string; amount: string; description: string }[];
}

const BATCHES: Record<string, DemoBatch[]> = {
  'business@ledgerline.test': [
    {
      name: 'October payroll',
      type: 'wire',
      status: 'completed',
      daysAgo: 40,
      currency: 'EUR',
      lines: [
        {
          name: 'Maja Kovač',
          email: 'maja.kovac@example.com',
          account: 'DE89370400440532013000',
          amount: '3120.00',
          description: 'Salary October',
        },
        {
          name: 'Lars Eriksen',
          email: 'lars.eriksen@example.com',
          account: 'NL91ABNA0417164300',
          amount: '2875.50',
          description: 'Salary October',
        },
        {
          name: 'Inês Duarte',
          email: 'ines.duarte@example.com',
          account: 'PT50000201231234567890154',
          amount: '2640.00',
          description: 'Salary October',
        },
      ],
    },
    {
      name: 'Supplier run week 44',
      type: 'eft',
      status: 'partiallyCompleted',
      daysAgo: 21,
      currency: 'EUR',
      lines: [
        {
          name: 'Quayside Print Ltd',
          email: 'accounts@quayside.example',
          account: 'GB82WEST12345698765432',
          amount: '1250.00',
          description: 'Invoice 2211',
        },
        {
          name: 'Northwind Grocers',
          email: 'billing@northwind.example',
          account: 'FR1420041010050500013M02606',
          amount: '384.20',
          description: 'Invoice NW-5521',
        },
      ],
    },
    {
      name: 'November payroll',
      type: 'wire',
      status: 'processing',
      daysAgo: 2,
      currency: 'EUR',
      lines: [
        {
          name: 'Maja Kovač',
          email: 'maja.kovac@example.com',
          account: 'DE89370400440532013000',
          amount: '3120.00',
          description: 'Salary November',
        },
        {
          name: 'Lars Eriksen',
          email: 'lars.eriksen@example.com',
          account: 'NL91ABNA0417164300',
          amount: '2875.50',
          description: 'Salary November',
        },
        {
          name: 'Inês Duarte',
          email: 'ines.duarte@example.com',
          account: 'PT50000201231234567890154',
          amount: '2710.00',
          description: 'Salary November',
        },
        {
          name: 'Tobias Weber',
          email: 'tobias.weber@example.com',
          account: 'DE02120300000000202051',
          amount: '1980.00',
          description: 'Salary November',
        },
      ],
    },
  ],
  'office@harbourlight.example': [
    {
      name: 'Freelancers September',
      type: 'p2p',
      status: 'completed',
      daysAgo: 60,
      currency: 'GBP',
      lines: [
        {
          name: 'Ioana Popescu',
          email: 'ioana@harbourlight.example',
          account: '',
          amount: '450.00',
          description: 'Illustrations',
        },
        {
          name: 'Tomás Ribeiro',
          email: 'tomas@northmere.example',
          account: '',
          amount: '320.75',
          description: 'Copy editing',
        },
      ],
    },
  ],
};

function fileOf(batch: DemoBatch): string {
  return [
    csvLine([
      'beneficiaryName',
      'beneficiaryEmail',
      'account',
      'amount',
      'currency',
      'description',
    ]),
    ...batch.lines.map((line) =>
      csvLine(
        [line.name, line.email, line.account, line.amount, batch.currency, line.description],
        new Set([3]),
      ),
    ),
  ].join('');
}

/** The demo customer whose EUR account has half a year of varied history. */
export const DEMO_HISTORY_EMAIL = 'history@ledgerline.test';
const DEMO_HISTORY_COUNT = 150;
const DEMO_HISTORY_DAYS = 182;

export async function seedHistoryDemo(tx: Tx, emails: readonly string[]): Promise<void> {
  if (emails.includes(DEMO_HISTORY_EMAIL)) await seedDemoHistory(tx);
  for (const [email, batches] of Object.entries(BATCHES)) {
    if (!emails.includes(email)) continue;
    const [user] = await tx
      .select({ id: users.id, customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!user) continue;
    for (const batch of batches) {
      const [account] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.customerId, user.customerId),
            eq(accounts.currencyCode, batch.currency),
            eq(accounts.type, 1001),
          ),
        )
        .orderBy(asc(accounts.id))
        .limit(1);
      if (!account) continue;
      const [existing] = await tx
        .select({ id: batchTransfers.id })
        .from(batchTransfers)
        .where(
          and(eq(batchTransfers.customerId, user.customerId), eq(batchTransfers.name, batch.name)),
        );
      if (existing) continue;
      const total = batch.lines.reduce((sum, line) => sum.plus(line.amount), new Money(0));
      await tx.insert(batchTransfers).values({
        customerId: user.customerId,
        accountId: account.id,
        createdByUserId: user.id,
        name: batch.name,
        type: batch.type,
        status: batch.status,
        paymentsCount: batch.lines.length,
        totalAmount: total.toFixed(),
        currencyCode: batch.currency,
        fileName: `${batch.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`,
        fileContent: fileOf(batch),
        createdAt: new Date(Date.now() - batch.daysAgo * 86_400_000),
      });
    }
  }
}

/**
 * history@'s EUR account: 150 transfers spread over the last half year, through the same balanced
 * bulk path as `npm run seed:volume` (wires, EFTs, card purchases, instant payments and payouts out;
 * digital, wire and refund in; wire fees; one in 40 rejected), so statements span several months.
 * Idempotent like the generator: a second run adds nothing.
 */
async function seedDemoHistory(tx: Tx): Promise<void> {
  const [account] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(users, eq(users.customerId, accounts.customerId))
    .where(
      and(
        sql`lower(${users.email}) = ${DEMO_HISTORY_EMAIL}`,
        eq(accounts.currencyCode, 'EUR'),
        eq(accounts.type, 1001),
      ),
    )
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!account) return;
  const to = new Date(Date.now() - 2 * 60 * 60_000);
  const from = new Date(to.getTime() - DEMO_HISTORY_DAYS * 86_400_000);
  const { inserted } = await generateHistoryVolume(tx, {
    accountId: account.id,
    count: DEMO_HISTORY_COUNT,
    batchSize: DEMO_HISTORY_COUNT,
    from,
    to,
    rejectedEvery: 40,
    analyze: false,
  });
  if (inserted === 0) return;
  // The opening balance came first, so no past month of the statements ends below zero.
  const openedAt = new Date(from.getTime() - 86_400_000);
  await tx.execute(sql`
    with opening as (
      update ledger_transfers t set created_at = ${openedAt.toISOString()}::timestamptz, settled_at = ${openedAt.toISOString()}::timestamptz
      where t.kind = 'openingBalance' and exists (select 1 from postings p where p.transfer_id = t.id and p.account_id = ${account.id})
      returning t.id
    )
    update postings set created_at = ${openedAt.toISOString()}::timestamptz where transfer_id in (select id from opening)`);
}
