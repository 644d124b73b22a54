import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/** A seeded customer with transfers, cards and unread news (demo seed). */
const EMAIL = 'history@ledgerline.test';

test.describe('the navigation on a phone (476 px)', () => {
  test.use({ viewport: { width: 476, height: 900 } });

  test('reaches every section by name: the bar, then Profile, Settings and Sign out under More', async ({
    page,
  }) => {
    await signInThroughApi(page, EMAIL);
    await expect(page.getByRole('heading', { level: 1, name: /Hello/ })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Transfers', 'History', 'Cards']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    // Sign out is no unlabelled icon in the header any more: it is named, under More.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    const more = nav.getByRole('button', { name: /^More/ });

    // Escape closes the sheet and gives the focus back to the button that opened it.
    await more.click();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await expect(sheet.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expectAccessible(page, '/home with the More sheet open (476 px)');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(more).toBeFocused();

    await more.click();
    await sheet.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

    await more.click();
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await nav.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(nav.getByRole('link', { name: 'History' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await more.click();
    await sheet.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('the navigation at 1280 px', () => {
  test('keeps one calm bar under the header, with Sign out named in the header', async ({
    page,
  }) => {
    await signInThroughApi(page, EMAIL);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Transfers', 'History', 'Cards', 'Profile', 'Settings']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // News carries its unread count in its name ("News unread: 3").
    await expect(nav.getByRole('link', { name: /^News/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: /^More/ })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('keeps the signed-in header and navigation on /terms and on the 404 page', async ({
    page,
  }) => {
    await signInThroughApi(page, EMAIL);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Legal terms' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // A typed address that does not exist, after a full page load: the session is restored.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cards' })).toBeVisible();
    await expectAccessible(page, '404 page while signed in');
    await nav.getByRole('link', { name: 'Cards' }).click();
    await expect(page).toHaveURL(/\/cards/);
  });

  test('shows a screen that fails as the branded error page, with the navigation kept', async ({
    page,
  }) => {
    await signInThroughApi(page, EMAIL);
    await expect(page.getByRole('heading', { level: 1, name: /Hello/ })).toBeVisible();
    // The connection drops every script download from now on: the History screen's code, not
    // fetched yet, cannot load (as when a release replaced it, or the network failed).
    await page.route('**/assets/*.js', (route) => route.abort());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'History' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
    await expect(
      alert.getByRole('heading', { level: 1, name: 'This page could not be shown' }),
    ).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(
      page.getByRole('banner').getByRole('link', { name: /Pebble Wallet/ }),
    ).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cards' })).toBeVisible();
    await expectAccessible(page, 'the error page');

    // The connection is back: "Try again" shows the screen.
    await page.unroute('**/assets/*.js');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  });
});
