import type { Page } from '@playwright/test';
import { expect, expectAccessible, fromOutbox, signInThroughApi, test } from './fixtures';

/*
 * Issue 15D: the company's details, the switch between the customers a user may act for, and a
 * person whose only use is a company. Users: office@ (owner of Harbourlight Studio, edits its
 * details), ioana@ (personal customer with full access to Harbourlight), clerk@ (initiate-only at
 * Harbourlight, no accounts of her own). Screenshots land in test-results/company/.
 */

const SHOTS = 'test-results/company/';

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 476]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the business owner reads the company’s details and changes its website', async ({ page }) => {
  await signInThroughApi(page, 'office@harbourlight.example', {
    brand: 'northmere',
    path: '/company',
  });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Harbourlight Studio Ltd' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText(
    'Company number 09876543',
  );
  await expectAccessible(page, '/company');
  await shoot(page, 'overview');

  await page
    .getByRole('navigation', { name: 'Company sections' })
    .getByRole('link', { name: 'Details', exact: true })
    .click();
  await expect(page).toHaveURL(/\/company\/details$/);
  const legal = page.getByRole('region', { name: 'Registration' });
  await expect(legal).toContainText('09876543');
  await expect(legal).toContainText('United Kingdom');
  // Legal facts are the bank's record: shown, never a field.
  await expect(page.getByLabel('Company number')).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Contact details of the company' });
  await expect(form.getByLabel('Website')).toHaveValue('https://harbourlight.example');
  await expectAccessible(page, '/company/details');
  await shoot(page, 'details');

  await form.getByLabel('Website').fill('not a web address');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Enter a web address starting with https://')).toBeVisible();
  await form.getByLabel('Website').fill('https://harbourlight-studio.example');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Your changes are saved.')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Contact details of the company' }).getByLabel('Website'),
  ).toHaveValue('https://harbourlight-studio.example');
});

test('the switcher moves between the personal profile and the company without signing in again', async ({
  page,
}) => {
  await signInThroughApi(page, 'ioana@harbourlight.example', { brand: 'northmere' });
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/login') signIns.push(request.url());
  });
  await expect(page.getByRole('heading', { level: 1, name: /Ioana/ })).toBeVisible();
  // Personal profile: no company section in the navigation.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }),
  ).toHaveCount(0);

  await expectAccessible(page, 'personal home with the customer switcher');
  await page.getByRole('button', { name: /Switch to another customer: Ioana Popescu/ }).click();
  await expect(page.getByRole('menuitem', { name: /Harbourlight Studio Ltd/ })).toBeVisible();
  await shoot(page, 'switcher');
  await page.getByRole('menuitem', { name: /Harbourlight Studio Ltd/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /Harbourlight/ })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Company' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Harbourlight Studio Ltd' }),
  ).toBeVisible();

  await page
    .getByRole('button', { name: /Switch to another customer: Harbourlight Studio Ltd/ })
    .click();
  await page.getByRole('menuitem', { name: /Ioana Popescu/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Ioana/ })).toBeVisible();
  expect(signIns).toEqual([]);
});

test('the initiate-only clerk lands on the company and is not offered Add currency', async ({
  page,
}) => {
  await signInThroughApi(page, 'clerk@harbourlight.example', {
    brand: 'northmere',
    path: '/start',
  });
  // The company's own start-page rules apply: no self-certification on record yet, so its splash first.
  await expect(page).toHaveURL(/\/(home|self-certification-business-splash)$/);
  if (page.url().endsWith('/self-certification-business-splash'))
    await page.getByRole('link', { name: 'Continue to online banking' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /Harbourlight/ })).toBeVisible();
  await expect(page.getByText('You have no accounts yet')).toHaveCount(0);
  const actions = page.getByRole('list', { name: 'Quick actions' });
  await expect(actions).toBeVisible();
  await expect(actions.getByText('Add currency')).toHaveCount(0);
  const more = actions.getByRole('button', { name: 'More actions' });
  if ((await more.count()) > 0) {
    await more.click();
    await expect(page.getByRole('menuitem', { name: 'Apply for a card' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Add currency' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Create wallet' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }
  await expectAccessible(page, 'clerk home');
  await shoot(page, 'clerk-home');

  // The company's details: read, with the reason there is no form.
  await page.goto('/company/details');
  await expect(page.getByRole('region', { name: 'Registration' })).toContainText('09876543');
  await expect(
    page.getByText('Only a user with full access to this company can change these details.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectAccessible(page, 'clerk company details');
  await shoot(page, 'clerk-details');
});

test('payment e-mails: add an address, confirm it with the code from the outbox, remove it', async ({
  page,
}) => {
  await signInThroughApi(page, 'office@harbourlight.example', {
    brand: 'northmere',
    path: '/company-emails',
  });
  const section = page.getByRole('region', { name: 'Payment e-mails' });
  await expect(section.getByText('No payment e-mail addresses yet.')).toBeVisible();
  await section.getByLabel('E-mail address').fill('payments@harbourlight.example');
  await section.getByRole('button', { name: 'Add and send a code' }).click();
  await expect(
    section.getByText('We sent a code to payments@harbourlight.example.', { exact: false }),
  ).toBeVisible();
  const code = await fromOutbox(
    page.request,
    'payments@harbourlight.example',
    /confirmation code is (\d{6})/,
  );
  await section.getByRole('button', { name: /Enter code/ }).click();
  await section.getByLabel('Confirmation code').fill(code);
  await section.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(section.getByText('payments@harbourlight.example is confirmed.')).toBeVisible();
  await expect(section.getByTestId('payment-email-row')).toContainText('Confirmed');
  await expectAccessible(page, '/company-emails');
  await shoot(page, 'emails');
  await section.getByRole('button', { name: /Remove/ }).click();
  await section.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(section.getByText('No payment e-mail addresses yet.')).toBeVisible();
});
