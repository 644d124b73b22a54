import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

test.describe('the sign-in page', () => {
  test('shows the brand chosen with ?brand=, and remembers it', async ({ page, visit }) => {
    await visit('/login?brand=northmere', async (p) => {
      await expect(p.getByRole('heading', { name: 'Sign in to Northmere Bank' })).toBeVisible();
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Northmere Bank' })).toBeVisible();
    await visit('/login?brand=pebble', async (p) => {
      await expect(p.getByRole('heading', { name: 'Sign in to Pebble Wallet' })).toBeVisible();
    });
  });

  test('offers only the brand’s languages and switches the page’s language', async ({
    page,
    visit,
  }) => {
    await visit('/login?brand=quillpay', async (p) => {
      await expect(p.getByLabel('E-mail')).toBeVisible();
    });
    const picker = page.getByRole('combobox', { name: 'Language' });
    await expect(picker.locator('option')).toHaveText(['English', 'Español']);
    await picker.selectOption('es');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('keeps the chosen language after a reload, with Ukrainian as uk outside', async ({
    page,
    visit,
  }) => {
    await page.goto('/login?brand=pebble');
    const picker = page.getByRole('combobox', { name: 'Language' });
    await expect(picker.locator('option')).toHaveCount(6);
    await picker.selectOption('ua');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await visit('/login', async (p) => {
      await expect(p.locator('html')).toHaveAttribute('lang', 'uk');
      await expect(p.getByRole('combobox', { name: 'Мова' })).toHaveValue('ua');
    });
  });

  test('shows field errors for a malformed e-mail and an empty password', async ({ page }) => {
    await page.goto('/login?brand=pebble');
    await page.getByLabel('E-mail').fill('anna-at-pebble');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/valid e-mail/i)).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  test('solves the bot check while the customer types and sends it with the sign-in', async ({
    page,
  }) => {
    await page.goto('/login?brand=pebble');
    // The server asks for it (BOT_CHECK is on by default): without a solution it refuses the sign-in.
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
    await page.getByLabel('E-mail').fill('anna@pebble.example');
    await expect(page.getByText('Verified')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const body = (await sent).postDataJSON() as { altcha?: string };
    expect(body.altcha).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('tells the customer when the password is wrong', async ({ page }) => {
    await page.goto('/login?brand=pebble');
    await page.getByLabel('E-mail').fill('anna@pebble.example');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(/Wrong e-mail or password/);
    await expect(page).toHaveURL(/\/login/);
  });

  test('signs a demo customer in to the home screen and out again', async ({ page }) => {
    await page.goto('/login?brand=pebble');
    await page.getByLabel('E-mail').fill('  anna@pebble.example ');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Hello, Anna' })).toBeVisible();
    // The access token lives in memory only, so the home screen is scanned where it stands, not reloaded.
    await expectAccessible(page, '/home');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
  });
});
