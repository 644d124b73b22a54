import Decimal from 'decimal.js';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, fromOutbox, signInThroughApi, test } from './fixtures';

/*
 * Prepaid card loading (issue 16C). prepaid@ledgerline.test is seeded for this spec alone: one
 * active Virtual Mastercard Prepaid in EUR, EUR and USD payment accounts, and SMS codes for
 * transfers. Balances are measured before and after, so a retry on CI still holds.
 */

const PHONE = '+44 7700 900456';

interface WireAccount {
  accountId: number;
  type: number;
  subType: string;
  currencyCode: string;
  balance: number | string;
}

function euros(value: Decimal): string {
  return `€${value.toFixed(2)}`;
}

/** Opens /cards (one card: its details) and answers the accounts the page read. */
async function openCard(page: Page): Promise<{ card: WireAccount; eur: WireAccount }> {
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/main/?getAccounts'),
  );
  await signInThroughApi(page, 'prepaid@ledgerline.test', { path: '/cards' });
  const { accounts } = (await (await answer).json()) as { accounts: WireAccount[] };
  const card = accounts.find((account) => account.subType === 'PREPAID');
  const eur = accounts.find((account) => account.type === 1001 && account.currencyCode === 'EUR');
  expect(card, 'prepaid@ holds a prepaid card').toBeDefined();
  expect(eur, 'prepaid@ holds a EUR account').toBeDefined();
  await expect(page).toHaveURL((url) => url.pathname === `/cards/${card!.accountId}`);
  return { card: card!, eur: eur! };
}

test.describe.configure({ timeout: 120_000 });

test('a prepaid card loaded with an SMS code shows its new balance', async ({ page }) => {
  const { card, eur } = await openCard(page);
  const before = new Decimal(String(card.balance));
  const amount = new Decimal('12.50');
  await expect(page.getByText(euros(before), { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Online payments' })).toBeVisible();
  await expectAccessible(page, '/cards/{prepaid}');

  await page.getByRole('link', { name: 'Load card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/card/${card.accountId}/load`);
  await expect(page.getByRole('heading', { level: 1, name: /^Load card/ })).toBeVisible();
  await page.getByLabel('From account').selectOption(String(eur.accountId));
  await page.getByLabel('Amount').fill(amount.toFixed(2));
  await expectAccessible(page, '/card/{prepaid}/load');
  await page.getByRole('button', { name: 'Review transfer' }).click();

  const review = page.getByRole('dialog', { name: 'Check and confirm' });
  await expect(review.getByTestId('review-amount')).toHaveText(euros(amount));
  // 0.5 % of 12.50 is below the 0.50 minimum.
  await expect(review.getByTestId('review-fee')).toHaveText('€0.50');
  await expect(review.getByTestId('review-balanceAfter')).toHaveText(euros(before.plus(amount)));
  await expect(review.getByTestId('review-total')).toHaveText(euros(amount.plus('0.50')));
  await expectAccessible(page, 'the load review');
  await review.getByRole('button', { name: `Load ${euros(amount)}` }).click();

  const codeDialog = page.getByRole('dialog', { name: 'Enter the code from the text message' });
  await expect(codeDialog).toBeVisible();
  const code = await fromOutbox(
    page.request,
    PHONE,
    /^(\d{6}) is your .+ code to send [\d.]+ EUR to Prepaid card/,
  );
  await codeDialog.getByLabel('Code').fill(code);
  await codeDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Transfer completed' })).toBeVisible();

  // The page's own figures follow the card (the confirmation refreshes them, AccountChanged too).
  await expect(page.getByTestId('fact-cardBalance')).toHaveText(euros(before.plus(amount)));
  await expect(page.getByRole('status').filter({ hasText: 'was loaded' })).toContainText(
    euros(before.plus(amount)),
  );

  await page.getByRole('link', { name: 'Back to the card' }).click();
  await expect(page.getByText(euros(before.plus(amount)), { exact: true })).toBeVisible();
});
