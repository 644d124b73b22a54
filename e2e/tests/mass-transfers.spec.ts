import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  exclusively,
  fromOutbox,
  signInThroughApi,
  test,
} from './fixtures';

/*
 * Mass transfers (issue 17B), whole journeys of Quayside Payroll Ltd (seed-mass.ts: its own
 * money, so no other spec's balances move). The owner uploads a 50-row SEPA file with three bad
 * rows, fixes two, drops one, reads the dry-run totals and submits; the rail simulator pays the
 * rows and returns the one whose beneficiary is named RETURN; "Re-submit failed rows" opens a new
 * batch of it, fixed and paid. The same file again answers 92 and needs confirming. An
 * initiate-only clerk's batch waits until the owner approves it with an e-mailed code. A mass P2P
 * batch pays two customers.
 */

const OWNER = 'payroll@ledgerline.test';
const CLERK = 'payroll-clerk@ledgerline.test';
const PAYEES = ['payee-one@ledgerline.test', 'payee-two@ledgerline.test'];
/** The clerk's and the owner's journeys share the company's approvals list and the owner's codes. */
const QUAYSIDE = 'quayside-approvals';
const HEADER = 'Beneficiary name,Scheme,IBAN,BIC,Country,Amount,Currency,Description,Purpose';

test.describe.configure({ timeout: 240_000 });

/** A German IBAN with its check digits (ISO 13616 mod 97) for bank 37040044 and an account number. */
function germanIban(account: number): string {
  const bban = `37040044${String(account).padStart(10, '0')}`;
  // D = 13, E = 14; the country and "00" move to the end.
  const remainder = [...`${bban}131400`].reduce(
    (rest, digit) => (rest * 10 + Number(digit)) % 97,
    0,
  );
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** 50 SEPA rows: row 5 has a broken IBAN, row 17 an amount that is no amount, row 33 no name; row 40 is returned by the rail. */
function sepaFile(tag: string): string {
  const rows = Array.from({ length: 50 }, (_, index) => {
    const n = index + 1;
    const name = n === 33 ? '' : n === 40 ? `Return Rowan ${tag}` : `Freelancer ${n} ${tag}`;
    const iban = n === 5 ? 'DE00370400440000000005' : germanIban(1000 + n);
    const amount = n === 17 ? '12.3x' : `${10 + n}.25`;
    return `${name},sepa,${iban},,DE,${amount},EUR,Fees ${n},SALA`;
  });
  return [HEADER, ...rows].join('\n');
}

/** The visible rows of the workbench (the table on a wide screen). */
function row(page: Page, number: number): Locator {
  return page
    .getByTestId('mass-row')
    .filter({ has: page.getByRole('rowheader', { name: String(number), exact: true }) });
}

async function signIn(page: Page, email: string, path: string): Promise<void> {
  await signInThroughApi(page, email, { path });
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
}

async function upload(page: Page, name: string, content: string, fileName: string) {
  await page.getByLabel('Pay from').selectOption({ index: 1 });
  await page.getByLabel('Batch name').fill(name);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'File', exact: true }).click();
  await (
    await chooser
  ).setFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Check the rows' }).click();
}

/** Fixes one cell of a row in its dialog; the row then reads Ready. */
async function fixCell(page: Page, number: number, label: string, value: string) {
  await row(page, number)
    .getByRole('button', { name: /^Fix row / })
    .click();
  const dialog = page.getByRole('dialog', { name: `Fix row ${number}` });
  await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Save and check' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, number)).toHaveAttribute('data-status', 'valid');
}

/** Answers every transfer waiting in the clearing account now, as the rail would a step later. */
async function runRails(page: Page) {
  const answer = await page.request.post('/dev/rails/run');
  expect(answer.ok()).toBe(true);
}

