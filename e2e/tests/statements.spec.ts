import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { parseCsv } from '../../packages/domain/src/csv';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * Statements, their files and batch transfers against the real server and its demo seed:
 * - history@ledgerline.test: half a year of varied history on its EUR account (the first account,
 *   so the default). Its tests only read and make files, which no other test's figures depend on.
 * - business@ledgerline.test: its own company (Ledgerline Demo Holdings Ltd) has uploaded batches.
 */
const HISTORY_USER = 'history@ledgerline.test';
const BUSINESS_USER = 'business@ledgerline.test';

interface OutboxMessage {
  recipient: string;
  subject: string | null;
  body: string;
}

/** Signs in through the API (the sign-in page is sign-in.spec.ts's subject) and opens home. */
function signIn(page: Page, email: string): Promise<void> {
  return signInThroughApi(page, email);
}

/** A decimal string ('-12.5') → units of 1e-8, exactly (never a float). */
function units(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  if (!/^\d+$/.test(whole) || !/^\d{0,8}$/.test(fraction))
    throw new Error(`not a decimal: "${decimal}"`);
  const value = BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
  return negative ? -value : value;
}

/** An amount as the page shows it ('€1,234.50', '-€3.00') → units of 1e-8. */
function shownAmount(text: string): bigint {
  return units(text.replace(/[^\d.-]/g, ''));
}

/** An amount as the CSV writes it. */
function csvAmount(text: string): bigint {
  return units(text.trim());
}

async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

/** Starts a statement file from its button and answers the download the progress dialog starts once it is ready. */
async function exportMonth(
  page: Page,
  row: Locator,
  format: 'PDF' | 'CSV',
  month: string,
): Promise<Download> {
  const downloading = page.waitForEvent('download', { timeout: 45_000 });
  await row.getByRole('button', { name: `${format} statement for ${month}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Preparing your statement' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Statement for ${month} as ${format}`)).toBeVisible();
  const download = await downloading;
  await expect(dialog.getByText(/is ready\. The download has started\./)).toBeVisible();
  return download;
}

async function openStatements(page: Page): Promise<Locator> {
  await signIn(page, HISTORY_USER);
  // Every month since the account opened, so a January run still has a full month before the current one.
  await page.goto('/statements?year=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Monthly statements, newest first' });
  // Half a year of history: several months.
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  return table;
}

test.describe('/statements', () => {
  test('downloads a month as PDF and as CSV whose totals and lines match the figures the ledger gives', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const table = await openStatements(page);
    await expectAccessible(page, '/statements');
    // The last full month: its lines all settled, movements in and out.
    const row = table.getByRole('row').nth(2);
    const month = (
      (await row.getByRole('rowheader').locator('p').first().textContent()) ?? ''
    ).trim();
    expect(month).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    const figure = async (name: string) =>
      shownAmount((await row.locator(`[data-figure="${name}"]`).textContent()) ?? '');
    const shown = {
      beginning: await figure('beginningBalance'),
      debit: await figure('totalDebit'),
      credit: await figure('totalCredit'),
      ending: await figure('endingBalance'),
    };
    expect(shown.credit + shown.debit).toBeGreaterThan(0n);

    const pdf = await exportMonth(page, row, 'PDF', month);
    expect(pdf.suggestedFilename()).toMatch(/^statement-\d+-\d{4}-\d{2}\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAccessible(page, 'the statement export dialog');
    await page
      .getByRole('dialog', { name: 'Preparing your statement' })
      .getByRole('button', { name: 'Close' })
      .click();

    const csv = await exportMonth(page, row, 'CSV', month);
    expect(csv.suggestedFilename()).toMatch(/^statement-\d+-\d{4}-\d{2}\.csv$/);
    const rows = parseCsv(await downloadedText(csv));
    // Layout (apps/server/src/modules/history/exports.ts): the totals' header and row, a blank line, then one line per movement.
    expect(rows[0]).toEqual([
      'Account',
      'Currency',
      'Period',
      'Beginning balance',
      'Total credit',
      'Total debit',
      'Ending balance',
      'Processing',
      'Rejected',
    ]);
    const totals = rows[1]!;
    expect(totals[1]).toBe('EUR');
    expect(csvAmount(totals[3]!)).toBe(shown.beginning);
    expect(csvAmount(totals[4]!)).toBe(shown.credit);
    expect(csvAmount(totals[5]!)).toBe(shown.debit);
    expect(csvAmount(totals[6]!)).toBe(shown.ending);
    expect(rows[2]).toEqual(['Date', 'Transaction ID', 'Type', 'Description', 'Amount', 'Fee']);
    const amounts = rows.slice(3).map((line) => csvAmount(line[4]!));
    expect(amounts.length).toBeGreaterThan(0);
    const credit = amounts
      .filter((amount) => amount > 0n)
      .reduce((sum, amount) => sum + amount, 0n);
    const debit = amounts.filter((amount) => amount < 0n).reduce((sum, amount) => sum - amount, 0n);
    expect(credit).toBe(shown.credit);
    expect(debit).toBe(shown.debit);
    expect(shown.beginning + credit - debit).toBe(shown.ending);
    // Every line is of the month.
    const period = totals[2]!;
    for (const line of rows.slice(3)) expect(line[0]!.slice(0, 7)).toBe(period);
  });

  test('sends a ready statement file by e-mail, and the e-mailed link gives the file', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const table = await openStatements(page);
    const row = table.getByRole('row').nth(1);
    const month = (
      (await row.getByRole('rowheader').locator('p').first().textContent()) ?? ''
    ).trim();
    await exportMonth(page, row, 'CSV', month);
    const fileName = (
      (await page.getByText(/is ready\. The download has started\./).textContent()) ?? ''
    ).replace(/ is ready\..*$/, '');
    expect(fileName).toMatch(/^statement-\d+-\d{4}-\d{2}\.csv$/);
    await page
      .getByRole('dialog', { name: 'Preparing your statement' })
      .getByRole('button', { name: 'Close' })
      .click();

    const exportsTable = page.getByRole('table', { name: 'Your exports' });
    const fileRow = exportsTable
      .getByRole('row')
      .filter({ hasText: fileName })
      .filter({ hasText: 'Ready' })
      .first();
    await expect(fileRow).toBeVisible();
    await expectAccessible(page, '/statements with exports');
    await fileRow.getByRole('button', { name: `Send ${fileName} to e-mail` }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to e-mail' });
    const field = dialog.getByLabel('E-mail address');
    // The customer's own address is offered.
    await expect(field).toHaveValue(HISTORY_USER);
    await field.fill('not an address');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
    await field.fill(HISTORY_USER);
    await expectAccessible(page, 'the send-to-e-mail dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText(`The link is on its way to ${HISTORY_USER}.`)).toBeVisible();

    const link = await linkFromOutbox(request, HISTORY_USER, fileName);
    const file = await request.get(link);
    expect(file.status()).toBe(200);
    expect((await file.text()).startsWith('Account,Currency,Period,')).toBe(true);
  });
});

/** The link of the newest e-mail to `email` that carries `fileName`, read from /dev/outbox.json. */
async function linkFromOutbox(
  request: APIRequestContext,
  email: string,
  fileName: string,
): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await request.get('/dev/outbox.json');
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const found = messages
        .filter((message) => message.recipient === email && message.body.includes(fileName))
        .at(-1);
      link = found ? (/(https?:\/\/\S+\/api\/pdf\/files\/\S+)/.exec(found.body)?.[1] ?? '') : '';
      return link;
    })
    .toMatch(/\/api\/pdf\/files\//);
  return new URL(link).pathname;
}

