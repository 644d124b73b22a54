import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { feeRules } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { Money } from '../ledger/money';
import { transferFixtures } from './test-fixtures';

/*
 * Decision 107: a transfer's fee rule comes from the process's cache, which forgets fee_rules when
 * the database notifies a change (a trigger of migration 0030). The cache keeps an entry for 60 s
 * otherwise, so a fee still charged at the old rule seconds after the change fails this test.
 */

let server: TestServer;
let personal: string;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  personal = await server.signIn('personal@ledgerline.test');
}, 240_000);
afterAll(async () => {
  await assertLedgerBalanced(f.db());
  await server.close();
});

async function payAnna(fromAccount: number) {
  const { status, body } = await f.call('transferP2P', personal, {
    fromAccount,
    email: 'anna@pebble.example',
    amount: '20',
    idempotencyKey: f.key(),
  });
  expect(status).toBe(200);
  return new Money(body.fee).toFixed(2);
}

describe('the cached fee rules', () => {
  it('charge a changed fee on the next transfers, once the database has told of the change', async () => {
    const from = await f.accountIn(personal, 'EUR');
    // Twice: the second is answered from the cache.
    expect(await payAnna(from.accountId)).toBe('0.50');
    expect(await payAnna(from.accountId)).toBe('0.50');
    const changed = await f
      .db()
      .update(feeRules)
      .set({ minFee: '2' })
      .where(and(eq(feeRules.brandId, 'pebble'), eq(feeRules.operation, 'p2p')))
      .returning({ id: feeRules.id });
    expect(changed.length).toBeGreaterThan(0);
    // The notification arrives when the change commits; on PostgreSQL through another connection.
    await vi.waitFor(async () => expect(await payAnna(from.accountId)).toBe('2.00'), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await payAnna(from.accountId)).toBe('2.00');
  }, 120_000);
});
