/**
 * The real Ledgerline server for the merchant figures (issue 18), started by the bench as
 * `node --import tsx bench/src/merchant-server.ts` with the same environment as apps/server's
 * main.ts (production mode), plus:
 * - a business (bench-merchant@bench.ledgerline.test, Bench Merchant Ltd) with a EUR payment
 *   account holding BENCH_MERCHANT_PAYMENTS transfers (the history's bulk generator: money in
 *   and out, as a shop's account sees it), so the public API's payments list has real depth;
 * - webhook deliveries to loopback allowed (production refuses private addresses; the bench's
 *   receiver is on 127.0.0.1): the address policy the server built is switched before it listens;
 * - two bench-only routes (never in the product): POST /bench/webhook-events {count} writes that
 *   many payment.received events into the outbox in one transaction (enqueueWebhookEvent, as a
 *   payment does) and answers when it committed; GET /bench/webhook-status counts the outbox's
 *   messages by status and answers the time the last one was recorded delivered.
 */
import { sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, CUSTOMER_TYPES } from '@ledgerline/domain';
import { buildServer } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { selectRows, type Database } from '../../apps/server/src/db/client';
import { customers, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/crypto';
import { createCustomerAccount } from '../../apps/server/src/modules/accounts/service';
import { generateHistoryVolume } from '../../apps/server/src/modules/history/volume';
import { enqueueWebhookEvent } from '../../apps/server/src/modules/webhooks';
import { BENCH_PASSWORD, MERCHANT_EMAIL } from './bench-users';

async function seedMerchant(db: Database): Promise<{ customerId: number; accountId: number }> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({
        brandId: 'pebble',
        customerType: CUSTOMER_TYPES.business,
        businessName: 'Bench Merchant Ltd',
        residenceCountryCode: 'GB',
        verified: true,
      })
      .returning({ id: customers.id });
    if (!customer) throw new Error('bench seed: merchant insert returned nothing');
    await tx.insert(users).values({ customerId: customer.id, email: MERCHANT_EMAIL, passwordHash });
    const account = await createCustomerAccount(tx, {
      customerId: customer.id,
      type: ACCOUNT_TYPES.payment,
      currencyCode: 'EUR',
    });
    return { customerId: customer.id, accountId: account.id };
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const payments = Number(process.env.BENCH_MERCHANT_PAYMENTS ?? 20_000);
  const { app, database, services } = await buildServer({ config });
  // The receiver is on loopback: allowed here as it is outside production (services.ts). The
  // sender and the webhook routes hold this same policy object.
  services.webhookAddresses.allowPrivate = true;
  const db = database.db;
  const merchant = await seedMerchant(db);
  if (payments > 0)
    await generateHistoryVolume(db, {
      accountId: merchant.accountId,
      count: payments,
      batchSize: 10_000,
      // Within the last 90 days: a busy shop's recent quarter.
      from: new Date(Date.now() - 90 * 86_400_000),
      to: new Date(Date.now() - 60_000),
    });

  app.post('/bench/webhook-events', async (request) => {
    const { count } = request.body as { count: number };
    const started = Date.now();
    let messages = 0;
    await db.transaction(async (tx) => {
      for (let index = 0; index < count; index += 1)
        messages += await enqueueWebhookEvent(tx, {
          customerId: merchant.customerId,
          type: 'payment.received',
          data: {
            transactionId: `bench-${index}`,
            accountId: merchant.accountId,
            amount: '1.00',
            currency: 'EUR',
            payerName: 'Bench Payer',
            reference: `BENCH-${index}`,
          },
        });
    });
    return { messages, startedAt: started, committedAt: Date.now() };
  });
  app.get('/bench/webhook-status', async () => {
    const rows = await selectRows<{ status: string; n: number; last: string | null }>(
      db,
      sql`select status, count(*)::int as n,
            (extract(epoch from max(delivered_at)) * 1000)::bigint::text as last
          from webhook_messages group by status`,
    );
    const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    const last = rows.find((row) => row.status === 'delivered')?.last;
    return {
      pending: count('pending'),
      delivered: count('delivered'),
      failed: count('failed'),
      lastDeliveredAt: last ? Number(last) : null,
    };
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().finally(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`bench merchant server ready (${database.kind}, ${payments} payments)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
