import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export const DEMO_PASSWORD = 'Demo-pass-2026';

/** Scans the page as it stands and fails on any serious or critical accessibility violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    `accessibility of ${label}`,
  ).toEqual([]);
}

/** Every page a test visits through `visit` is scanned with axe once it has settled. */
export const test = base.extend<{
  visit: (path: string, ready: (page: Page) => Promise<void>) => Promise<void>;
}>({
  visit: async ({ page }, use) => {
    await use(async (path, ready) => {
      await page.goto(path);
      await ready(page);
      await expectAccessible(page, path);
    });
  },
});

export { expect };

/**
 * What the ALTCHA widget does in the browser, for tests that call the API directly (the server asks
 * for the bot check on registration and sign-in): fetch a challenge, solve it, encode the payload.
 */
export async function solvedBotCheck(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/altcha');
  expect(response.status()).toBe(200);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot-check challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
