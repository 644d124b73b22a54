import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * The security centre against the real server and its demo seed. Each test changes only its own
 * user (apps/server/src/db/seed.ts), so other specs and parallel tests are not affected:
 * - security-password@ledgerline.test changes its password;
 * - security-2fa@ledgerline.test switches its sign-in second factor to an authenticator app;
 * - security-centre@ledgerline.test: IP whitelist, payout blacklist and sign-in history, with its
 *   approved phone "Security Pixel" (device secret below) signing in directly for the history.
 */
const SECURITY_DEVICE_SECRET = 'security-centre-device-secret-0001';

interface OutboxMessage {
  recipient: string;
  subject: string | null;
  body: string;
}

/** The newest e-mail to `email` whose body matches `pattern` and was not read before (codes are single use). */
async function codeFromOutbox(
  request: APIRequestContext,
  email: string,
  pattern: RegExp,
  seen: Set<string> = new Set(),
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get('/dev/outbox.json');
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const match = messages
        .filter((message) => message.recipient === email)
        .map((message) => pattern.exec(message.body)?.[1])
        .filter((found): found is string => found !== undefined && !seen.has(found))
        .at(-1);
      code = match ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  seen.add(code);
  return code;
}

/**
 * Signs in with the password and waits until `arrived` holds (by default: the app left /login).
 * The bot check's proof of work runs first and may give up on a busy machine ("The security
 * check did not complete"): then the customer presses the button again. A field the page cleared
 * while it was still starting is typed again.
 */
