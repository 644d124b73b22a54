import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/**
 * The webhook and IPN screens (issue 18) of a business's full-access user, at a phone's width and
 * a desktop's, each scanned with axe and shot to test-results/screenshots/ for a person to look
 * at. Nothing is saved: the endpoint form and the URL test open, and the test URL is only pinged
 * (loopback is allowed outside production), so no other test's company hears of it.
 */
const FOLDER = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const MERCHANT = 'business@ledgerline.test';

async function shoot(page: Page, name: string, width: number, whole = true) {
  await expectAccessible(page, `${name} at ${width} px`);
  if (whole) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(900, height) });
  }
  await page.screenshot({ path: `${FOLDER}merchant-${name}-${width}.png` });
  await page.setViewportSize({ width, height: 900 });
}

test('the webhook and IPN screens at 476 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(FOLDER, { recursive: true });
  await signInThroughApi(page, MERCHANT);
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/merchant/internal/webhook_log');
    await expect(page.getByRole('heading', { name: 'Webhook endpoints' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expect(
      page
        .getByText('No webhook endpoints yet')
        .or(page.getByRole('table', { name: "The company's webhook endpoints" })),
    ).toBeVisible();
    await shoot(page, 'webhook-log', width);

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'New webhook endpoint' });
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('This field is required').first()).toBeVisible();
    await shoot(page, 'webhook-form', width, false);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await page.getByRole('button', { name: 'Test a URL' }).first().click();
    const ping = page.getByRole('dialog', { name: 'Test a URL' });
    await ping.getByLabel(/URL/).fill('http://127.0.0.1:9/hook');
    await ping.getByRole('button', { name: 'Send test' }).click();
    await expect(ping.getByText(/The test did not succeed|The address answered/)).toBeVisible();
    await shoot(page, 'webhook-ping', width, false);
    await page.keyboard.press('Escape');
    await expect(ping).toBeHidden();

    await page.goto('/merchant/ipn/settings');
    await expect(page.getByLabel(/Notification URL/)).toBeVisible();
    await shoot(page, 'ipn-settings', width);

    await page.goto('/merchant/ipn/history');
    await expect(page.getByRole('heading', { name: 'IPN history' })).toBeVisible();
    await expect(page.getByText(/No notifications yet|Showing \d+ of \d+/).first()).toBeVisible();
    await shoot(page, 'ipn-history', width);
  }
});

/** The other merchant screens: what each shows once its data is in (a list, its empty state or a form). */
const SCREENS: {
  name: string;
  path: string;
  ready: (page: Page) => ReturnType<Page['getByText']>;
}[] = [
  {
    name: 'verification',
    path: '/merchant/security/verification',
    ready: (page) =>
      page
        .getByText('No requests yet')
        .or(page.getByRole('table', { name: 'Identity verification requests' })),
  },
  {
    name: 'verification-history',
    path: '/merchant/security/verification/history',
    ready: (page) =>
      page
        .getByText('Nothing has happened yet.')
        .or(page.getByRole('table', { name: 'Status changes of identity verification requests' })),
  },
  {
    name: 'reputation',
    path: '/merchant/security/reputation',
    ready: (page) => page.getByRole('heading', { name: 'Reputation', exact: true }),
  },
  {
    name: 'saved-buttons',
    path: '/merchant/buttons/my_saved_buttons',
    ready: (page) =>
      page
        .getByText('No payment buttons yet')
        .or(page.getByRole('table', { name: 'Your payment buttons' })),
  },
  {
    name: 'business-logos',
    path: '/merchant/buttons/business_logos',
    ready: (page) =>
      page.getByText('No logos yet').or(page.getByRole('table', { name: 'Your business logos' })),
  },
  {
    name: 'pbn-settings',
    path: '/merchant/buttons/pbn_settings',
    ready: (page) => page.getByLabel('Pay name'),
  },
  {
    name: 'subscribers',
    path: '/merchant/accounts/subscribers',
    // The journey (merchant.spec.ts) may have given this company a subscriber already: its list
    // has no heading of its own, so it is ready when its panel is no longer busy.
    ready: (page) => page.getByRole('main').locator('[aria-busy="false"]').first(),
  },
];

test('the other merchant screens at 476 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(FOLDER, { recursive: true });
  await signInThroughApi(page, MERCHANT);
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await shoot(page, screen.name, width);
    }
  }
});
