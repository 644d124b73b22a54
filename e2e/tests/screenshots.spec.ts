import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, signInThroughApi, test } from './fixtures';

/**
 * The screenshot review set of issue 13: the sign-in page, home, the own-account transfer's
 * review, history, the P2P form and cards at a phone's width (476 px) and a desktop's (1280 px) for two brands, written as PNGs to
 * test-results/screenshots/ (ignored by git) for a person to look at. Each shot is taken only
 * after the page shows what it is for and nothing was written to the console as an error: a shot
 * of a broken page fails the run instead of landing in the set. One sign-in per brand.
 */
const FOLDER = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const WIDTHS = [476, 1280] as const;
const BRANDS = [
  { brand: 'pebble', email: 'personal@ledgerline.test' },
  { brand: 'northmere', email: 'tomas@northmere.example' },
] as const;

/** Errors the page printed or threw since the last check. */
function watchConsole(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => errors.splice(0);
}

test.describe('screenshot review set', () => {
  mkdirSync(FOLDER, { recursive: true });

  for (const { brand, email } of BRANDS) {
    test(`${brand}: sign-in, home, transfer review, history, P2P and cards at ${WIDTHS.join(' and ')} px`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const consoleErrors = watchConsole(page);

      /**
       * A page is shot whole with a window as tall as the page (a full-page shot of a shorter
       * window draws the phone's fixed bottom bar in the middle); a dialog in a 900 px window.
       */
      const shoot = async (name: string, width: number, whole = true) => {
        expect(consoleErrors(), `console errors on ${name} at ${width} px`).toEqual([]);
        // Animations end before the shot: a dialog fading in would be caught half drawn.
        await page.waitForFunction(() =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' ||
                animation.effect?.getComputedTiming().iterations === Infinity,
            ),
        );
        if (whole) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width, height: Math.max(900, height) });
        }
        await page.screenshot({ path: `${FOLDER}${brand}-${name}-${width}.png` });
        await page.setViewportSize({ width, height: 900 });
      };

      // The sign-in page first, signed out: its first load is the one issue 19 weighs (decision 113).
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/login?brand=${brand}`);
        await expect(page.getByLabel('E-mail')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        await shoot('login', width);
      }

      await signInThroughApi(page, email, { brand });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });

        await page.goto('/home');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('EUR', { exact: false }).first()).toBeVisible();
        await shoot('home', width);

        await page.goto('/transfer/account');
        await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
        const from = page.getByLabel('From', { exact: true });
        const to = page.getByLabel('To', { exact: true });
        await expect(from.locator('option', { hasText: /^EUR account/ })).toHaveCount(1);
        await from.selectOption(
          (await from.locator('option', { hasText: /^EUR account/ }).getAttribute('value')) ?? '',
        );
        await to.selectOption(
          (await to.locator('option', { hasText: /^GBP account/ }).getAttribute('value')) ?? '',
        );
        await page.getByLabel(/Amount to arrive/).fill('25');
        await expect(page.getByTestId('fact-total')).toHaveText(/\d/);
        await page.getByRole('button', { name: 'Review transfer' }).click();
        const review = page.getByRole('dialog', { name: 'Check and confirm' });
        await expect(review.getByTestId('review-amount')).toHaveText('£25.00');
        await expect(review.getByTestId('review-from')).toHaveText('EUR account');
        await expect(review.getByRole('button', { name: /^Transfer / })).toBeEnabled();
        await shoot('transfer-review', width, false);
        // Nothing is confirmed: the review closes and no money moves.
        await page.keyboard.press('Escape');
        await expect(review).toBeHidden();

        await page.goto('/history');
        await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
        await expect(page.getByText(/^Transactions found: \d/)).toBeVisible();
        await shoot('history', width);

        await page.goto('/transfer/p2p');
        await expect(page.getByLabel('Their e-mail address')).toBeVisible();
        await shoot('transfer-p2p', width);

        await page.goto('/cards');
        await expect(page).toHaveURL(/\/cards/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The list and a single card's page both offer a new card once their cards are there; the
        // heading alone let a shot of the page still loading through.
        await expect(page.getByText('Apply for a card', { exact: true })).toBeVisible();
        await shoot('cards', width);
      }
    });
  }
});
