import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * Adding money with a funding invoice (issue 16B), as funding@ledgerline.test, whom no other test
 * moves: from home's "Add money" to /add-money, a funding invoice for the EUR account with its
 * reference and the brand's collection account; another bank pays that reference (the rail
 * simulator's incoming transfer) and home's balance moves without a reload; a second invoice, paid
 * while its page is open, turns paid there without a reload. The PDF downloads.
 */

const SHOTS = fileURLToPath(new URL('../../test-results/funding/', import.meta.url));
const EMAIL = 'funding@ledgerline.test';

async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Creates a funding invoice for the EUR account on /add-money; answers its reference and IBAN. */
async function createInvoice(page: Page, amount: string) {
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Create funding invoice' }).click();
  const card = page.getByRole('region', { name: /^Funding invoice F-\d{6}$/ });
  await expect(card).toBeVisible();
  const reference = ((await card.getByTestId('funding-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^RF\d{2} \d{4} \d{4} \d{4}$/);
  await expect(card.getByRole('button', { name: 'Copy IBAN' })).toBeVisible();
  const iban = (
    (await card
      .locator('dt', { hasText: /^IBAN$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) ?? ''
  ).replace(/\s+/g, '');
  expect(iban).toMatch(/^LT\d{18}$/);
  return { card, reference, iban };
}

function pay(
  page: Page,
  invoice: { iban: string; reference: string },
  amount: string,
  railId: string,
) {
  return page.request.post('/dev/rails/incoming', {
    data: {
      iban: invoice.iban,
      currency: 'EUR',
      amount,
      payerName: 'Farah Lindgren (other bank)',
      reference: invoice.reference,
      railId,
    },
  });
}

test('a customer adds money with a funding invoice and sees it land without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, EMAIL);
  const eurRow = page.getByTestId('account-row').filter({ hasText: 'EUR' }).first();
  await expect(eurRow).toBeVisible();
  // The seed's EUR account of this customer: 250.00, moved by no other test.
  await expect(eurRow).toContainText('250.00');
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { samePage?: boolean }).samePage = true;
  });

  // Home's "Add money" shows the account's details and the way to a funding invoice.
  await page.getByRole('button', { name: 'Add money' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  await details.getByRole('link', { name: 'Add money with a funding invoice' }).click();
  await expect(page).toHaveURL(/\/add-money$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add money by bank transfer' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your funding invoices' })).toContainText(
    'No funding invoices yet',
  );

  const first = await createInvoice(page, '75.50');
  await expect(first.card).toContainText('Awaiting payment');
  await expect(first.card).toContainText('Pebble Payments Ltd');
  await expectAccessible(page, '/add-money with a funding invoice');
  await shootBothWidths(page, 'add-money');

  // The PDF of the invoice downloads.
  const download = page.waitForEvent('download');
  await first.card.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^funding-invoice-F-\d{6}\.pdf$/);

  // Back on home, another bank pays the reference: the balance moves without a reload.
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(eurRow).toContainText('250.00');
  const arrived = await pay(page, first, '75.50', `E2E-FUNDING-${Date.now()}-1`);
  expect(arrived.status(), await arrived.text()).toBe(200);
  expect(await arrived.json()).toMatchObject({ destination: 'fundingInvoice', replayed: false });
  await expect(eurRow).toContainText('325.50');
  expect(
    await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true),
  ).toBe(true);

  // The invoice is paid in the list; a second one, paid while its page is open, turns paid there.
  await page.getByRole('button', { name: 'Add money' }).click();
  await page
    .getByRole('dialog', { name: 'Payment details' })
    .getByRole('link', { name: 'Add money with a funding invoice' })
    .click();
  const list = page.getByRole('region', { name: 'Your funding invoices' });
  const rows = list.getByTestId('funding-invoice-row');
  await expect(rows.first()).toContainText('Paid');
  const second = await createInvoice(page, '20');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Awaiting payment');
  const paid = await pay(page, second, '20', `E2E-FUNDING-${Date.now()}-2`);
  expect(paid.status(), await paid.text()).toBe(200);
  await expect(rows.first()).toContainText('Paid');
  await expect(second.card).toContainText('Paid: €20.00 arrived');
  expect(
    await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true),
  ).toBe(true);
  await shootBothWidths(page, 'add-money-paid');
});
