import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * Documents and addresses (issue 14): a rejected document shows its reason and is uploaded again;
 * a limited account (expired proof of address) is cleared by uploading a renewed document; the
 * personal-information update. Each test has its own seeded customer (seed-documents.ts).
 */

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/documents/${name}`, import.meta.url));

async function screenshots(page: Page, name: string) {
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a rejected proof of address shows its reason and is uploaded again', async ({ page }) => {
  await signInThroughApi(page, 'docs-rejected@ledgerline.test', { path: '/kyc' });
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page.getByRole('heading', { name: "Let's verify your identity" })).toBeVisible();
  const proof = page.getByRole('region', { name: 'Proof of address' });
  await expect(proof.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(
    proof.getByText(
      'Reason: We could not read the document. Upload a sharp, complete photo or scan.',
    ),
  ).toBeVisible();
  await expectAccessible(page, '/kyc (rejected document)');
  await screenshots(page, 'kyc-rejected');

  await proof.getByRole('button', { name: /again$/ }).click();
  const form = proof.getByRole('form', { name: 'Upload a document' });
  await expect(form.getByLabel('Document type')).not.toHaveValue('');
  // A text file named .pdf: the server reads the content and refuses it; nothing is stored.
  await form.locator('input[type="file"]').first().setInputFiles(fixture('not-a-pdf.pdf'));
  await form.getByRole('button', { name: 'Upload the new document' }).click();
  await expect(form.getByText('Only PDF, JPEG, PNG and HEIC files are accepted')).toBeVisible();

  await form.locator('input[type="file"]').first().setInputFiles(fixture('sample.pdf'));
  await form.getByRole('button', { name: 'Upload the new document' }).click();
  await expect(proof.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(proof.getByText('In review')).toBeVisible();
  await expectAccessible(page, '/kyc (uploaded again)');
  await screenshots(page, 'kyc-uploaded-again');

  // The customer downloads their own upload: the single-use link answers the file itself.
  const downloading = page.waitForEvent('download');
  await proof.getByRole('button', { name: 'Download sample.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('sample.pdf');
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a limited account with an expired document is cleared by uploading a renewed one', async ({
  page,
}) => {
  await signInThroughApi(page, 'docs-expired@ledgerline.test', { path: '/limited-account' });
  await expect(
    page.getByRole('heading', { name: 'Your account is limited', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Contact support/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Upload a renewed document' }).click();
  await expect(page).toHaveURL(/\/kyc\?item=renewedDocuments$/);

  const renewed = page.getByRole('region', { name: 'Renewed documents' });
  await expect(renewed.getByText('Expired', { exact: true })).toBeVisible();
  await expectAccessible(page, '/kyc (renewed documents)');
  await renewed.getByRole('button', { name: /again$/ }).click();
  const form = renewed.getByRole('form', { name: 'Upload a document' });
  await form.locator('input[type="file"]').first().setInputFiles(fixture('sample.png'));
  await form.getByRole('button', { name: 'Upload the new document' }).click();
  await expect(renewed.getByText('In review')).toBeVisible();
  // The renewal stands in the expired one's place: no second upload is offered for it.
  await expect(renewed.getByText('A newer document replaces this one.')).toBeVisible();
  await expect(renewed.getByRole('button', { name: /again$/ })).toHaveCount(0);
  await expect(page.getByText('We have your documents and are reviewing them.')).toBeVisible();
  await screenshots(page, 'kyc-renewed');

  await page.goto('/limited-account');
  await expect(page.getByText('Documents received')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload a renewed document' })).toHaveCount(0);
});

test('/profile-update says why, and saving clears it', async ({ page }) => {
  await signInThroughApi(page, 'docs-update@ledgerline.test', { path: '/profile-update' });
  await expect(
    page.getByRole('heading', { name: 'Please update your personal details' }),
  ).toBeVisible();
  await expect(page.getByText('Your date of birth is missing.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Uma');
  await expectAccessible(page, '/profile-update');
  await screenshots(page, 'profile-update');

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Enter a valid date')).toBeVisible();
  await page.getByLabel('Date of birth').fill('17.05.1990');
  await page.getByLabel('Date of birth').blur();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile-update');
  await expect(
    page.getByText('Your details are up to date. You can still correct them here.'),
  ).toBeVisible();
});
