import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@playwright/test';
import { apiSignIn, expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * The signed-in realtime channel (one socket per tab): money another customer sends shows on the
 * receiver's home screen at once, without a reload, through AccountChanged. The pair is used by no
 * other money test, so the balances are this test's alone.
 */
const PAYER = 'business@ledgerline.test';
const PAYEE = 'limited@ledgerline.test';
const AMOUNT_CENTS = 1234n;

/** '€1,234.50' → 123450 (cents, never a float). */
function cents(text: string): bigint {
  const match = /€([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no euro amount in "${text}"`);
  return BigInt(match[1]!.replaceAll(',', '')) * 100n + BigInt(match[2]!);
}

function euros(value: bigint): string {
  const whole = (value / 100n).toLocaleString('en-US');
  return `€${whole}.${(value % 100n).toString().padStart(2, '0')}`;
}

test('money from another customer shows on home at once, over the one realtime socket of the tab', async ({
  page,
  request,
}) => {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/realtime') sockets.push(socket);
  });

  await signInThroughApi(page, PAYEE);
  await expect(page).toHaveURL(/\/home$/);
  const row = page.getByTestId('account-row').filter({ hasText: 'EUR account' });
  await expect(row).toContainText('€');
  const before = cents((await row.textContent()) ?? '');
  await expect.poll(() => sockets.length).toBe(1);
  // A reload would bring the new balance too: this mark shows none happened.
  await page.evaluate(() => {
    (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });

  const token = await apiSignIn(request, PAYER);
  const headers = { authorization: `Bearer ${token}` };
  const accounts = (await (
    await request.post('/api/main/?getAccounts', { headers, data: {} })
  ).json()) as {
    accounts: { accountId: number; type: number; currencyCode: string }[];
  };
  const from = accounts.accounts.find(
    (account) => account.type === 1001 && account.currencyCode === 'EUR',
  );
  expect(from).toBeDefined();
  const sent = await request.post('/api/main/?transferP2P', {
    headers,
    data: {
      fromAccount: from!.accountId,
      email: PAYEE,
      amount: '12.34',
      idempotencyKey: randomUUID(),
    },
  });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ responseCode: '00', status: 'settled' });

  await expect(row).toContainText(euros(before + AMOUNT_CENTS));
  expect(
    await page.evaluate(
      () => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage,
    ),
  ).toBe(true);

  // Moving between screens keeps the same socket; signing out closes it.
  await page.getByRole('link', { name: 'Cards' }).first().click();
  await expect(page).toHaveURL(/\/cards/);
  await page.goBack();
  await expect(row).toBeVisible();
  expect(sockets).toHaveLength(1);
  expect(sockets[0]!.isClosed()).toBe(false);
  await expectAccessible(page, '/home');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => sockets[0]!.isClosed()).toBe(true);
  expect(sockets).toHaveLength(1);
});