async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  arrived?: () => Promise<void>,
): Promise<void> {
  await page.goto('/login?brand=pebble');
  await expect(page.getByRole('heading', { name: 'Sign in to Pebble Wallet' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const emailField = page.getByLabel('E-mail');
  const passwordField = page.getByLabel('Password', { exact: true });
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect(async () => {
    if ((await emailField.inputValue()) === '') await emailField.fill(email);
    if ((await passwordField.inputValue()) === '') await passwordField.fill(password);
    if (await button.isEnabled()) await button.click();
    if (arrived) await arrived();
    else await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  }).toPass({ timeout: 50_000 });
}

async function openSettings(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(/\/setting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test.describe('the security centre (/setting)', () => {
  test('changes the password with the e-mailed code, then signs in with the new one', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const email = 'security-password@ledgerline.test';
    const newPassword = 'Harbour-light-2027';
    await signIn(page, email);
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Change password' });
    await expect(section.getByLabel('Current password', { exact: true })).toBeVisible();
    await expectAccessible(page, '/setting');

    await section.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
    await section.getByLabel('New password', { exact: true }).fill(newPassword);
    await section.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(
      section.getByText(/We sent a confirmation code to .+\. Enter it to set your new password\./),
    ).toBeVisible();
    await expectAccessible(page, '/setting (password code step)');

    const code = await codeFromOutbox(
      page.request,
      email,
      /change the password of your .+ account is (\d{6})/,
    );
    await section.getByLabel('Code from the e-mail').fill(code);
    await section.getByRole('button', { name: 'Confirm new password' }).click();
    const popup = page.getByRole('dialog', { name: 'Change password' });
    await expect(popup.getByText('Your password has been successfully updated.')).toBeVisible();
    await popup.getByRole('button', { name: 'OK' }).click();

    // This session stays signed in; the old password no longer opens the account, the new one does.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, email, DEMO_PASSWORD, () =>
      expect(page.getByRole('alert')).toContainText(/Wrong e-mail or password/, {
        timeout: 20_000,
      }),
    );
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('switches the sign-in second factor to an authenticator app and signs in with its code', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const email = 'security-2fa@ledgerline.test';
    await signIn(page, email);
    await openSettings(page);
    const twoStep = page.getByRole('region', { name: 'Two-step verification' });
    await expect(twoStep.getByText('Off (password only)')).toBeVisible();
    await twoStep.getByRole('button', { name: 'Change sign-in method' }).click();

    const dialog = page.getByRole('dialog', { name: 'Two-step verification for signing in' });
    await dialog.getByLabel('Authenticator app').check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(
      dialog.getByRole('img', {
        name: /QR code that adds Pebble Wallet to your authenticator app/,
      }),
    ).toBeVisible();
    await expectAccessible(page, '/setting (authenticator set-up)');

    // The "authenticator app": the key shown beside the QR code.
    const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const totp = new TOTP({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    await dialog.getByLabel('Code shown by the app').fill(totp.generate());
    const emailed = await codeFromOutbox(
      page.request,
      email,
      /two-step verification of your .+ account is (\d{6})/,
    );
    await dialog.getByLabel('Code from the e-mail').fill(emailed);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      dialog.getByText('Done. Signing in now asks for: Authenticator app.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(twoStep.getByText('Authenticator app', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, email, DEMO_PASSWORD, () =>
      expect(
        page.getByRole('heading', { name: 'Enter the code from your authenticator app' }),
      ).toBeVisible({ timeout: 20_000 }),
    );
    // The code just used is spent: the app's next code (the server accepts one step either side).
    await page.getByLabel('Sign-in code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('adds and removes an IP range; turning the list on from an address not on it is refused', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInThroughApi(page, 'security-centre@ledgerline.test');
    await openSettings(page);
    const section = page.getByRole('region', { name: 'IP whitelist' });
    await expect(section.getByText(/Your address now:/)).toBeVisible();

    await section.getByLabel('IP address').fill('203.0.113.300');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(section.getByText('Enter a valid IPv4 or IPv6 address')).toBeVisible();

    await section.getByLabel('IP address').fill('203.0.113.0');
    await section.getByLabel('End of range (optional)').fill('203.0.113.255');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    const list = section.getByRole('list', { name: 'Allowed addresses' });
    await expect(list.getByText('203.0.113.0 – 203.0.113.255')).toBeVisible();
    await expectAccessible(page, '/setting (IP whitelist with a range)');

    await section
      .getByRole('switch', { name: /^Allow access only from the listed addresses/ })
      .click();
    await expect(section.getByRole('alert')).toContainText('This would lock you out');
    await expect(
      section.getByRole('switch', { name: /^Allow access only from the listed addresses/ }),
    ).not.toBeChecked();

    await section.getByRole('button', { name: 'Remove 203.0.113.0 – 203.0.113.255' }).click();
    await expect(list.getByText('203.0.113.0 – 203.0.113.255')).toHaveCount(0);
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'IP whitelist' }).getByText(/Your address now:/),
    ).toBeVisible();
    await expect(page.getByText('203.0.113.0 – 203.0.113.255')).toHaveCount(0);
  });

  test('lists the phones, marks them and renames one', async ({ page }) => {
    await signInThroughApi(page, 'security-centre@ledgerline.test');
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Devices' });
    await expect(section.getByText(/^Security Pixel/)).toBeVisible();
    await section.getByRole('button', { name: /^Rename Security Pixel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename device' });
    await dialog.getByLabel('Name').fill('Security Pixel (work)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Security Pixel (work)')).toBeVisible();
  });
});

test.describe('the payout blacklist (/payout-blacklist)', () => {
  test('blocks a payee with the spec’s success text and unblocks them', async ({ page }) => {
    const payee = `payee.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
    await signInThroughApi(page, 'security-centre@ledgerline.test');
    await openSettings(page);
    await page.getByRole('link', { name: /Payout blacklist/ }).click();
    await expect(page).toHaveURL(/\/payout-blacklist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payout blacklist' })).toBeVisible();
    await expectAccessible(page, '/payout-blacklist');

    await page.getByLabel('E-mail address').fill(payee);
    await page.getByLabel('All payouts').check();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'User was added to the black list' }),
    ).toContainText(payee);
    const list = page.getByRole('list', { name: 'Blocked payees' });
    const row = list.getByRole('listitem').filter({ hasText: payee });
    await expect(row).toContainText('All payouts');
    await expectAccessible(page, '/payout-blacklist (one blocked)');

    await row.getByRole('button', { name: `Unblock ${payee}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Unblock this payee?' });
    await dialog.getByRole('button', { name: 'Unblock' }).click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payout blacklist' })).toBeVisible();
    // Nobody else is on this customer's list (only this test blocks anyone).
    await expect(page.getByText('Nobody is blocked')).toBeVisible();
    await expect(page.getByText(payee)).toHaveCount(0);
  });
});

test.describe('the sign-in history (/login-history)', () => {
  test('pages through the attempts, 20 a page, and filters them by date', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // The phone app signs in directly 21 times (no bot check on that path): more than one page.
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await request.post('/api/auth/token', {
        data: { secret: SECURITY_DEVICE_SECRET },
      });
      expect(response.ok()).toBe(true);
    }
    await signIn(page, 'security-centre@ledgerline.test');
    await openSettings(page);
    await page.getByRole('link', { name: /Sign-in history/ }).click();
    await expect(page).toHaveURL(/\/login-history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-in history' })).toBeVisible();
    const summary = page.getByText(/^Attempts: \d+ · page \d+ of \d+$/);
    await expect(summary).toHaveText(/page 1 of [2-9]/);
    const table = page.getByRole('table', { name: 'Sign-in attempts' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(table.getByRole('cell', { name: /^Security Pixel/ }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Signed in' }).first()).toBeVisible();
    await expectAccessible(page, '/login-history');

    await page
      .getByRole('navigation', { name: 'Pages of the sign-in history' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(/\/login-history\?page=2$/);
    await expect(summary).toHaveText(/page 2 of \d+/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(summary).toHaveText(/page 1 of \d+/);

    // A period with no attempts yet: tomorrow on.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From').fill(tomorrow);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('There were no sign-in attempts in this period.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(summary).toHaveText(/page 1 of/);

    // A phone: the same attempts as cards.
    await page.setViewportSize({ width: 476, height: 900 });
    await expect(table).toBeHidden();
    const cards = page.getByRole('list', { name: 'Sign-in attempts' });
    await expect(cards.getByRole('listitem')).toHaveCount(20);
    await expectAccessible(page, '/login-history (476 px)');
  });
});
