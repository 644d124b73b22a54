import type { Page } from '@playwright/test';
import { expect, expectAccessible, freshEmail, fromOutbox, solvedBotCheck, test } from './fixtures';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A new customer still has to prove who they are: the start-page rules send them to KYC.
  await expect(page).toHaveURL(/\/(kyc|home)$/);
}

test.describe('registration and activation', () => {
  test('registers a new personal customer, activates from the e-mailed link and signs in', async ({
    page,
    visit,
  }) => {
    const email = freshEmail('newcomer');
    const password = 'Harbour-light-42';

    await visit('/register?brand=pebble', async (p) => {
      await expect(p.getByRole('heading', { name: 'Open a Pebble Wallet account' })).toBeVisible();
    });
    await page.getByRole('link', { name: 'Open a personal account' }).click();
    await expect(page).toHaveURL(/\/register\/personal$/);

    await page.getByLabel('What describes you best?').selectOption('freelancers');
    await page.getByLabel('First name').fill('Maria');
    await page.getByLabel('Last name').fill('Costa');
    await expect(page.getByLabel('Country of residence').locator('option[value="PT"]')).toHaveCount(
      1,
    );
    await page.getByLabel('Country of residence').selectOption('PT');
    await page.getByLabel('E-mail').fill(email);
    await expect(page.getByText('This address can be used.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByLabel(/I have read and accept the Privacy Policy/).check();
    await page.getByLabel(/I have read and accept the Terms and Conditions/).check();
    await expectAccessible(page, '/register/personal (filled in)');
    await page.getByRole('button', { name: 'Open account' }).click();

    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(
      page.getByText(`We have sent an activation link to ${email}.`, { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, 'registration sent');

    // Not active yet: the sign-in is refused.
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();

    const link = await fromOutbox(page.request, email, /(https?:\/\/\S+\/activate\?\S+)/);
    expect(new URL(link).searchParams.get('action')).toBe('activation');
    await visit(link, async (p) => {
      await expect(p.getByText('Your Account has been activated.')).toBeVisible();
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Account Activation' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, password);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(
      'This activation link is not valid or has expired',
    );
    await expect(page.getByRole('button', { name: 'Send a new activation link' })).toBeVisible();
  });

  test('explains that a brand without registration opens no accounts online', async ({ visit }) => {
    await visit('/register/personal?brand=amberline', async (p) => {
      await expect(
        p.getByRole('heading', { name: 'Accounts cannot be opened online' }),
      ).toBeVisible();
    });
  });
});

test.describe('account recovery', () => {
  test('sets a new password with the code from the e-mail, then signs in with it', async ({
    page,
  }) => {
    // A customer of our own, registered and activated through the API, so no demo password changes.
    const email = freshEmail('forgetful');
    const oldPassword = 'Old-harbour-42';
    const newPassword = 'New-harbour-77';
    const registered = await page.request.post('/api/main/?registerPersonal', {
      data: {
        brandId: 'pebble',
        registrationType: 'developers',
        firstName: 'Ola',
        lastName: 'Nordmann',
        countryCode: 'NO',
        email,
        password: oldPassword,
        acceptedTerms: ['privacy-policy-2025-03-01', 'terms-and-conditions-2025-03-01'],
        altcha: await solvedBotCheck(page.request),
      },
    });
    expect(registered.status()).toBe(200);
    const link = new URL(await fromOutbox(page.request, email, /(https?:\/\/\S+\/activate\?\S+)/));
    const activated = await page.request.post('/api/main/?activateAccount', {
      data: { username: email, activationCode: link.searchParams.get('code') },
    });
    expect(activated.status()).toBe(200);

    await page.goto('/login?brand=pebble');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/account-recovery\/email$/);
    await expectAccessible(page, '/account-recovery/email');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the code' }).click();

    await expect(page).toHaveURL(/\/account-recovery\/status$/);
    await expect(
      page.getByText(`If an account exists for ${email}`, { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, '/account-recovery/status');
    await page.getByRole('link', { name: 'Enter the code' }).click();

    const code = await fromOutbox(page.request, email, /password is (\d{6})\./);
    await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The code is wrong or has expired')).toBeVisible();
    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/account-recovery\/password$/);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
    await expectAccessible(page, '/account-recovery/password');
    await page.getByRole('button', { name: 'Change the password' }).click();

    await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
    await expectAccessible(page, '/account-recovery/success');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(oldPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await signIn(page, email, newPassword);
  });
});
