import type { APIRequestContext, Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { Secret, TOTP } from 'otpauth';
import {
  apiSignIn,
  exclusively,
  expect,
  expectAccessible,
  freshEmail,
  fromOutbox,
  HARBOURLIGHT_MONEY,
  signInThroughApi,
  test,
} from './fixtures';

/*
 * Issue 15A: a business owner invites an authorised user with initiate rights; the invitee
 * activates from the e-mail (password and authenticator app), signs in to the company and creates
 * a transfer that waits for approval; the owner approves it with their own code and the money
 * moves; the owner lowers their rights to read, and the invitee's open screen loses the transfers
 * at once.
 */
test.describe.configure({ timeout: 150_000 });

const OWNER = 'office@harbourlight.example';

/** The company's payment-account balances by currency, as the owner's API sees them. */
async function companyBalances(
  request: APIRequestContext,
  token: string,
): Promise<Record<string, Decimal>> {
  const answer = await request.post('/api/main/?getAccounts', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const { accounts } = (await answer.json()) as {
    accounts: { type: number; currencyCode: string; balance: string | number }[];
  };
  return Object.fromEntries(
    accounts
      .filter((account) => account.type === 1001)
      .map((account) => [account.currencyCode, new Decimal(account.balance)]),
  );
}
const PASSWORD = 'Invitee-pass-2026';

function totpOf(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

async function openUsers(page: Page): Promise<void> {
  await signInThroughApi(page, OWNER, { brand: 'northmere', path: '/home' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/company-access\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company users' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Users of Harbourlight/ })).toBeVisible();
}

test('the owner invites an initiate user, who activates, transfers for approval, is approved with the owner’s code, and loses the right when lowered', async ({
  page,
  browser,
  request,
}) => {
  const email = freshEmail('invitee');
  await openUsers(page);
  await expectAccessible(page, '/company-access/users');

  // Invite with initiate rights (3) and one transfer permission.
  await page.getByRole('button', { name: 'Add user' }).click();
  const add = page.getByRole('dialog', { name: 'Add a user' });
  await add.getByLabel('E-mail address').fill(email);
  await add.getByLabel('First name').fill('Iris');
  await add.getByLabel('Last name').fill('Vale');
  await add.getByLabel('Access level').selectOption({ label: 'Initiate (needs approval)' });
  await add.getByRole('group', { name: 'Own accounts' }).getByLabel('Between accounts').check();
  await expectAccessible(page, 'add user dialog');
  await page.screenshot({ path: 'test-results/company-users-add.png' });
  await add.getByRole('button', { name: 'Add user' }).click();
  await expect(add.getByText(`An invitation was sent to ${email}.`)).toBeVisible();
  await add.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Initiate (needs approval)');

  // The invitee opens the link from the e-mail in their own browser.
  const link = await fromOutbox(
    page.request,
    email,
    /(\/activate\?action=activationEmployee&user=[^\s]+&code=[^\s]+)/,
  );
  const context = await browser.newContext();
  try {
    const invitee = await context.newPage();
    await invitee.goto('/version.json');
    await invitee.evaluate(() => localStorage.setItem('ledgerline.brand', 'northmere'));
    await invitee.goto(link);
    const popup = invitee.getByRole('dialog', { name: 'Activate your access' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Harbourlight Studio Ltd');
    await expectAccessible(invitee, 'employee activation popup');
    await invitee.screenshot({ path: 'test-results/company-users-activation.png' });
    await popup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await popup.getByLabel('Repeat the password').fill(PASSWORD);
    const secret = (await popup.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    const totp = totpOf(secret);
    await popup.getByLabel('Code from the app').fill(totp.generate());
    await popup.getByRole('button', { name: 'Activate' }).click();
    await expect(popup.getByText(/Your access to Harbourlight Studio Ltd is ready/)).toBeVisible();
    await popup.getByRole('button', { name: 'Continue to sign in' }).click();

    // Sign in with the password and the next code of the app (the activation used this one).
    await expect(invitee).toHaveURL(/\/login/);
    await invitee.getByLabel('E-mail').fill(email);
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await invitee
      .getByLabel('Sign-in code')
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await invitee
      .getByRole('button', { name: /Confirm|Sign in|Continue/ })
      .first()
      .click();

    // Into the company: the choice of companies, then the company's accounts.
    await expect(invitee).not.toHaveURL(/\/login/);
    await invitee.goto('/company-access');
    await invitee
      .getByRole('list', { name: 'Companies' })
      .getByRole('button', { name: /Harbourlight Studio Ltd/ })
      .click();
    await expect(invitee).not.toHaveURL(/\/company-access$/);

    // A transfer between the company's accounts becomes an approval request.
    await invitee.goto('/transfer/account');
    await expect(invitee.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
    const from = invitee.getByLabel('From', { exact: true });
    const to = invitee.getByLabel('To', { exact: true });
    await expect(from.locator('option', { hasText: /GBP/ }).first()).toBeAttached();
    const gbp = await from.locator('option', { hasText: /GBP/ }).first().getAttribute('value');
    const eur = await to.locator('option', { hasText: /EUR/ }).first().getAttribute('value');
    await from.selectOption(gbp ?? '');
    await to.selectOption(eur ?? '');
    await invitee.getByLabel(/Amount to arrive/).fill('12.5');
    await expect(invitee.getByTestId('fact-total')).toHaveText(/\d/);
    await invitee.getByRole('button', { name: 'Review transfer' }).click();
    const review = invitee.getByRole('dialog', { name: 'Check and confirm' });
    await review.getByRole('button', { name: /^Transfer / }).click();
    const created = invitee.getByRole('dialog', { name: 'Waiting for approval' });
    await expect(created).toBeVisible();
    await created.getByRole('button', { name: 'OK' }).click();
    await expect(
      invitee.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }),
    ).toBeVisible();

    // The owner opens the invitee's request and approves it with their own e-mailed code; the
    // money moves then (approvals.spec.ts moves this company's money too: one at a time).
    await exclusively(HARBOURLIGHT_MONEY, async () => {
      const ownerToken = await apiSignIn(request, OWNER);
      const before = await companyBalances(request, ownerToken);
      await page.goto('/transfer/approved');
      const waiting = page
        .getByRole('listitem')
        .filter({ hasText: email })
        .filter({ has: page.getByRole('button', { name: /^Review / }) });
      await waiting
        .first()
        .getByRole('button', { name: /^Review / })
        .click();
      const detail = page.getByRole('dialog', { name: /^Request \d+$/ });
      await expect(detail.getByText('€12.50')).toBeVisible();
      await detail.getByRole('button', { name: 'Approve' }).click();
      const codeDialog = page.getByRole('dialog', { name: 'Approve with your code' });
      await expect(codeDialog).toBeVisible();
      const code = await fromOutbox(page.request, OWNER, /to approve sending .+ is (\d{6})\./);
      await codeDialog.getByLabel('Code').fill(code);
      await codeDialog.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Approved: 1')).toBeVisible();
      const after = await companyBalances(request, ownerToken);
      expect(after.EUR!.minus(before.EUR!).toFixed(2)).toBe('12.50');
      expect(after.GBP!.lessThan(before.GBP!)).toBe(true);
    });

    // The owner lowers the invitee to read only.
    await page.goto('/company-access/users');
    const inviteeRow = page.getByRole('row').filter({ hasText: email });
    await expect(inviteeRow).toContainText('Active');
    await inviteeRow.getByRole('button', { name: 'Edit the rights of Iris Vale' }).click();
    const edit = page.getByRole('dialog', { name: 'Rights of Iris Vale' });
    await edit.getByLabel('Access level').selectOption({ label: 'Read only' });
    await expectAccessible(page, 'edit rights dialog');
    await edit.getByRole('button', { name: 'Save rights' }).click();
    await expect(edit).toBeHidden();
    await expect(inviteeRow).toContainText('Read only');

    // The invitee's open screen follows at once (realtime), and the next attempt is refused.
    await expect(
      invitee.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }),
    ).toBeHidden();
    await invitee.goto('/transfer/account');
    await expect(invitee.getByText('Not available for you')).toBeVisible();
    await expect(
      invitee.getByText('Your permissions do not allow this kind of transfer', { exact: false }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the company users screen at phone and desktop widths', async ({ page }) => {
  await page.setViewportSize({ width: 476, height: 900 });
  await signInThroughApi(page, OWNER, { brand: 'northmere', path: '/company-access/users' });
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 1, name: 'Company users' })).toBeVisible();
    await expect(
      page.getByText('office@harbourlight.example').filter({ visible: true }).first(),
    ).toBeVisible();
    await page.screenshot({
      path: `test-results/company-users-${width}.png`,
      fullPage: true,
    });
  }
  await expectAccessible(page, '/company-access/users at 1280');
});
