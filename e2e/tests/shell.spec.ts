import { expect, test } from './fixtures';

test.describe('the app shell', () => {
  test('sends the root to the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('shows a 404 page for an unknown path, with a way back', async ({ page, visit }) => {
    await visit('/no-such-page?brand=northmere', async (p) => {
      await expect(p.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
    });
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('shows the e-mail confirmation popup with the spec’s texts', async ({ page, visit }) => {
    await visit('/login?brand=pebble&emailConfirmation=success', async (p) => {
      await expect(p.getByRole('dialog', { name: 'E-MAIL CONFIRMATION' })).toContainText(
        'Your E-mail address has been confirmed!',
      );
    });
    await page.goto('/login?brand=pebble&emailConfirmation=fail');
    await expect(page.getByRole('dialog', { name: 'E-MAIL CONFIRMATION' })).toContainText(
      'An error has occurred. Please contact us.',
    );
  });

  test('shows the legal terms page from the sign-in footer', async ({ page, visit }) => {
    await page.goto('/login?brand=thistle');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal terms' }).click();
    await expect(page.getByRole('heading', { name: 'Legal terms', level: 1 })).toBeVisible();
    await visit(new URL(page.url()).pathname, async (p) => {
      await expect(p.getByRole('heading', { name: 'Legal terms', level: 1 })).toBeVisible();
    });
  });

  test('runs under the strict CSP without a violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto('/login?brand=pebble');
    expect(response?.headers()['content-security-policy']).toContain("object-src 'none'");
    await expect(page.getByLabel('E-mail')).toBeVisible();
    expect(violations).toEqual([]);
  });
});
