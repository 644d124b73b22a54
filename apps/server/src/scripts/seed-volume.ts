import { parseArgs } from 'node:util';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { accounts, users } from '../db/schema';
import { seedDemo } from '../db/seed';
import { generateHistoryVolume } from '../modules/history';

/*
 * `npm run seed:volume [-- --count 1000000 --email personal@ledgerline.test --currency EUR]`: gives
 * one demo account a large history (default: personal@ledgerline.test's EUR payment account, one
 * million transfers over the last two years) in the configured database (DATABASE_URL, else
 * PGlite in DATA_DIR). Bulk INSERT … SELECT generate_series in batches that keep the ledger
 * balanced (modules/history/volume.ts); a second run adds nothing. With PGlite, stop the server
 * first: one process at a time may open its data directory.
 */

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000000' },
      email: { type: 'string', default: 'personal@ledgerline.test' },
      currency: { type: 'string', default: 'EUR' },
    },
    strict: true,
  });
  const total = Number(values.count);
  if (!Number.isInteger(total) || total < 1 || total > 20_000_000) {
    console.error('--count must be a whole number from 1 to 20000000');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db, { cardDataKey: config.cardDataKey });
    const [user] = await database.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${values.email.toLowerCase()}`);
    if (!user) throw new Error(`No user ${values.email}`);
    const [account] = await database.db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.customerId, user.customerId),
          eq(accounts.type, 1001),
          eq(accounts.currencyCode, values.currency.toUpperCase()),
        ),
      )
      .orderBy(asc(accounts.id))
      .limit(1);
    if (!account) throw new Error(`${values.email} has no ${values.currency} payment account`);
    const started = performance.now();
    let lastPrint = 0;
    const result = await generateHistoryVolume(database.db, {
      accountId: account.id,
      count: total,
      onBatch(done, count) {
        if (performance.now() - lastPrint > 2000 || done === count) {
          lastPrint = performance.now();
          console.log(
            `  ${done.toLocaleString('en')} / ${count.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
          );
        }
      },
    });
    console.log(
      `Account ${account.id} (${values.email}, ${account.currencyCode}) on ${database.kind}: ${result.inserted.toLocaleString('en')} transfers added, ` +
        `${result.skipped.toLocaleString('en')} already there, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
