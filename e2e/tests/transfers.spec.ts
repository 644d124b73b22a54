import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import Decimal from 'decimal.js';
import {
  apiSignIn,
  expect,
  exclusively,
  expectAccessible,
  fromOutbox,
  HARBOURLIGHT_MONEY,
  recordAnswers,
  signInThroughApi,
  test,
} from './fixtures';

/*
 * Money movement in the browser against the real server (issue 5): own accounts in two currencies,
 * P2P that the receiver sees arrive, a push-confirmed transfer and a business approval.
 * The users are ones no other spec moves money for (tomas@, ioana@, clerk@, pushpay@), so balances
 * read here cannot change under another spec's feet. The tests of this file touch the same
 * accounts (tomas@ pays in two of them), so they run one after another.
 */
test.describe.configure({ mode: 'default', timeout: 150_000 });

interface WireAccount {
  accountId: number;
  type: number;
  balance: string | number;
  currencyCode: string;
  name: string | null;
}

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', RON: 'lei' };

/** A decimal string as the English screen writes it (written out here, independently of the app's formatter). */
function expectedMoney(amount: Decimal, currency: string): string {
  const text = amount.toFixed();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3)
    groups.unshift(whole.slice(Math.max(0, end - 3), end));
  const number = `${groups.join(',')}.${decimals}`;
  const symbol = SYMBOLS[currency] ?? currency;
  if (/\p{L}/u.test(symbol)) return `${negative ? '-' : ''}${number} ${symbol}`;
  return `${negative ? '-' : ''}${symbol}${number}`;
}

/** The amount a money text on screen holds ("€1,234.50" → 1234.5). */
async function moneyOn(locator: Locator): Promise<Decimal> {
  const text = (await locator.textContent()) ?? '';
  return new Decimal(text.replace(/[^\d.-]/g, ''));
}

/**
 * Signs in through the API (the sign-in page is sign-in.spec.ts's subject) on `brand`, opens home
 * and answers the accounts home received.
 */
async function signIn(page: Page, email: string, brand: string): Promise<WireAccount[]> {
  const accountsAnswer = page.waitForResponse((response) =>
    response.url().endsWith('/api/main/?getAccounts'),
  );
  await signInThroughApi(page, email, { brand });
  await expect(page).toHaveURL(/\/home$/);
  return ((await (await accountsAnswer).json()) as { accounts: WireAccount[] }).accounts;
}

/**
 * To /home through the main navigation. Its balances may come from a fresh fetch or from the
 * realtime refresh that already ran, so tests assert what the rows show (retrying), not a response.
 */
async function goHome(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (new URL(page.url()).pathname === '/home') {
    await nav.getByRole('link', { name: /^News/ }).click();
    await expect(page).toHaveURL(/\/news$/);
  }
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Acts for the company through the company choice, then loads /home: answers the company's accounts. */
async function actForHarbourlight(page: Page): Promise<WireAccount[]> {
  await page.goto('/company-access');
  await page
    .getByRole('list', { name: 'Companies' })
    .getByRole('button', { name: /Harbourlight Studio Ltd/ })
    .click();
  // The start-page rules may send a company without self-certification elsewhere: home is where the accounts are.
  await expect(page).not.toHaveURL(/\/company-access$/);
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/main/?getAccounts'),
  );
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: /Harbourlight/ })).toBeVisible({
    timeout: 30_000,
  });
  return ((await (await answer).json()) as { accounts: WireAccount[] }).accounts;
}

const paymentIn = (accounts: WireAccount[], currency: string): WireAccount => {
  const account = accounts.find((item) => item.type === 1001 && item.currencyCode === currency);
  if (!account) throw new Error(`no ${currency} payment account`);
  return account;
};

const balanceRow = (page: Page, currency: string) =>
  page
    .getByTestId('account-row')
    .filter({ has: page.getByText(`${currency} account`, { exact: true }) })
    .getByTestId('account-balance');

