/**
 * The real Ledgerline server for the transfer figures, started by the bench as
 * `node --import tsx bench/src/transfer-server.ts` with the same environment as apps/server's
 * main.ts, plus:
 * - BENCH_PAYERS customers (bench-payer-N@bench.ledgerline.test), each with a funded EUR
 *   payment account and a funded EUR wallet, and one payee (bench-hot@…) with one EUR account, all with confirmation
 *   mode 0 and the transfer flags, no limits: every transfer settles at once;
 * - a business (bench-mass@…) with the mass permission group, a confirmed address (money sent
 *   abroad needs one) and a funded EUR payment account, confirming nothing: the mass figures;
 * - two bench-only routes (never in the product): POST /bench/raw-commits measures the same
 *   database committing transactions of plain inserts through the server's own connection(s),
 *   GET /bench/written counts the rows the ledger and audit log hold, to size those transactions.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ACCOUNT_TYPES, CUSTOMER_TYPES } from '@ledgerline/domain';
import { buildServer } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import {
  customerAddresses,
  customers,
  transferPermissions,
  users,
} from '../../apps/server/src/db/schema';
import { seedDemo } from '../../apps/server/src/db/seed';
import { hashPassword } from '../../apps/server/src/lib/crypto';
import { createCustomerAccount } from '../../apps/server/src/modules/accounts/service';
import { postTransfer, systemAccount } from '../../apps/server/src/modules/ledger/ledger';
import { BENCH_PASSWORD, HOT_EMAIL, MASS_EMAIL, payerEmail } from './bench-users';

const BENCH_OPENING = '1000000';

const flagsOf = (groups: readonly (keyof typeof TRANSFER_PERMISSION_GROUPS)[]) =>
  Object.fromEntries(
    groups.flatMap((group) =>
      TRANSFER_PERMISSION_GROUPS[group].map((name) => [`${group}.${name}`, true]),
    ),
  );
const FLAGS = flagsOf(['ownAccount', 'otherPerson']);
const MASS_OPENING = '100000000';

async function seedBench(db: Database, payers: number): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.transaction(async (tx) => {
    // One account per type and currency (accounts_customer_type_currency): a EUR payment account and a EUR wallet.
    const person = async (
      email: string,
      firstName: string,
      types: readonly number[],
      opening: string,
      business = false,
    ) => {
      const [customer] = await tx
        .insert(customers)
        .values({
          brandId: 'pebble',
          customerType: business ? CUSTOMER_TYPES.business : CUSTOMER_TYPES.personal,
          ...(business ? { businessName: 'Bench Payroll Ltd' } : { firstName, lastName: 'Bench' }),
          residenceCountryCode: 'GB',
          verified: true,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('bench seed: customer insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({ customerId: customer.id, email, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error('bench seed: user insert returned nothing');
      await tx.insert(transferPermissions).values({
        userId: user.id,
        customerId: customer.id,
        flags: business ? flagsOf(['ownAccount', 'otherPerson', 'mass']) : FLAGS,
      });
      if (business)
        await tx.insert(customerAddresses).values({
          customerId: customer.id,
          address1: '1 Bench Street',
          city: 'London',
          postalCode: 'EC1A 1AA',
          countryCode: 'GB',
          addressStatus: 'confirmed',
          proofOfResidenceStatus: 'validated',
        });
      for (const type of types) {
        const account = await createCustomerAccount(tx, {
          customerId: customer.id,
          type,
          currencyCode: 'EUR',
        });
        if (opening === '0') continue;
        const source = await systemAccount(tx, 'openingBalance', 'EUR');
        await postTransfer(tx, {
          kind: 'openingBalance',
          customerId: customer.id,
          initiatedByUserId: null,
          status: 'settled',
          postings: [
            { accountId: source.id, amount: `-${opening}` },
            { accountId: account.id, amount: opening },
          ],
          details: { description: 'Opening balance' },
        });
      }
    };
    for (let i = 0; i < payers; i += 1)
      await person(
        payerEmail(i),
        `Payer${i}`,
        [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.prepaidFunding],
        BENCH_OPENING,
      );
    await person(HOT_EMAIL, 'Hot', [ACCOUNT_TYPES.payment], '0');
    await person(MASS_EMAIL, 'Mass', [ACCOUNT_TYPES.payment], MASS_OPENING, true);
  });
}

/** `transactions` commits of `rows` single-row inserts each, `concurrency` at a time; answers the elapsed time. */
async function rawCommits(
  db: Database,
  input: { rows: number; transactions: number; concurrency: number },
): Promise<{ seconds: number }> {
  await db.execute(sql`create table if not exists bench_raw (
    id bigserial primary key, transfer_id uuid not null, account_id integer not null,
    amount numeric(38, 8) not null, currency_code text not null, details jsonb not null, created_at timestamptz not null default now())`);
  let next = 0;
  const worker = async () => {
    while (next < input.transactions) {
      next += 1;
      const id = randomUUID();
      await db.transaction(async (tx) => {
        for (let row = 0; row < input.rows; row += 1) {
          await tx.execute(
            sql`insert into bench_raw (transfer_id, account_id, amount, currency_code, details) values (${id}, ${row + 1}, ${'12.34000000'}, ${'EUR'}, ${JSON.stringify({ description: 'bench' })}::jsonb)`,
          );
        }
      });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: input.concurrency }, worker));
  return { seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const payers = Number(process.env.BENCH_PAYERS ?? 50);
  const { app, database } = await buildServer({ config });
  // The demo seed brings the brands' fee rules (P2P pays 0.2 %, at least 0.50).
  await seedDemo(database.db, { cardDataKey: config.cardDataKey });
  await seedBench(database.db, payers);
  const db = database.db;
  app.post('/bench/raw-commits', async (request) => {
    const body = request.body as { rows: number; transactions: number; concurrency: number };
    return rawCommits(db, body);
  });
  app.get('/bench/written', async () => {
    const [row] = (
      (await db.execute(
        sql`select (select count(*) from ledger_transfers)::int as transfers, (select count(*) from postings)::int as postings, (select count(*) from audit_log)::int as audit`,
      )) as unknown as { rows: { transfers: number; postings: number; audit: number }[] }
    ).rows;
    return row;
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().finally(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`bench transfer server ready (${database.kind}, ${payers} payers)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
