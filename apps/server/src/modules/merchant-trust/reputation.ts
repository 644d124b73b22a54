import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { normaliseReputationEmail, REPUTATION_PAGE_SIZE } from '@ledgerline/domain';
import type { ReputationEntry, ReputationSummary } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/client';
import { customerIdentities, customers, preapprovals, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { Money, moneyText } from '../ledger';
import { REFUND_KIND } from '../pay';
import { PULL_KIND } from '../preapproved';
import { identityRequestsTo } from './identity-requests';
import { brandIdOf } from '../customers';

/*
 * Reputation (issue 18; spec 2 §3 "Reputation entries, filtered by email", §5 "trims the email",
 * §9 "100 a page"; decision 97): what the company's own dealings say about a payer. A payer
 * is a customer of the company's brand whose user has the e-mail and who has paid or been paid by
 * the company (settled money between their accounts: payments, paid payment requests, pulls,
 * refunds) or has given it a pre-approval (confirmed: active, completed or cancelled; a cancelled
 * one adds a second entry at its cancellation). Anyone else — a customer who never dealt
 * with the company, a customer of another brand, an unknown e-mail — answers the same: no summary,
 * only the company's own identity requests to that address. So the answer tells nobody who banks here.
 */

interface MoneyRow extends Record<string, unknown> {
  id: string;
  kind: string;
  status: string;
  currency_code: string;
  created_at: Date | string;
  reverses_transfer_id: string | null;
  /** The payment of one of the company's payment requests (pay's shared table). */
  paid_request: boolean;
  net: string;
}

function isoOf(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The payer customers of the company's brand whose user has this e-mail. */
async function payersOf(db: Database, brandId: string, email: string) {
  return db
    .select({ customerId: customers.id, createdAt: customers.createdAt })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(and(sql`lower(${users.email}) = ${email}`, eq(customers.brandId, brandId)))
    .orderBy(customers.id);
}

/** Settled transfers between the company's accounts and the payer's, with the company's net. */
async function dealings(db: Database, companyId: number, payerId: number): Promise<MoneyRow[]> {
  return selectRows<MoneyRow>(
    db,
    sql`select t.id, t.kind, t.status, t.currency_code, t.created_at, t.reverses_transfer_id,
          exists (select 1 from payment_requests pr
            where pr.payment_transfer_id = t.id and pr.customer_id = ${companyId}) as paid_request,
          sum(pc.amount)::text as net
        from ledger_transfers t
        join postings pc on pc.transfer_id = t.id and pc.pending = false
          and pc.account_id in (select id from accounts where customer_id = ${companyId})
        where exists (
          select 1 from postings pp where pp.transfer_id = t.id and pp.pending = false
            and pp.account_id in (select id from accounts where customer_id = ${payerId}))
        group by t.id
        order by t.created_at desc, t.id desc`,
  );
}

function moneyEntry(row: MoneyRow): ReputationEntry | null {
  const net = new Money(row.net);
  if (net.isZero()) return null;
  const amount = moneyText(net.abs());
  const refund =
    row.kind === REFUND_KIND ||
    row.reverses_transfer_id !== null ||
    row.kind.toLowerCase().includes('refund');
  return {
    kind: net.isPositive()
      ? row.paid_request
        ? 'paymentRequestPaid'
        : row.kind === PULL_KIND
          ? 'preapprovedPull'
          : 'paymentReceived'
      : refund
        ? 'refund'
        : 'paymentSent',
    amount,
    currencyCode: row.currency_code,
    status: row.status,
    at: isoOf(row.created_at),
  };
}

/** The pre-approvals the payer confirmed for the company, and their cancellations. */
async function preapprovalEntries(
  db: Database,
  companyId: number,
  payerId: number,
): Promise<ReputationEntry[]> {
  const rows = await db
    .select({
      status: preapprovals.status,
      amount: preapprovals.amountCap,
      currencyCode: preapprovals.currencyCode,
      createdAt: preapprovals.createdAt,
      cancelledAt: preapprovals.cancelledAt,
      cancelledBy: preapprovals.cancelledBy,
    })
    .from(preapprovals)
    .where(
      and(
        eq(preapprovals.merchantCustomerId, companyId),
        eq(preapprovals.payerCustomerId, payerId),
        inArray(preapprovals.status, ['active', 'completed', 'cancelled']),
      ),
    );
  return rows.flatMap((row): ReputationEntry[] => {
    const given: ReputationEntry = {
      kind: 'preapproval',
      amount: moneyText(new Money(row.amount)),
      currencyCode: row.currencyCode,
      status: row.status,
      at: row.createdAt.toISOString(),
    };
    if (row.status !== 'cancelled' || !row.cancelledAt) return [given];
    return [
      given,
      {
        kind: 'subscriptionCancelled',
        amount: null,
        currencyCode: null,
        status: row.cancelledBy ?? 'payer',
        at: row.cancelledAt.toISOString(),
      },
    ];
  });
}

export async function reputationOf(
  db: Database,
  actor: Actor,
  input: { email: string; pageNumber: number },
): Promise<{
  summary: ReputationSummary | null;
  entries: ReputationEntry[];
  pageSize: number;
  pageNumber: number;
  total: number;
}> {
  const email = normaliseReputationEmail(input.email);
  const companyBrand = await brandIdOf(db, actor.customerId);
  const entries: ReputationEntry[] = [];
  let summary: ReputationSummary | null = null;
  if (companyBrand !== null) {
    for (const payer of await payersOf(db, companyBrand, email)) {
      if (payer.customerId === actor.customerId) continue;
      const money = (await dealings(db, actor.customerId, payer.customerId))
        .map(moneyEntry)
        .filter((entry): entry is ReputationEntry => entry !== null);
      const approvals = await preapprovalEntries(db, actor.customerId, payer.customerId);
      if (money.length === 0 && approvals.length === 0) continue;
      entries.push(...money, ...approvals);
      if (summary === null) {
        const [identity] = await db
          .select({ status: customerIdentities.status })
          .from(customerIdentities)
          .where(eq(customerIdentities.customerId, payer.customerId))
          .orderBy(desc(customerIdentities.id))
          .limit(1);
        summary = {
          identityVerified: identity?.status === 'validated',
          customerSince: payer.createdAt.toISOString().slice(0, 7),
        };
      }
    }
  }
  // The company's own requests to the address: its own records, whoever the person is.
  for (const request of await identityRequestsTo(db, actor.customerId, email))
    entries.push({
      kind: 'identityRequest',
      amount: null,
      currencyCode: null,
      status: request.status,
      at: request.createdAt,
    });
  entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const start = (input.pageNumber - 1) * REPUTATION_PAGE_SIZE;
  return {
    summary,
    entries: entries.slice(start, start + REPUTATION_PAGE_SIZE),
    pageSize: REPUTATION_PAGE_SIZE,
    pageNumber: input.pageNumber,
    total: entries.length,
  };
}
