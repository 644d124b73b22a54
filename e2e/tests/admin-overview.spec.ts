import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * The administrator who acts visibly (issue 15): admin@ledgerline.test (Pebble Wallet) finds a
 * customer of their brand, opens them, acts for them — the banner says so on home and on another
 * page, and after a reload — then stops acting and is back on /admin-overview without the banner.
 * Screenshots at 476 and 1280 px go to ADMIN_SCREENSHOTS when it is set.
 */
const ADMIN = 'admin@ledgerline.test';
const SHOTS = process.env.ADMIN_SCREENSHOTS;

test('an administrator finds a customer, acts for them with a banner, and stops acting', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN, { path: '/admin-overview' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administrator overview' }),
  ).toBeVisible();
  const search = page.getByRole('search', { name: 'Find a customer' });
  await search.getByRole('textbox', { name: 'Find a customer' }).fill('anna@pebble');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin-overview\?q=anna%40pebble$/);
  const results = page.getByRole('list', { name: 'Customers' });
  const anna = results.getByRole('link', { name: 'Anna Novak' });
  await expect(anna).toBeVisible();
  await expectAccessible(page, '/admin-overview results');
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/admin-search-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 476, height: 900 });
    await page.screenshot({ path: `${SHOTS}/admin-search-476.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await anna.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anna Novak' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Accounts' })).toBeVisible();
  await expectAccessible(page, '/admin-overview/customers/:id');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/admin-customer-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 476, height: 900 });
    await page.screenshot({ path: `${SHOTS}/admin-customer-476.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.getByRole('button', { name: 'Act for this customer' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const banner = page.getByRole('region', { name: 'Acting for a customer' });
  await expect(banner).toContainText('You are acting for Anna Novak');
  await expectAccessible(page, '/home acting for a customer');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/admin-acting-home-1280.png` });
    await page.setViewportSize({ width: 476, height: 900 });
    await page.screenshot({ path: `${SHOTS}/admin-acting-home-476.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Another page of the main layout, and a reload: the acting is kept in the tab's session.
  await page.goto('/login-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in history' })).toBeVisible();
  await expect(banner).toBeVisible();
  await page.reload();
  await expect(banner).toContainText('You are acting for Anna Novak');

  await banner.getByRole('button', { name: 'Stop acting' }).click();
  await expect(page).toHaveURL(/\/admin-overview$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administrator overview' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Acting for a customer' })).toHaveCount(0);
  // Home is the administrator's own again: no banner there either.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Acting for a customer' })).toHaveCount(0);
});
