import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { Authorization } from '@ledgerline/contract';
import { selectRows, type DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { Money, moneyText } from '../ledger';
import { detailsOf } from './query';

/*
 * Authorisations (spec 2 §6, §7): money held before it moves. In the ledger a hold is a transfer
 * posted pending (its reservation), later settled, rejected (declined) or reversed, so the lists
 * are read from the ledger: a current account's own holds, and for a settlement account every
 * movement of the debit cards it settles (the card processor simulator has no authorisation
 * stream of its own; card movements are ledger transfers on the card accounts).
 */

const STATUS: Record<string, Authorization['status']> = {
  pending: 'pending',
  settled: 'completed',
  rejected: 'declined',
  reversed: 'reversed',
};

export async function listAuthorizations(
  db: DbOrTx,
  account: typeof accounts.$inferSelect,
  input: { kind: 'debitCard' | 'currentAccount'; pageNumber: number; pageSize: number },
): Promise<{ authorizations: Authorization[]; total: number }> {
  let accountIds: number[] = [account.id];
  if (input.kind === 'debitCard') {
    const cards = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.settlementAccountId, account.id),
          eq(accounts.customerId, account.customerId!),
        ),
      );
    // Spec 2 §6: debit card history is shown only for a settlement account.
    if (
      cards.length === 0 ||
      account.type < ACCOUNT_TYPES.payment ||
      account.type > ACCOUNT_TYPES.receiving
    ) {
      throw AppError.invalid(
        { accountId: 'validation.notSettlementAccount' },
        'Debit card history is shown only for a settlement account',
      );
    }
    accountIds = cards.map((card) => card.id);
  }
  const ids = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // A current account's authorisations are its holds: transfers first posted pending there.
  const onlyHolds = input.kind === 'currentAccount' ? sql`and p.pending` : sql``;
  const from = sql`from postings p
    join ledger_transfers t on t.id = p.transfer_id
    join accounts a on a.id = p.account_id
    where p.account_id in (${ids}) ${onlyHolds} and p.first_on_account`;
  const rows = await selectRows<{
    id: string;
    account_id: number;
    created_at: string | Date;
    status: string;
    last4: string | null;
    currency: string;
    details: Record<string, unknown> | string;
    net: string;
  }>(
    db,
    sql`select t.id, p.account_id, p.created_at, t.status, a.card_pan_last4 as last4, a.currency_code as currency, t.details,
          (p.amount + p.phase_rest)::text as net
        ${from}
        order by p.created_at desc, p.id desc
        limit ${input.pageSize} offset ${(input.pageNumber - 1) * input.pageSize}`,
  );
  const [total] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(*)::int as count ${from}`,
  );
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value : null;
  return {
    total: Number(total?.count ?? 0),
    authorizations: rows.map((row) => {
      const details = detailsOf(row);
      return {
        id: row.id,
        date: (row.created_at instanceof Date
          ? row.created_at
          : new Date(row.created_at)
        ).toISOString(),
        accountId: row.account_id,
        cardLast4: row.last4,
        merchant: text(details.merchant) ?? text(details.payeeText) ?? text(details.beneficiary),
        amount: moneyText(new Money(row.net).abs()),
        currency: row.currency,
        status: Object.hasOwn(STATUS, row.status) ? STATUS[row.status]! : 'pending',
        description: text(details.description),
      };
    }),
  };
}