test.describe('/history/batch-transfers', () => {
  test('filters by type and shows a batch’s file as a table, with the raw file to download', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A business user with related companies chooses whom to act for (the start page after a
    // sign-in sends it there): its own company has the batches.
    await signInThroughApi(page, BUSINESS_USER, { path: '/company-access' });
    await expect(page).toHaveURL(/\/company-access$/);
    await page
      .getByRole('list', { name: 'Companies' })
      .getByRole('button', { name: /Ledgerline Demo Holdings Ltd/ })
      .click();
    await expect(page).not.toHaveURL(/\/company-access$/);
    await page.goto('/history/batch-transfers');
    await expect(page.getByRole('heading', { level: 1, name: 'Batch transfers' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Batch transfers, newest first' });
    await expect(table.getByRole('row').filter({ hasText: 'October payroll' })).toBeVisible();
    await expectAccessible(page, '/history/batch-transfers');

    await page.getByRole('checkbox', { name: 'EFT' }).check();
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/type=eft/);
    await expect(table.getByRole('row').filter({ hasText: 'Supplier run week 44' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'October payroll' })).toHaveCount(0);
    const types = await table.getByTestId('batch-type').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['EFT']));
    await expect(page.getByText(`Batch transfers found: ${types.length}`)).toBeVisible();

    const batchRow = table.getByRole('row').filter({ hasText: 'Supplier run week 44' });
    await expect(batchRow).toContainText('Partly completed');
    await expect(batchRow).toContainText('€1,634.20');
    await batchRow.getByRole('button', { name: 'View the file of Supplier run week 44' }).click();
    const dialog = page.getByRole('dialog', { name: 'File of Supplier run week 44' });
    const file = dialog.getByRole('table', { name: 'supplier-run-week-44.csv' });
    await expect(file.getByRole('columnheader')).toHaveText([
      'beneficiaryName',
      'beneficiaryEmail',
      'account',
      'amount',
      'currency',
      'description',
    ]);
    await expect(file.getByRole('row')).toHaveCount(3);
    await expect(file.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'Quayside Print Ltd',
      'accounts@quayside.example',
      'GB82WEST12345698765432',
      '1250.00',
      'EUR',
      'Invoice 2211',
    ]);
    await expectAccessible(page, 'the batch file dialog');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('supplier-run-week-44.csv');
    const rows = parseCsv(await downloadedText(download));
    expect(rows).toHaveLength(3);
    expect(rows[2]![0]).toBe('Northwind Grocers');
  });
});
