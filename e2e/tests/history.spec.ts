import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';
import { parseCsv } from '../../packages/domain/src/csv';

/*
 * /history against the real server (issue 7) as history@ledgerline.test, whose EUR account the seed
 * fills with ~150 varied transfers over half a year. This spec and the statements spec only read
 * and export there, so nothing here can change under another spec's feet; counts are read from the
 * screen, never assumed.
 */
test.describe.configure({ timeout: 120_000 });

const EMAIL = 'history@ledgerline.test';

/** Signs in through the API (the sign-in page is sign-in.spec.ts's subject) and opens home. */
function signIn(page: Page): Promise<void> {
  return signInThroughApi(page, EMAIL);
}

/** Opens /history from the main navigation and waits for the first page of transactions. */
async function openHistory(page: Page): Promise<void> {
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'History' })
    .click();
  await expect(page).toHaveURL(/\/history/);
  await expect(page.getByText(/^Transactions found: /)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

const rows = (page: Page): Locator => page.getByTestId('history-row');
const filterForm = (page: Page): Locator =>
  page.getByRole('search', { name: 'Filter transactions' });

/** Applies the filter and waits until the list shows it (the total is counted for each new filter). */
async function applyFilter(
  page: Page,
  fill: (form: Locator) => Promise<unknown>,
  expectedSearch: RegExp | ((url: URL) => boolean),
): Promise<void> {
  const form = filterForm(page);
  await fill(form);
  // The new filter's first page is asked for by the list of that filter: once it answered, what
  // the screen shows is that filter's.
  const answered = page.waitForResponse(
    (response) => response.url().includes('getTransactionHistory') && response.ok(),
  );
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(expectedSearch);
  await answered;
  await expect(page.getByText(/^Transactions found: /)).toBeVisible();
}

/** The total the list shows for the current filter ("Transactions found: 23"). */
async function shownTotal(page: Page): Promise<number> {
  const text = (await page.getByText(/^Transactions found: /).textContent()) ?? '';
  expect(text, 'an exact total (under 1,000)').not.toContain('+');
  return Number(text.replace(/\D/g, ''));
}

/** Every row on every page of the current filter, following "Next" to the last page. */
async function allRows(page: Page, read: (row: Locator) => Promise<string>): Promise<string[]> {
  const values: string[] = [];
  const pager = page.getByRole('navigation', { name: 'Transaction pages' });
  for (let pageNumber = 1; ; pageNumber += 1) {
    if (pageNumber > 1) await expect(pager.getByText(`Page ${pageNumber}`)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const row of await rows(page).all()) values.push(await read(row));
    if (
      !(await pager.isVisible()) ||
      (await pager.getByRole('button', { name: 'Next' }).isDisabled())
    )
      break;
    await pager.getByRole('button', { name: 'Next' }).click();
  }
  return values;
}

const rowType = (row: Locator) => row.locator('[data-cell="type"]').innerText();
const rowAmount = async (row: Locator) =>
  (await row.locator('[data-cell="amount"]').getAttribute('data-amount')) ?? '';
const rowDay = async (row: Locator) =>
  ((await row.locator('time').getAttribute('datetime')) ?? '').slice(0, 10);

/** A UTC calendar day `days` before today, as the date fields take it. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

test('filters the history by type, by date range and by amount range', async ({ page }) => {
  await openHistory(page);
  await expectAccessible(page, '/history');

  await applyFilter(
    page,
    (form) => form.getByLabel('Transaction type').selectOption({ label: 'Card purchase' }),
    /type=card_purchase/,
  );
  const types = await allRows(page, rowType);
  expect(types.length).toBe(await shownTotal(page));
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types)).toEqual(new Set(['Card purchase']));

  await filterForm(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/type=/);
  const from = daysAgo(75);
  const to = daysAgo(30);
  await applyFilter(
    page,
    async (form) => {
      await form.getByLabel('From date').fill(from);
      await form.getByLabel('To date').fill(to);
    },
    (url) => url.searchParams.get('from') === from && url.searchParams.get('to') === to,
  );
  const days = await allRows(page, rowDay);
  expect(days.length).toBeGreaterThan(0);
  for (const day of days) {
    expect(day >= from && day <= to, `${day} within ${from}…${to}`).toBe(true);
  }

  await filterForm(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/from=/);
  await applyFilter(
    page,
    async (form) => {
      await form.getByLabel('Amount from').fill('50');
      await form.getByLabel('Amount to').fill('150.5');
    },
    /amountFrom=50&amountTo=150.5/,
  );
  const amounts = await allRows(page, rowAmount);
  expect(amounts.length).toBeGreaterThan(0);
  for (const amount of amounts) {
    const value = new Decimal(amount);
    expect(value.gte(50) && value.lte('150.5'), `${amount} within 50…150.5`).toBe(true);
  }

  // A range the wrong way round is refused at its field, before any call.
  await filterForm(page).getByLabel('Amount from').fill('200');
  await filterForm(page).getByLabel('Amount to').fill('20');
  await filterForm(page).getByRole('button', { name: 'Show' }).click();
  await expect(
    filterForm(page).getByText('The upper amount must not be below the lower amount'),
  ).toBeVisible();
});

test("opens a transaction's detail and downloads its receipt as a PDF", async ({ page }) => {
  await openHistory(page);
  const first = rows(page).first();
  const title = (await first.getByRole('link').innerText()).trim();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/transaction=[0-9a-f-]{36}/);
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog.getByText(title).first()).toBeVisible();
  await expect(dialog.getByText('Transaction ID')).toBeVisible();
  const id = new URL(page.url()).searchParams.get('transaction')!;
  await expect(dialog.getByText(id)).toBeVisible();
  await expectAccessible(page, 'the transaction detail');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download receipt (PDF)' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The detail has its own address: a reload opens it again.
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'Transaction details' }).getByText(id),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close the details' }).click();
  await expect(page).not.toHaveURL(/transaction=/);
});

test('exports the filtered history as CSV, watching the progress until the file is ready', async ({
  page,
}) => {
  await openHistory(page);
  await applyFilter(
    page,
    (form) => form.getByLabel('Transaction type').selectOption({ label: 'Card purchase' }),
    /type=card_purchase/,
  );
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(0);
  const listed = await allRows(page, rowAmount);
  expect(listed).toHaveLength(total);

  // The file is downloaded as soon as it is ready: listen before starting.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const panel = page.getByRole('region', { name: 'CSV export of this list' });
  await expect(panel).toBeVisible();
  // Either the bar is still moving or the file was quick: both are the progress of this export.
  await expect(
    panel.getByRole('progressbar', { name: 'Export progress' }).or(panel.getByText(/is ready/)),
  ).toBeVisible();
  await expectAccessible(page, 'the export progress');
  await expect(panel.getByText(/\.csv is ready\. The download has started\./)).toBeVisible({
    timeout: 60_000,
  });
  await expect(panel.getByText(`Rows in the file: ${total}`)).toBeVisible();

  const csv = await readFile(await (await download).path(), 'utf8');
  const [header, ...lines] = parseCsv(csv).filter((line) => line.some((cell) => cell !== ''));
  expect(header).toEqual([
    'Date',
    'Transaction ID',
    'Type',
    'Direction',
    'Amount',
    'Fee',
    'Currency',
    'Status',
    'Counterparty',
    'Description',
  ]);
  expect(lines).toHaveLength(total);
  const column = (name: string) => header!.indexOf(name);
  // The file names the type as the list does, not by its API code.
  expect(new Set(lines.map((line) => line[column('Type')]))).toEqual(new Set(['Card purchase']));
  // The file holds the same money as the list's pages: sums of decimal strings, never floats.
  const sum = (amounts: string[]) =>
    amounts.reduce((total, amount) => total.plus(amount), new Decimal(0));
  expect(sum(lines.map((line) => line[column('Amount')]!)).toFixed()).toBe(sum(listed).toFixed());
});
