import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  freshEmail,
  fromOutbox,
  recordAnswers,
  signInThroughApi,
  test,
} from './fixtures';

/*
 * A new customer's whole journey (issue 14), on Northmere Bank (not the first brand; its identity
 * provider is the nfd simulator): register, activate from the e-mailed link, sign in and be sent to
 * /kyc; prove who they are at the provider's page and upload a proof of address; an administrator
 * approves both on the compliance desk, and the customer's page follows without a reload; they open
 * an account, money arrives by a bank transfer to its details, and they pay another customer.
 */

const IDENTITY = fileURLToPath(new URL('../fixtures/identity/', import.meta.url));
const DOCUMENTS = fileURLToPath(new URL('../fixtures/documents/', import.meta.url));
const SHOTS = fileURLToPath(new URL('../../test-results/journey/', import.meta.url));
const FIRST_NAME = 'Elspeth';
const LAST_NAME = `Fairbairn`;
const PAYEE = 'ioana@harbourlight.example';

async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a new customer registers, passes identity verification, is approved, receives money and pays someone', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = freshEmail('journey');
  const password = 'Thistle-and-heather-7';

  // 1. Registration on Northmere Bank.
  await page.goto('/register?brand=northmere');
  await expect(page.getByRole('heading', { name: 'Open a Northmere Bank account' })).toBeVisible();
  await page.getByRole('link', { name: 'Open a personal account' }).click();
  await page.getByLabel('What describes you best?').selectOption('freelancers');
  await page.getByLabel('First name').fill(FIRST_NAME);
  await page.getByLabel('Last name').fill(LAST_NAME);
  await expect(page.getByLabel('Country of residence').locator('option[value="IE"]')).toHaveCount(
    1,
  );
  await page.getByLabel('Country of residence').selectOption('IE');
  await page.getByLabel('E-mail').fill(email);
  await expect(page.getByText('This address can be used.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByLabel(/I have read and accept the Privacy Policy/).check();
  await page.getByLabel(/I have read and accept the Terms and Conditions/).check();
  await page.getByRole('button', { name: 'Open account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  // 2. The activation link from the outbox, then the sign-in: a new customer is sent to /kyc.
  const link = await fromOutbox(page.request, email, /(https?:\/\/\S+\/activate\?\S+)/);
  await page.goto(link);
  await expect(page.getByText('Your Account has been activated.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(
    page.getByRole('heading', { level: 1, name: "Let's verify your identity" }),
  ).toBeVisible();
  await expectAccessible(page, '/kyc of a new customer');
  await shootBothWidths(page, 'kyc-new');

  // 3. Identity at the provider's hosted page (Northmere's provider is nfd).
  const check = page.getByTestId('identity-check');
  await check.getByRole('button', { name: 'Start identity check' }).click();
  await page.getByRole('link', { name: 'Continue on this computer' }).click();
  await expect(page).toHaveURL(/\/identity-verification\/\d+\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('Identity check by NFD')).toBeVisible();
  await page
    .getByLabel('Choose a picture: Front of your document')
    .setInputFiles(IDENTITY + 'passport-front.jpg');
  await page
    .getByLabel('Choose a picture: Back of your document')
    .setInputFiles(IDENTITY + 'passport-back.jpg');
  await page.getByLabel('Choose a picture: Selfie').setInputFiles(IDENTITY + 'selfie.png');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page.getByText('Thank you, your pictures were sent')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Northmere Bank' }).click();
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(check.getByText('Under review', { exact: true })).toBeVisible();

  // 4. A proof of address, uploaded on /kyc.
  const proof = page.getByRole('region', { name: 'Proof of address' });
  await proof.getByRole('button', { name: 'Upload: Proof of address' }).click();
  const form = proof.getByRole('form', { name: 'Upload a document' });
  await form.getByLabel('Country that issued the document').selectOption('IE');
  const type = form.getByLabel('Document type');
  await expect(type.getByRole('option', { name: 'Utility bill' })).toBeAttached();
  await type.selectOption({ label: 'Utility bill' });
  await form
    .locator('input[type="file"]')
    .first()
    .setInputFiles(DOCUMENTS + 'sample.pdf');
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(proof.getByText('In review').first()).toBeVisible();
  await shootBothWidths(page, 'kyc-in-review');
  // The page is the same page from here on: marked, so a reload would show.
  await page.evaluate(() => {
    (window as unknown as { samePage?: boolean }).samePage = true;
  });

  // 5. An administrator approves both on the compliance desk, in a browser of their own.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const admin = await adminContext.newPage();
    await signInThroughApi(admin, 'admin@ledgerline.test', { path: '/admin-overview/review' });
    await expect(
      admin.getByRole('heading', { level: 1, name: 'Compliance review desk' }),
    ).toBeVisible();
    await admin.getByLabel('Brand').selectOption('northmere');
    const queue = admin.getByRole('list', { name: 'Waiting for a decision' });
    const name = `${FIRST_NAME} ${LAST_NAME}`;
    await expect(queue.getByRole('button', { name })).toHaveCount(2);
    for (let left = 2; left > 0; left -= 1) {
      await queue.getByRole('button', { name }).first().click();
      await expect(admin.getByRole('heading', { level: 2, name })).toBeVisible();
      await admin.getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Approve this item?' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(admin.getByText('Approved. The customer has been told.')).toBeVisible();
      await expect(queue.getByRole('button', { name })).toHaveCount(left - 1);
    }
  } finally {
    await adminContext.close();
  }

  // 6. The customer's page followed without a reload: verified, free to go on.
  await expect(
    page.getByRole('region', { name: 'Identity' }).getByText('Done', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Proof of address' }).getByText('Done', { exact: true }),
  ).toBeVisible();
  await expect(check.getByText('Under review', { exact: true })).toHaveCount(0);
  await shootBothWidths(page, 'kyc-verified');
  expect(
    await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true),
  ).toBe(true);
  await page.getByRole('link', { name: 'Back to online banking' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('region', { name: /reviewing your documents|not verified/i }),
  ).toHaveCount(0);

  // 7. A first account, its bank details on home, and money arriving by a bank transfer to them.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Add currency' }).click();
  const open = page.getByRole('dialog', { name: 'Add a currency' });
  await open.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await open.getByRole('button', { name: 'Add currency' }).click();
  await expect(page.getByText('EUR account is open and ready to use.')).toBeVisible();
  const addMoney = page.getByRole('region', { name: 'Add money to your account' });
  await expect(addMoney).toBeVisible();
  const iban =
    (await addMoney
      .getByText(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/)
      .first()
      .textContent()) ?? '';
  await shootBothWidths(page, 'home-add-money');
  const arrived = await page.request.post('/dev/rails/incoming', {
    data: {
      iban,
      currency: 'EUR',
      amount: '200.00',
      payerName: 'Alasdair Fairbairn',
      reference: `E2E-JOURNEY-${Date.now()}`,
    },
  });
  expect(arrived.status(), await arrived.text()).toBe(200);
  await expect(addMoney).toBeHidden();
  await expect(page.getByTestId('account-row').filter({ hasText: 'EUR' }).first()).toContainText(
    '200.00',
  );

  // 8. They pay another customer of the brand.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Transfers' })
    .click();
  await page
    .getByRole('navigation', { name: 'Transfer types' })
    .getByRole('link', { name: 'To a person' })
    .click();
  await expect(page).toHaveURL(/\/transfer\/p2p$/);
  const from = page.getByLabel('From', { exact: true });
  await from.selectOption({
    label: await from.locator('option', { hasText: /^EUR/ }).first().innerText(),
  });
  await page.getByLabel('Their e-mail address').fill(PAYEE);
  await expect(page.getByTestId('payee-status')).toContainText('can receive money');
  const feeReads = recordAnswers(page, 'getTransferFee');
  await page.getByLabel('Amount').fill('40');
  await expect(page.getByTestId('fact-total'))
    .toHaveText(/\d/, { timeout: 15_000 })
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\nfee reads: ${feeReads.join(' | ') || 'none'}`);
    });
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const review = page.getByRole('dialog', { name: 'Check and confirm' });
  await expect(review.getByTestId('review-amount')).toHaveText('€40.00');
  await shootBothWidths(page, 'p2p-review');
  await review.getByRole('button', { name: 'Send €40.00' }).click();
  const done = page.getByRole('dialog', { name: /Transfer completed/ });
  await expect(done.getByTestId('confirm-amount')).toHaveText('€40.00');
});