/** The accounts as the server has them now, through a session of its own (the page's stays as it is). */
async function accountsThroughApi(
  request: APIRequestContext,
  email: string,
): Promise<WireAccount[]> {
  const token = await apiSignIn(request, email);
  const answer = await request.post('/api/main/?getAccounts', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  return ((await answer.json()) as { accounts: WireAccount[] }).accounts;
}

/** Opens the review of the filled form: nothing moves until its primary button is pressed. */
async function openReview(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const review = page.getByRole('dialog', { name: 'Check and confirm' });
  await expect(review).toBeVisible();
  return review;
}

/** Through the main navigation to a transfer screen's tab. */
async function openTransfers(page: Page, tab: string | RegExp, path: RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Transfers' })
    .click();
  const tabs = page.getByRole('navigation', { name: 'Transfer types' });
  await tabs.getByRole('link', { name: tab }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
}

/** Fills the own-accounts form and waits for every figure the screen looks up. */
async function fillOwnTransfer(
  page: Page,
  from: WireAccount,
  to: WireAccount,
  amount: string,
): Promise<{ total: Decimal; debit: Decimal }> {
  await page.getByLabel('From', { exact: true }).selectOption(String(from.accountId));
  await page.getByLabel('To', { exact: true }).selectOption(String(to.accountId));
  await page.getByLabel(/Amount to arrive/).fill(amount);
  const total = page.getByTestId('fact-total');
  await expect(total).toHaveText(/\d/);
  await expect(page.getByTestId('fact-max')).toHaveText(/\d/);
  return { total: await moneyOn(total), debit: await moneyOn(page.getByTestId('fact-debit')) };
}

/** The phone app stand-in: opens /dev/device for `email` and decides the waiting request whose row has `rowText`. */
async function decideOnPhone(
  browser: Browser,
  email: string,
  rowText: string | RegExp,
  decision: 'Approve' | 'Deny',
): Promise<void> {
  const phone = await browser.newPage();
  try {
    await phone.goto(`/dev/device?email=${encodeURIComponent(email)}`);
    const row = phone.getByRole('row').filter({ hasText: rowText });
    await expect(async () => {
      await phone.reload();
      await expect(row.getByRole('button', { name: decision })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await row.getByRole('button', { name: decision }).click();
    await expect(phone.getByRole('row').filter({ hasText: rowText })).toHaveCount(0);
  } finally {
    await phone.close();
  }
}

test.describe('transfers', () => {
  test('between own accounts in two currencies: the review shows the rate, the fee and the total; back moves nothing; confirming moves exactly that', async ({
    page,
    request,
  }) => {
    const before = await signIn(page, 'tomas@northmere.example', 'northmere');
    const eur = paymentIn(before, 'EUR');
    const gbp = paymentIn(before, 'GBP');
    await openTransfers(page, 'Between my accounts', /\/transfer\/account$/);

    // 25 GBP arrive; EUR pays for them at the day's rate plus the currency-change fee.
    const { total } = await fillOwnTransfer(page, eur, gbp, '25');
    await expect(page.getByTestId('fact-rate')).toHaveText(/^1 EUR = [\d.]+ GBP$/);
    await expect(page.getByTestId('fact-fee')).toHaveText(/€\d/);
    expect(total.greaterThan(0)).toBe(true);
    await expectAccessible(page, '/transfer/account filled');

    // The review: what arrives and where, the rate, what leaves, the fee and the total, before anything moves.
    let review = await openReview(page);
    await expect(review.getByTestId('review-amount')).toHaveText('£25.00');
    await expect(review.getByTestId('review-from')).toHaveText('EUR account');
    await expect(review.getByTestId('review-to')).toHaveText('GBP account');
    await expect(review.getByTestId('review-rate')).toHaveText(/^1 EUR = [\d.]+ GBP$/);
    await expect(review.getByTestId('review-fee')).toHaveText(/€\d/);
    await expect(review.getByTestId('review-total')).toHaveText(expectedMoney(total, 'EUR'));
    await expect(review.getByTestId('review-when')).toHaveText('Now');
    await expectAccessible(page, 'transfer review');
    // Back to the filled form: no balance changed on the server.
    await review.getByRole('button', { name: 'Back to edit' }).click();
    await expect(review).toBeHidden();
    await expect(page.getByLabel(/Amount to arrive/)).toHaveValue('25');
    const untouched = await accountsThroughApi(request, 'tomas@northmere.example');
    expect(new Decimal(paymentIn(untouched, 'EUR').balance).toFixed()).toBe(
      new Decimal(eur.balance).toFixed(),
    );
    expect(new Decimal(paymentIn(untouched, 'GBP').balance).toFixed()).toBe(
      new Decimal(gbp.balance).toFixed(),
    );

    review = await openReview(page);
    await review.getByRole('button', { name: 'Transfer £25.00' }).click();
    const done = page.getByRole('dialog', { name: /Transfer completed/ });
    await expect(done).toBeVisible();
    await expect(done.getByTestId('confirm-amount')).toHaveText('£25.00');
    await expectAccessible(page, 'transfer completed popup');
    await done.getByRole('button', { name: 'OK' }).click();

    await goHome(page);
    await expect(balanceRow(page, 'EUR')).toHaveText(
      expectedMoney(new Decimal(eur.balance).minus(total), 'EUR'),
    );
    await expect(balanceRow(page, 'GBP')).toHaveText(
      expectedMoney(new Decimal(gbp.balance).plus(25), 'GBP'),
    );
  });

  test('P2P to another customer of the brand: the fee shown is charged and the receiver sees the money arrive', async ({
    page,
    browser,
  }) => {
    // The receiver is signed in in a browser of their own, before the money leaves.
    const context = await browser.newContext();
    try {
      const receiver = await context.newPage();
      const ioanaEur = paymentIn(
        await signIn(receiver, 'ioana@harbourlight.example', 'northmere'),
        'EUR',
      );

      const before = await signIn(page, 'tomas@northmere.example', 'northmere');
      const eur = paymentIn(before, 'EUR');
      const feeReads = recordAnswers(page, 'getTransferFee');
      await openTransfers(page, 'To a person', /\/transfer\/p2p$/);
      // An implausible address is not looked up; the receiver's is, and names them.
      await page.getByLabel('Their e-mail address').fill('io@x');
      await expect(page.getByText('Type the whole e-mail address to check it.')).toBeVisible();
      await page.getByLabel('Their e-mail address').fill('ioana@harbourlight.example');
      await expect(page.getByTestId('payee-status')).toContainText('can receive money');
      await page.getByLabel('Amount').fill('12.34');
      await page.getByLabel('Message (optional)').fill('Concert tickets');
      // The account last: on CI's loaded machine a From chosen first was twice found empty once
      // the payee check had answered (the form's other fields kept their text).
      await page.getByLabel('From', { exact: true }).selectOption(String(eur.accountId));
      const total = page.getByTestId('fact-total');
      await expect(total)
        .toHaveText(/\d/, { timeout: 15_000 })
        .catch(async (error: unknown) => {
          // The total reads "—" when the fee read failed, or when the form's From or amount did not
          // reach the figures (seen on CI twice: no fee read at all): say which, so a failure names
          // its cause.
          const shown = async (id: string) =>
            (await page
              .getByTestId(id)
              .textContent()
              .catch(() => null)) ?? 'absent';
          throw new Error(
            `${String(error)}\nfee reads: ${feeReads.join(' | ') || 'none'}; From holds ` +
              `"${await page.getByLabel('From', { exact: true }).inputValue()}" (account ${eur.accountId}) of ` +
              `[${await page
                .getByLabel('From', { exact: true })
                .locator('option')
                .evaluateAll((options) =>
                  options.map((option) => option.getAttribute('value')),
                )}], ` +
              `Amount holds "${await page.getByLabel('Amount').inputValue()}"; to send: ` +
              `${await shown('fact-send')}; most: ${await shown('fact-max')}`,
          );
        });
      const debit = await moneyOn(total);
      const fee = await moneyOn(page.getByTestId('fact-fee'));
      expect(debit.toFixed()).toBe(new Decimal('12.34').plus(fee).toFixed());
      await expectAccessible(page, '/transfer/p2p filled');

      const review = await openReview(page);
      await expect(review.getByTestId('review-amount')).toHaveText('€12.34');
      await expect(review.getByTestId('review-payee')).toContainText('ioana@harbourlight.example');
      await expect(review.getByTestId('review-fee')).toHaveText(expectedMoney(fee, 'EUR'));
      await expect(review.getByTestId('review-total')).toHaveText(expectedMoney(debit, 'EUR'));
      await review.getByRole('button', { name: 'Send €12.34' }).click();
      const done = page.getByRole('dialog', { name: /Transfer completed/ });
      await expect(done.getByTestId('confirm-amount')).toHaveText('€12.34');
      await done.getByRole('button', { name: 'OK' }).click();
      // The last P2P transfers list it; the people paid before too.
      await expect(page.getByTestId('recent-p2p')).toContainText('€12.34');
      await expect(page.getByRole('button', { name: /^Pay / }).first()).toBeVisible();

      await goHome(page);
      await expect(balanceRow(page, 'EUR')).toHaveText(
        expectedMoney(new Decimal(eur.balance).minus(debit), 'EUR'),
      );
      // The receiver's home shows the money that arrived (the amount, no fee on their side).
      await goHome(receiver);
      await expect(balanceRow(receiver, 'EUR')).toHaveText(
        expectedMoney(new Decimal(ioanaEur.balance).plus('12.34'), 'EUR'),
      );
    } finally {
      await context.close();
    }
  });

  test('push-confirmed: the phone shows the amount and the payee, and its approval settles the transfer', async ({
    page,
    browser,
  }) => {
    // pushpay@ signs in with the password alone and confirms transfers on its phone: no request of
    // push@'s sign-in tests can be mistaken for this one on /dev/device.
    const before = await signIn(page, 'pushpay@ledgerline.test', 'pebble');
    const eur = paymentIn(before, 'EUR');
    const gbp = paymentIn(before, 'GBP');
    await openTransfers(page, 'Between my accounts', /\/transfer\/account$/);
    const { total } = await fillOwnTransfer(page, eur, gbp, '10');
    // The second factor comes after the review.
    const review = await openReview(page);
    await review.getByRole('button', { name: 'Transfer £10.00' }).click();

    const waiting = page.getByRole('dialog', { name: 'Approve on your phone' });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByTestId('confirm-amount')).toHaveText('£10.00');
    await expectAccessible(page, 'push confirmation waiting');
    // Nothing moved yet.
    await decideOnPhone(
      browser,
      'pushpay@ledgerline.test',
      `GBP account #${gbp.accountId}`,
      'Approve',
    );
    await expect(page.getByRole('dialog', { name: /Transfer completed/ })).toBeVisible();
    await page
      .getByRole('dialog', { name: /Transfer completed/ })
      .getByRole('button', { name: 'OK' })
      .click();

    await goHome(page);
    await expect(balanceRow(page, 'EUR')).toHaveText(
      expectedMoney(new Decimal(eur.balance).minus(total), 'EUR'),
    );
    await expect(balanceRow(page, 'GBP')).toHaveText(
      expectedMoney(new Decimal(gbp.balance).plus(10), 'GBP'),
    );
  });

  test('an initiate-only clerk’s transfer waits for the owner’s approval: balances change only then', async ({
    page,
    browser,
  }) => {
    // approvals.spec.ts moves this company's money and reads the owner's codes too: it may wait.
    test.setTimeout(240_000);
    await exclusively(HARBOURLIGHT_MONEY, async () => {
      await signIn(page, 'clerk@harbourlight.example', 'northmere');
      // The clerk acts for the company (access right 3: initiate).
      const companyBefore = await actForHarbourlight(page);
      const gbp = paymentIn(companyBefore, 'GBP');
      const eur = paymentIn(companyBefore, 'EUR');
      await openTransfers(page, 'Between my accounts', /\/transfer\/account$/);
      const amount = '31.5';
      const { total, debit } = await fillOwnTransfer(page, gbp, eur, amount);
      const review = await openReview(page);
      await review.getByRole('button', { name: 'Transfer €31.50' }).click();
      // The result names the state: it waits for someone with full rights.
      const created = page.getByRole('dialog', { name: 'Waiting for approval' });
      await expect(created).toBeVisible();
      await expectAccessible(page, 'approval created popup');
      await created.getByRole('button', { name: 'OK' }).click();
      // Nothing moved.
      await goHome(page);
      await expect(balanceRow(page, 'GBP')).toHaveText(
        expectedMoney(new Decimal(gbp.balance), 'GBP'),
      );

      const context = await browser.newContext();
      try {
        const owner = await context.newPage();
        await signIn(owner, 'ioana@harbourlight.example', 'northmere');
        await actForHarbourlight(owner);
        await openTransfers(owner, /Approvals/, /\/transfer\/approved$/);
        // The request is for what leaves the company's GBP account (the fee comes on approval).
        const row = owner
          .getByRole('listitem')
          .filter({ hasText: 'clerk@harbourlight.example' })
          .filter({ hasText: expectedMoney(debit, 'GBP') });
        await expect(row.first()).toBeVisible();
        await expectAccessible(owner, '/transfer/approved');
        // The owner opens it and approves with their own code (e-mailed: their customer confirms nothing).
        await row
          .first()
          .getByRole('button', { name: /^Review / })
          .click();
        await owner
          .getByRole('dialog', { name: /^Request \d+$/ })
          .getByRole('button', { name: 'Approve' })
          .click();
        const codeDialog = owner.getByRole('dialog', { name: 'Approve with your code' });
        await expect(codeDialog).toBeVisible();
        const code = await fromOutbox(
          owner.request,
          'ioana@harbourlight.example',
          /to approve sending .+ is (\d{6})\./,
        );
        await codeDialog.getByLabel('Code').fill(code);
        await codeDialog.getByRole('button', { name: 'Approve' }).click();
        await expect(owner.getByText('Approved: 1')).toBeVisible();

        await goHome(owner);
        await expect(balanceRow(owner, 'GBP')).toHaveText(
          expectedMoney(new Decimal(gbp.balance).minus(total), 'GBP'),
        );
        await expect(balanceRow(owner, 'EUR')).toHaveText(
          expectedMoney(new Decimal(eur.balance).plus(amount), 'EUR'),
        );
      } finally {
        await context.close();
      }
    });
  });
});
