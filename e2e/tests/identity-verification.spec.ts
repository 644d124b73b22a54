import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/**
 * Identity verification (issue 14): a check started from /kyc and completed at the provider
 * simulator's hosted page, with the sample pictures in e2e/fixtures/identity. The simulator decides
 * from the file names: `reject-*` is refused with a reason, anything else is accepted and waits
 * for the compliance desk ("Under review").
 */

const FIXTURES = fileURLToPath(new URL('../fixtures/identity/', import.meta.url));
const SHOTS = fileURLToPath(new URL('../../test-results/identity-verification/', import.meta.url));

async function givePictures(page: Page, front: string, kind: 'document' | 'video' = 'document') {
  await expect(page.getByText('Step 1 of', { exact: false })).toBeVisible();
  await page.getByLabel('Choose a picture: Front of your document').setInputFiles(FIXTURES + front);
  if (kind === 'document') {
    await expect(page.getByRole('heading', { name: 'Back of your document' })).toBeVisible();
    await page
      .getByLabel('Choose a picture: Back of your document')
      .setInputFiles(FIXTURES + 'passport-back.jpg');
  }
  await expect(page.getByRole('heading', { name: 'Selfie' })).toBeVisible();
  await page.getByLabel('Choose a picture: Selfie').setInputFiles(FIXTURES + 'selfie.png');
  await expect(page.getByText('Check your pictures and send them')).toBeVisible();
}

test.describe('identity verification', () => {
  test('a refused check shows its reason, and a new check goes under review (desktop)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughApi(page, 'new@thistle.example', { brand: 'thistle', path: '/kyc' });
    const check = page.getByTestId('identity-check');
    await expect(check.getByText('Not checked yet', { exact: true })).toBeVisible();

    await check.getByRole('button', { name: 'Start identity check' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code of the identity check link' }),
    ).toBeVisible();
    await expectAccessible(page, '/kyc with the QR code');
    await page.screenshot({ path: `${SHOTS}kyc-qr-1280.png`, fullPage: true });
    await page.getByRole('link', { name: 'Continue on this computer' }).click();
    await expect(page).toHaveURL(/\/identity-verification\/\d+\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText('Identity check by JMO')).toBeVisible();
    await expectAccessible(page, 'the provider page');
    await page.screenshot({ path: `${SHOTS}provider-start-1280.png`, fullPage: true });

    await givePictures(page, 'reject-passport-front.jpg');
    await expectAccessible(page, 'the provider page, ready to send');
    await page.getByRole('button', { name: 'Send for checking' }).click();
    await expect(page.getByText('The check was not accepted')).toBeVisible();
    await expect(page.getByText('The document could not be read.', { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}provider-refused-1280.png`, fullPage: true });
    await page.getByRole('link', { name: 'Back to Thistle Money' }).click();

    await expect(page).toHaveURL(/\/kyc$/);
    await expect(check.getByText('Not accepted', { exact: true })).toBeVisible();
    await expect(
      check.getByText('The document could not be read.', { exact: false }),
    ).toBeVisible();
    await check.getByRole('button', { name: 'Try the identity check again' }).click();
    await page.getByRole('link', { name: 'Continue on this computer' }).click();
    await givePictures(page, 'passport-front.jpg');
    await page.getByRole('button', { name: 'Send for checking' }).click();
    await expect(page.getByText('Thank you, your pictures were sent')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Thistle Money' }).click();
    await expect(check.getByText('Under review', { exact: true })).toBeVisible();
    await expect(check.getByRole('button', { name: /identity check/ })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}kyc-under-review-1280.png`, fullPage: true });
  });

  test('the phone completes the check from the QR link and the computer updates without reload', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughApi(page, 'kyc@ledgerline.test', { path: '/kyc' });
    const check = page.getByTestId('identity-check');
    await check.getByRole('button', { name: 'Start identity check' }).click();
    const link = await page
      .getByRole('link', { name: 'Continue on this computer' })
      .getAttribute('href');
    expect(link).toMatch(/^\/identity-verification\/\d+\//);

    // The phone: another browser, no session, a 476 px screen.
    const phoneContext = await browser.newContext({
      viewport: { width: 476, height: 900 },
      isMobile: true,
    });
    const phone = await phoneContext.newPage();
    await phone.goto(link ?? '');
    await expect(phone.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
    await expectAccessible(phone, 'the provider page on a phone');
    await phone.screenshot({ path: `${SHOTS}provider-start-476.png`, fullPage: true });
    await givePictures(phone, 'passport-front.jpg');
    await phone.screenshot({ path: `${SHOTS}provider-review-476.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Send for checking' }).click();
    await expect(phone.getByText('Thank you, your pictures were sent')).toBeVisible();
    await expectAccessible(phone, 'the provider finish page on a phone');
    await phone.screenshot({ path: `${SHOTS}provider-sent-476.png`, fullPage: true });
    await phoneContext.close();

    // The computer hears the provider's answer over the realtime channel.
    await expect(check.getByText('Under review', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code of the identity check link' })).toHaveCount(
      0,
    );
  });

  test('on a phone, a video identification opens at /video-identity-job at once, and a refusal shows its reason', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 476, height: 900 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    await signInThroughApi(page, 'unverified@ledgerline.test', { path: '/kyc' });
    const check = page.getByTestId('identity-check');
    await expect(check.getByText('Not checked yet', { exact: true })).toBeVisible();
    await expectAccessible(page, '/kyc on a phone');
    await page.screenshot({ path: `${SHOTS}kyc-476.png`, fullPage: true });
    // A phone has its camera at hand: no QR code, the provider page opens directly.
    await check.getByRole('button', { name: 'Video identification instead' }).click();
    await expect(page).toHaveURL(/\/video-identity-job\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('heading', { name: 'Video identification' })).toBeVisible();
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await expectAccessible(page, 'the video identification page');
    await page.screenshot({ path: `${SHOTS}video-start-476.png`, fullPage: true });
    await givePictures(page, 'reject-passport-front.jpg', 'video');
    await page.getByRole('button', { name: 'Send for checking' }).click();
    await expect(page.getByText('The check was not accepted')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Pebble Wallet' }).click();
    await expect(check.getByText('Not accepted', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}kyc-refused-476.png`, fullPage: true });
    await context.close();
  });

  test('a link with a wrong token is refused at the provider page', async ({ page }) => {
    await page.setViewportSize({ width: 476, height: 800 });
    await page.goto(`/identity-verification/1/${'A'.repeat(43)}`);
    await expect(page.getByText('This link cannot be used')).toBeVisible();
    await expectAccessible(page, 'the provider page with a bad link');
  });
});