async function submitAndConfirm(page: Page, payments: number) {
  await page.getByRole('button', { name: `Submit ${payments} payments` }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
  // The owner confirms nothing (mode 0): the batch's progress replaces the workbench.
  await expect(page.getByTestId('mass-progress-status')).toBeVisible();
}

test('a business pays a 50-row SEPA file: fixes, drops, totals, submit, a returned row paid again, and the same file asks before it is sent twice', async ({
  page,
}) => {
  const tag = String(Date.now());
  const file = sepaFile(tag);
  await signIn(page, OWNER, '/transfer/mass/wire');
  await expectAccessible(page, 'mass upload');
  const uploaded = page.waitForResponse('**/api/mass-transfers/batches');
  await upload(page, `Freelancers ${tag}`, file, `freelancers-${tag}.csv`);
  const answer = await uploaded;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page).toHaveURL(/\/transfer\/external\/mass\/confirm\?batchId=\d+/);
  const batchUrl = page.url();
  await expect(page.getByTestId('mass-counts')).toHaveText(
    'Valid: 47 · With errors: 3 · Dropped: 0',
  );
  // The errors sit on the cells they are about.
  await expect(row(page, 5).locator('[data-invalid="true"]')).toHaveCount(1);
  await expect(row(page, 17).locator('[data-invalid="true"]')).toHaveCount(1);
  await expectAccessible(page, 'mass workbench');

  await fixCell(page, 5, 'IBAN', germanIban(1005));
  await fixCell(page, 17, 'Amount', '27.25');
  await row(page, 33)
    .getByRole('button', { name: /^Drop row 33 / })
    .click();
  await expect(row(page, 33)).toHaveAttribute('data-status', 'removed');
  await expect(page.getByTestId('mass-counts')).toHaveText(
    'Valid: 49 · With errors: 0 · Dropped: 1',
  );
  // 50 rows of 11.25 … 60.25 (1,787.50; row 17 fixed to its own 27.25) less row 33 (43.25).
  await expect(page.getByTestId('fact-mass-valid')).toHaveText('49');
  await expect(page.getByTestId('fact-mass-amount-EUR')).toHaveText('€1,744.25');

  await submitAndConfirm(page, 49);
  await expect(page.getByTestId('mass-progress-status')).toBeVisible();
  await expectAccessible(page, 'mass progress');
  await expect(async () => {
    await runRails(page);
    await expect(page.getByTestId('mass-count-on-the-way')).toHaveText('0', { timeout: 2_000 });
  }).toPass();
  await expect(page.getByTestId('mass-count-settled')).toHaveText('48');
  await expect(page.getByTestId('mass-count-failed')).toHaveText('1');
  await expect(row(page, 40)).toContainText('Returned');

  await page.getByRole('button', { name: 'Re-submit failed rows' }).click();
  await expect(page).not.toHaveURL(batchUrl);
  await expect(page.getByText(/Re-submits the failed rows of batch/)).toBeVisible();
  const again = page.getByTestId('mass-row');
  await expect(again).toHaveCount(1);
  const number = Number(await again.getByRole('rowheader').textContent());
  await fixCell(page, number, 'Beneficiary name', `Rowan Fixed ${tag}`);
  await submitAndConfirm(page, 1);
  await expect(async () => {
    await runRails(page);
    await expect(page.getByTestId('mass-count-settled')).toHaveText('1', { timeout: 2_000 });
  }).toPass();

  // The same file again: the server finds the identical batch and the screen asks first.
  await page.goto('/transfer/mass/wire');
  await upload(page, `Freelancers ${tag}`, file, `freelancers-${tag}.csv`);
  const identical = page.getByRole('dialog', { name: 'You uploaded this batch before' });
  await expect(identical).toBeVisible();
  await identical.getByRole('button', { name: 'Upload it again' }).click();
  await expect(page).toHaveURL(/\/transfer\/external\/mass\/confirm\?batchId=\d+/);
  expect(page.url()).not.toBe(batchUrl);
});

test('an initiate-only clerk’s batch waits until the owner approves it with a code', async ({
  page,
  browser,
}) => {
  await exclusively(QUAYSIDE, async () => {
    const tag = String(Date.now());
    await signInThroughApi(page, CLERK, { path: '/company-access' });
    await page
      .getByRole('list', { name: 'Companies' })
      .getByRole('button', { name: /Quayside Payroll Ltd/ })
      .click();
    await expect(page).not.toHaveURL(/\/company-access$/);
    await page.goto('/transfer/mass/wire');
    await page.getByLabel('Pay from').selectOption({ index: 1 });
    await page.getByLabel('Batch name').fill(`Clerk batch ${tag}`);
    await page
      .getByLabel('Or paste rows')
      .fill(
        [
          HEADER,
          `Mia Clerk ${tag},sepa,${germanIban(2001)},COBADEFFXXX,DE,15.00,EUR,Clerk 1,SALA`,
          `Leo Clerk ${tag},sepa,${germanIban(2002)},COBADEFFXXX,DE,25.00,EUR,Clerk 2,SALA`,
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByTestId('mass-counts')).toHaveText(
      'Valid: 2 · With errors: 0 · Dropped: 0',
    );
    await page.getByRole('button', { name: 'Submit 2 payments' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('dialog')).toContainText(/approv/i);

    const context = await browser.newContext();
    try {
      const owner = await context.newPage();
      await signIn(owner, OWNER, '/transfer/approved');
      const request = owner.getByRole('listitem').filter({ hasText: `Clerk batch ${tag}` });
      await expect(request).toContainText('2');
      await expect(request).toContainText('€40.00');
      await request.getByRole('button', { name: /^Approve/ }).click();
      const dialog = owner.getByRole('dialog', { name: 'Approve the batch with your code' });
      const code = await fromOutbox(owner.request, OWNER, /is (\d{6})\./);
      await dialog.getByLabel('Code').fill(code);
      await dialog.getByRole('button', { name: 'Approve the batch' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await context.close();
    }
    await page.reload();
    await expect(page.getByTestId('mass-progress-status')).toBeVisible();
  });
});

test('a mass P2P batch pays two customers of the bank', async ({ page }) => {
  const tag = String(Date.now());
  await signIn(page, OWNER, '/transfer/mass/p2p');
  await page.getByLabel('Pay from').selectOption({ index: 1 });
  await page.getByLabel('Batch name').fill(`Bonuses ${tag}`);
  await page
    .getByLabel('Or paste rows')
    .fill(
      [
        'E-mail,Amount,Currency,Description',
        `${PAYEES[0]},5.00,EUR,Bonus ${tag}`,
        `${PAYEES[1]},7.50,EUR,Bonus ${tag}`,
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page).toHaveURL(/\/transfer\/mass\/p2p\/confirm\?batchId=\d+/);
  await expect(page.getByTestId('fact-mass-valid')).toHaveText('2');
  await submitAndConfirm(page, 2);
  await expect(page.getByTestId('mass-count-settled')).toHaveText('2');
});
