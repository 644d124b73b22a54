import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

interface WireAccount {
  accountId: number;
  type: number;
  accountStatusId: number;
  balance: string;
  pendingAmount: string;
  currencyCode: string;
  name: string | null;
}

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', RON: 'lei' };

/**
 * What a decimal string must look like on screen in English: grouped thousands, the currency's
 * two decimals (rounded half up), the spec's symbol before (or "lei" after) the number.
 * Written out here, independently of the app's formatter, so a wrong formatter fails the test.
 */
function expectedMoney(amount: string, currency: string): string {
  const rounded = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const negative = rounded.isNegative() && !rounded.isZero();
  const [digits = '0', decimals = '00'] = rounded.abs().toFixed(2).split('.');
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end));
  const grouped = groups.join(',');
  const number = `${grouped}.${decimals}`;
  const symbol = SYMBOLS[currency] ?? currency;
  if (/\p{L}/u.test(symbol)) return `${negative ? '-' : ''}${number} ${symbol}`;
  return `${negative ? '-' : ''}${symbol}${number}`;
}

const isMoneyAccount = (account: WireAccount) => account.type < 2006 || account.type > 2135;

/**
 * Signs in through the API (the sign-in page is sign-in.spec.ts's subject), opens home and answers
 * the getAccounts answer the page received.
 */
async function signInHome(page: Page, email: string): Promise<WireAccount[]> {
  const accountsAnswer = page.waitForResponse((response) =>
    response.url().endsWith('/api/main/?getAccounts'),
  );
  await signInThroughApi(page, email);
  await expect(page).toHaveURL(/\/home$/);
  const body = (await (await accountsAnswer).json()) as { accounts: WireAccount[] };
  return body.accounts;
}

// Several accessibility scans per test, each slower on a busy machine than the 60 s default allows.
test.describe.configure({ timeout: 120_000 });

const accountRow = (page: Page, name: string) =>
  page.getByTestId('account-row').filter({ has: page.getByText(name, { exact: true }) });

test.describe('home: accounts', () => {
  test('shows every account of the demo customer with the right symbol, decimals and pending amount', async ({
    page,
  }) => {
    const accounts = await signInHome(page, 'personal@ledgerline.test');
    const money = accounts.filter(isMoneyAccount);
    expect(money.length).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('account-row')).toHaveCount(money.length);
    for (const account of money) {
      const kind = account.type === 4001 ? 'wallet' : 'account';
      const row = accountRow(page, account.name ?? `${account.currencyCode} ${kind}`);
      await expect(row.getByTestId('account-balance')).toHaveText(
        expectedMoney(account.balance, account.currencyCode),
      );
      if (Number(account.pendingAmount) !== 0) {
        await expect(row.getByTestId('account-pending')).toHaveText(
          `Pending: ${expectedMoney(account.pendingAmount, account.currencyCode)}`,
        );
      } else {
        await expect(row.getByTestId('account-pending')).toHaveCount(0);
      }
    }
    // The list is sorted by accountStatusId and its first account is the default for history.
    await expect(page.getByText('Default for history')).toHaveCount(1);
    await expectAccessible(page, '/home (personal)');
  });

  test('opens the payment details of an account and downloads its confirmation letter', async ({
    page,
  }) => {
    await signInHome(page, 'personal@ledgerline.test');
    const instructionsAnswer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/main/?getPaymentInstructions') &&
        response.request().postData()?.includes('accountId') === true,
    );
    await page.getByRole('button', { name: /^Payment details for EUR account/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment details' });
    const { instructions } = (await (await instructionsAnswer).json()) as {
      instructions: { iban: string | null; swift: string | null; currencyCode: string }[];
    };
    const eur = instructions.find((item) => item.currencyCode === 'EUR');
    expect(eur?.iban).toBeTruthy();
    // Read in groups of four (DE89 3704 …), written out here rather than by the app's formatter.
    const grouped = (eur?.iban ?? '').replace(/(.{4})(?=.)/g, '$1 ');
    await expect(dialog.getByText(grouped, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy IBAN' })).toBeVisible();
    await expectAccessible(page, '/home payment details');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    // Viewed now: the "new" mark has gone.
    await expect(
      page.getByRole('button', { name: 'Payment details for EUR account', exact: true }),
    ).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Confirmation letter for EUR account' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('adds a currency and the new account appears at once', async ({ page }) => {
    await signInHome(page, 'anna@pebble.example');
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Add currency' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a currency' });
    const select = dialog.getByRole('combobox', { name: 'Currency' });
    await expect(select.locator('option').first()).toBeAttached();
    const offered = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    // The customer's EUR, USD, GBP and RON accounts are not offered again.
    expect(offered).not.toContain('EUR');
    expect(offered).not.toContain('USD');
    const currency = offered.includes('CHF') ? 'CHF' : (offered[0] ?? '');
    await select.selectOption(currency);
    await expectAccessible(page, '/home add currency');
    await dialog.getByRole('button', { name: 'Add currency' }).click();
    await expect(page.getByText(`${currency} account is open and ready to use.`)).toBeVisible();
    await expect(accountRow(page, `${currency} account`).getByTestId('account-balance')).toHaveText(
      expectedMoney('0', currency),
    );
  });
});

