import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows, type DbOrTx } from '../src/db/client';

/**
 * The ledger's invariants over the whole database; call it after every test that moves money:
 * settled postings sum to zero per currency, each transfer's legs (settled and pending) sum to
 * zero per currency, every customer account's cached balance equals the sum of its settled
 * postings, its pending_amount equals what its pending transfers hold back, and no customer
 * account sits below its minimum. Also that each transfer's first posting on an account, and only
 * it, is marked first_on_account (assertFirstPostingsMarked), and that every posting's phase_rest
 * is the sum of its transfer's other postings on its account in its phase (assertPhaseRests).
 */
export async function assertLedgerBalanced(db: DbOrTx): Promise<void> {
  const unbalancedCurrencies = await selectRows<{ currency_code: string; total: string }>(
    db,
    sql`select currency_code, sum(amount)::text as total from postings where not pending group by currency_code having sum(amount) <> 0`,
  );
  expect(unbalancedCurrencies, 'settled postings sum to zero per currency').toEqual([]);

  const unbalancedTransfers = await selectRows<{ transfer_id: string }>(
    db,
    sql`select transfer_id from postings group by transfer_id, currency_code, pending having sum(amount) <> 0`,
  );
  expect(unbalancedTransfers, 'every transfer sums to zero per currency').toEqual([]);

  const wrongCaches = await selectRows<{
    id: number;
    balance: string;
    derived: string;
    pending_amount: string;
    reserved: string;
  }>(
    db,
    sql`
      with settled as (
        select account_id, sum(amount) as total from postings where not pending group by account_id
      ), held as (
        select account_id, sum(greatest(-net, 0)) as total from (
          select p.account_id, p.transfer_id, sum(p.amount) as net
          from postings p join ledger_transfers t on t.id = p.transfer_id
          where p.pending and t.status = 'pending'
          group by p.account_id, p.transfer_id
        ) per_transfer group by account_id
      )
      select a.id, a.balance::text as balance, coalesce(s.total, 0)::text as derived,
             a.pending_amount::text as pending_amount, coalesce(h.total, 0)::text as reserved
      from accounts a
      left join settled s on s.account_id = a.id
      left join held h on h.account_id = a.id
      where a.customer_id is not null
        and (a.balance <> coalesce(s.total, 0) or a.pending_amount <> coalesce(h.total, 0))`,
  );
  expect(wrongCaches, 'cached balances and pending amounts match the postings').toEqual([]);

  const belowMinimum = await selectRows<{ id: number }>(
    db,
    sql`select id from accounts where customer_id is not null and balance - pending_amount < account_balance_min`,
  );
  expect(belowMinimum, 'no customer account below its minimum').toEqual([]);

  await assertFirstPostingsMarked(db);
  await assertPhaseRests(db);
}

/**
 * History shows a transfer on an account with the account's net of that phase, read as the marked
 * posting's amount plus its phase_rest (decision 128): each posting's phase_rest must be the sum of
 * the transfer's other postings on the same account with the same pending flag, whatever path
 * wrote it. A path that writes it wrong shows a wrong amount or direction; this names the postings.
 */
export async function assertPhaseRests(db: DbOrTx): Promise<void> {
  const wrongRests = await selectRows<{ id: string; phase_rest: string; rest: string }>(
    db,
    sql`select id::text as id, phase_rest::text as phase_rest, rest::text as rest from (
          select id, phase_rest, sum(amount) over (partition by transfer_id, account_id, pending) - amount as rest
          from postings) p
        where phase_rest <> rest
        order by id limit 20`,
  );
  expect(
    wrongRests,
    "each posting carries the sum of its transfer's other postings on the account in its phase",
  ).toEqual([]);
}

/**
 * History's items are the postings marked first_on_account (decision 122): the mark must sit on
 * each transfer's lowest posting id on each account and nowhere else, whatever path wrote them.
 * A path that forgets it hides a transfer from history or lists it twice; this names the postings.
 */
export async function assertFirstPostingsMarked(db: DbOrTx): Promise<void> {
  const wrongMarks = await selectRows<{ id: string; transfer_id: string; account_id: number }>(
    db,
    sql`select p.id::text as id, p.transfer_id, p.account_id from postings p
        where p.first_on_account is distinct from not exists (
          select 1 from postings e where e.transfer_id = p.transfer_id and e.account_id = p.account_id and e.id < p.id)
        order by p.id limit 20`,
  );
  expect(wrongMarks, "each transfer's first posting on an account is marked, and only it").toEqual(
    [],
  );
}
