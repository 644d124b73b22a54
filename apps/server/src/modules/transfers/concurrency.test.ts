import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerTransfers } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { Money } from '../ledger/money';
import { transferFixtures } from './test-fixtures';

let server: TestServer;
let personal: string;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  personal = await server.signIn('personal@ledgerline.test');
}, 240_000);
afterAll(async () => {
  await server.close();
});

describe('concurrent transfers from one account', () => {
  it('lets exactly the affordable ones of 200 concurrent API transfers through and never overdraws', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const to = await f.accountIn(personal, 'EUR', { wallet: true });
    const start = await f.row(from.accountId);
    const available = new Money(start.balance)
      .minus(start.pendingAmount)
      .minus(start.accountBalanceMin);
    const amount = new Money(25);
    const affordable = available.dividedBy(amount).floor().toNumber();
    expect(affordable).toBeGreaterThan(10);
    expect(affordable).toBeLessThan(200);

    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        f.call('transferBetweenAccounts', personal, {
          fromAccount: from.accountId,
          toAccount: to.accountId,
          toAmount: amount.toFixed(),
          currency: 'EUR',
          idempotencyKey: f.key(),
        }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(succeeded).toHaveLength(affordable);
    expect(
      refused.every(
        (answer) =>
          answer.status === 400 &&
          answer.body.validationErrors?.amount === 'validation.insufficientFunds',
      ),
    ).toBe(true);
    const end = await f.row(from.accountId);
    expect(new Money(end.balance).toFixed(8)).toBe(
      new Money(start.balance).minus(amount.times(affordable)).toFixed(8),
    );
    expect(
      new Money(end.balance).minus(end.pendingAmount).greaterThanOrEqualTo(end.accountBalanceMin),
    ).toBe(true);
    const settled = await f
      .db()
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(
        and(eq(ledgerTransfers.kind, 'betweenAccounts'), eq(ledgerTransfers.status, 'settled')),
      );
    expect(settled).toHaveLength(affordable);
    await assertLedgerBalanced(f.db());
  }, 300_000);
});