interface WireHistoryItem {
  transactionId: string;
  amount: string;
  currency: string;
  direction: 'in' | 'out';
}

test.describe('home: overview', () => {
  test('shows the total, the recent movements with a link to the history, the spending table and the actions leading to their screens', async ({
    page,
  }) => {
    const totalAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/main/?getTotalBalance'),
    );
    const historyAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/main/?getTransactionHistory'),
    );
    const spendingAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/main/?getSpendingByMonth'),
    );
    await signInHome(page, 'personal@ledgerline.test');
    const total = (await (await totalAnswer).json()) as {
      total: string;
      currencyCode: string;
      isConverted: boolean;
    };
    // The demo customer holds several currencies: the total is converted, and says so.
    expect(total.isConverted).toBe(true);
    await expect(page.getByTestId('total-balance')).toHaveText(
      `approx. ${expectedMoney(total.total, total.currencyCode)}`,
    );

    const { items } = (await (await historyAnswer).json()) as { items: WireHistoryItem[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    const recent = page.getByRole('region', { name: 'Recent transactions' });
    await expect(recent.getByTestId('recent-transaction')).toHaveCount(items.length);
    const first = items[0]!;
    await expect(recent.getByTestId('recent-transaction').first()).toContainText(
      `${first.direction === 'in' ? '+' : '−'}${expectedMoney(first.amount, first.currency)}`,
    );

    const spending = (await (await spendingAnswer).json()) as {
      currencyCode: string;
      months: { yearMonth: string; amount: string }[];
    };
    const table = page
      .getByRole('region', { name: 'Spending' })
      .getByRole('table', { name: `Money spent per month, in ${spending.currencyCode}` });
    await expect(table.getByRole('row')).toHaveCount(spending.months.length + 1);
    const last = spending.months.at(-1)!;
    await expect(table.getByRole('row').last()).toContainText(
      expectedMoney(last.amount, spending.currencyCode),
    );
    await expectAccessible(page, '/home overview');

    const actions = page.getByRole('list', { name: 'Quick actions' });
    await actions.getByRole('link', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/transfer\/p2p$/);
    await page.goBack();
    await actions.getByRole('link', { name: 'Exchange' }).click();
    await expect(page).toHaveURL(/\/transfer\/account$/);
    await page.goBack();
    await actions.getByRole('button', { name: 'Add money' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment details' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Payment details' })
      .getByRole('button', { name: 'Close' })
      .first()
      .click();
    await actions.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Add currency' })).toBeVisible();
    await page.keyboard.press('Escape');

    await recent.getByRole('link', { name: 'See all transactions' }).click();
    await expect(page).toHaveURL(/\/history\?accountId=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('news', () => {
  test('opens an announcement and accepts it', async ({ page }) => {
    await signInHome(page, 'personal@ledgerline.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /^News/ }).click();
    await expect(page).toHaveURL(/\/news$/);
    const list = page.getByRole('list', { name: 'Announcements' });
    await expect(list.getByRole('link').first()).toBeVisible();
    await expectAccessible(page, '/news');
    await list.getByRole('link', { name: /Switch to paperless statements/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Switch to paperless statements' }),
    ).toBeVisible();
    await expectAccessible(page, '/news/:id');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You accepted' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await page.getByRole('link', { name: /All news/ }).click();
    await expect(
      page
        .getByRole('list', { name: 'Announcements' })
        .getByRole('link', { name: /Switch to paperless statements/ }),
    ).toContainText('Accepted');
    await expectAccessible(page, '/news after an answer');
  });
});

test.describe('account status', () => {
  test('a limited customer sees the limited banner and the limited-account page', async ({
    page,
  }) => {
    await signInHome(page, 'limited@ledgerline.test');
    const banner = page.getByRole('region', { name: 'Your account is limited' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Expired documents');
    await expectAccessible(page, '/home (limited)');
    await banner.getByRole('link', { name: 'See why and what to do' }).click();
    await expect(page).toHaveURL(/\/limited-account$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account is limited' }),
    ).toBeVisible();
    await expect(page.getByText('Expired documents')).toBeVisible();
    await expectAccessible(page, '/limited-account');
  });

  test('an unverified customer is led to /unverified-account', async ({ page }) => {
    await signInHome(page, 'unverified@ledgerline.test');
    const banner = page.getByRole('region', { name: 'Your account is not verified yet' });
    await expect(banner).toBeVisible();
    await expectAccessible(page, '/home (unverified)');
    await banner.getByRole('link', { name: 'Finish verification' }).click();
    await expect(page).toHaveURL(/\/unverified-account$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account is not verified yet' }),
    ).toBeVisible();
    await expectAccessible(page, '/unverified-account');
  });

  test('a verified customer visiting /unverified-account lands on /home', async ({ page }) => {
    await signInHome(page, 'personal@ledgerline.test');
    // A reload restores the session from the refresh cookie (decision 16).
    await page.goto('/unverified-account');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Your accounts' })).toBeVisible();
  });
});
