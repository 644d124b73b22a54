import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * The profile, notification settings and legal information of personal@ledgerline.test against
 * the real server and its demo seed (apps/server/src/db/seed-profile.ts). Only this spec changes
 * that customer's e-mail addresses and notification settings.
 */

interface OutboxMessage {
  recipient: string;
  body: string;
}

/** The code of the newest message to `recipient` matching `pattern` (the server's dev outbox). */
async function fromOutbox(
  request: APIRequestContext,
  recipient: string,
  pattern: RegExp,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/dev/outbox.json');
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const message = messages
        .filter((candidate) => candidate.recipient === recipient && pattern.test(candidate.body))
        .at(-1);
      found = message ? pattern.exec(message.body)?.[1] : undefined;
      return found;
    })
    .toBeTruthy();
  return found ?? '';
}

/** Signs in through the API (the sign-in page is sign-in.spec.ts's subject) and opens home. */
function signIn(page: Page, email: string): Promise<void> {
  return signInThroughApi(page, email);
}

// Several accessibility scans per test, each slower on a busy machine than the 60 s default allows.
test.describe.configure({ timeout: 150_000 });

test.describe('profile', () => {
  test('adds an e-mail address and confirms it with the code from the e-mail', async ({ page }) => {
    await signIn(page, 'personal@ledgerline.test');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Your e-mail addresses' });
    await expect(list.getByTestId('email-row').first()).toBeVisible();
    await expect(
      list.getByTestId('email-row').filter({ hasText: 'personal@ledgerline.test' }),
    ).toContainText('Primary');
    await expect(page.getByRole('list', { name: 'Your phone numbers' })).toBeVisible();
    // The sign-in e-mail is named once: by its own section, not again among the details.
    await expect(page.getByText('Sign-in e-mail', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Sign-in e-mail' })).toBeVisible();
    await expectAccessible(page, '/profile');

    const address = `profile-${Date.now()}@ledgerline.test`;
    await page.getByLabel('E-mail address', { exact: true }).fill(address);
    await page.getByRole('button', { name: 'Add e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
    await expect(dialog).toContainText(`We sent a 6-digit code to ${address}`);
    await expect(list.getByTestId('email-row').filter({ hasText: address })).toContainText(
      'Not confirmed',
    );
    await expectAccessible(page, '/profile (code dialog)');

    const code = await fromOutbox(page.request, address, /is (\d{6})\./);
    await dialog.getByLabel('Confirmation code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${address} is confirmed.`)).toBeVisible();
    const row = list.getByTestId('email-row').filter({ hasText: address });
    await expect(row).toContainText('Confirmed');
    await expect(row.getByRole('button', { name: `Make primary ${address}` })).toBeVisible();
  });

  test('saves a notification setting at once and keeps it after a reload', async ({ page }) => {
    await signIn(page, 'personal@ledgerline.test');
    await page.goto('/profile/notifications');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Notification settings' }),
    ).toBeVisible();
    const offers = page.getByRole('switch', { name: 'Offers by e-mail' });
    await expect(offers).not.toBeChecked();
    // Security notices the bank always sends cannot be turned off.
    const newSignIn = page.getByTestId('notification-setting').filter({ hasText: 'New sign-in' });
    await expect(newSignIn).toContainText('Always on');
    await expect(newSignIn.getByRole('switch')).toHaveCount(0);
    await expectAccessible(page, '/profile/notifications');

    const saved = page.waitForResponse((response) =>
      response.url().endsWith('/api/main/?setNotificationSetting'),
    );
    // The switch is saved the moment it is flipped: clicking its label flips it.
    await page.getByText('Offers by e-mail', { exact: true }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('Saved: on')).toBeVisible();
    await expect(offers).toBeChecked();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Offers by e-mail' })).toBeChecked();
    await expect(page.getByText('Saved: on')).toHaveCount(0);
  });

  test('lists the legal documents with their acceptance and downloads the agreement as a PDF', async ({
    page,
  }) => {
    await signIn(page, 'personal@ledgerline.test');
    await page.goto('/legal');
    await expect(page.getByRole('heading', { level: 1, name: 'Legal information' })).toBeVisible();
    const documents = page.getByRole('list', { name: 'Legal documents' });
    const terms = documents.getByRole('article', { name: 'Terms and Conditions' });
    await expect(terms).toBeVisible();
    await expect(terms).toContainText(/Accepted on/);
    await expectAccessible(page, '/legal');

    const download = page.waitForEvent('download');
    await terms.getByRole('button', { name: /Download agreement \(PDF\)/ }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
