import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  apiSignIn,
  expect,
  exclusively,
  expectAccessible,
  HARBOURLIGHT_MONEY,
  fromOutbox,
  signInThroughApi,
  test,
} from './fixtures';

/*
 * Business approvals, complete (issue 15): an initiate-only clerk's request waits; the owner opens
 * it, sees what it pays and approves it with their own e-mailed code, and the money moves. Above
 * the seeded policy (1,000 GBP) a request needs two approvers: the first approval moves nothing,
 * the second does. The clerk's requests are made through the API (the clerk's screens are covered
 * by transfers.spec.ts); everything the approvers do is in the browser.
 */

const CLERK = 'clerk@harbourlight.example';
const OWNER = 'ioana@harbourlight.example';
const SECOND = 'approver@harbourlight.example';
const CODE = /to approve sending .+ is (\d{6})\./;

interface WireAccount {
  accountId: number;
  type: number;
  balance: string | number;
  currencyCode: string;
}

test.describe.configure({ mode: 'serial', timeout: 150_000 });

async function companyOf(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.post('/api/main/?getCustomerAccessInfo', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const info = (await answer.json()) as {
    accessibleCustomers: { id: number; name: string }[];
  };
  const company = info.accessibleCustomers.find((item) => item.name.includes('Harbourlight'));
  if (!company) throw new Error('the clerk has no access to Harbourlight');
  return company.id;
}

async function companyAccounts(request: APIRequestContext, token: string, office: number) {
  const answer = await request.post('/api/main/?getAccounts', {
    headers: { authorization: `Bearer ${token}` },
    data: { fromCustomerId: office },
  });
  const { accounts } = (await answer.json()) as { accounts: WireAccount[] };
  const payment = (currency: string) => {
    const found = accounts.find((item) => item.type === 1001 && item.currencyCode === currency);
    if (!found) throw new Error(`no ${currency} account`);
    return found;
  };
  return { gbp: payment('GBP'), eur: payment('EUR') };
}

/** The clerk asks for GBP → EUR between the company's accounts: a request, nothing moves. */
async function clerkRequests(request: APIRequestContext, toAmount: string) {
  const token = await apiSignIn(request, CLERK);
  const office = await companyOf(request, token);
  const before = await companyAccounts(request, token, office);
  const answer = await request.post('/api/main/?transferBetweenAccounts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      fromCustomerId: office,
      fromAccount: before.gbp.accountId,
      toAccount: before.eur.accountId,
      toAmount,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
    },
  });
  expect(((await answer.json()) as { status: string }).status).toBe('approvalCreated');
  return { token, office, before };
}

async function actForHarbourlight(page: Page, email: string): Promise<void> {
  await signInThroughApi(page, email, { brand: 'northmere', path: '/company-access' });
  await page
    .getByRole('list', { name: 'Companies' })
    .getByRole('button', { name: /Harbourlight Studio Ltd/ })
    .click();
  await expect(page).not.toHaveURL(/\/company-access$/);
  await page.goto('/transfer/approved');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
}

/** Opens the clerk's newest request (the payee receives `received`), approves it and enters the code e-mailed to `email`. */
async function approveWithCode(page: Page, email: string, received: string): Promise<void> {
  const row = page
    .getByRole('listitem')
    .filter({ hasText: CLERK })
    .filter({ has: page.getByRole('button', { name: /^Review / }) });
  await expect(row.first()).toBeVisible();
  // The newest request is listed first.
  await row
    .first()
    .getByRole('button', { name: /^Review / })
    .click();
  const detail = page.getByRole('dialog', { name: /^Request \d+$/ });
  await expect(detail).toBeVisible();
  await expect(detail.getByText(received)).toBeVisible();
  await expect(detail.getByText('Clara Quinn')).toBeVisible();
  await expectAccessible(page, 'approval request detail');
  await detail.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve with your code' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'approval code dialog');
  const code = await fromOutbox(page.request, email, CODE);
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
}

test('the owner opens a clerk’s request, approves it with their own code, and the money moves', async ({
  page,
  request,
}) => {
  await exclusively(HARBOURLIGHT_MONEY, async () => {
    const { token, office, before } = await clerkRequests(request, '42');
    await actForHarbourlight(page, OWNER);
    // The navigation counts what waits for this approver.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Transfers/ }),
    ).toContainText(/\d/);
    await expectAccessible(page, '/transfer/approved');
    await approveWithCode(page, OWNER, '€42.00');
    await expect(page.getByText('Approved: 1')).toBeVisible();
    const after = await companyAccounts(request, token, office);
    expect(new Decimal(after.eur.balance).minus(before.eur.balance).toFixed(2)).toBe('42.00');
    expect(new Decimal(after.gbp.balance).lessThan(before.gbp.balance)).toBe(true);
  });
});

test('above the policy’s amount a request waits for a second approver before anything moves', async ({
  page,
  browser,
  request,
}) => {
  await exclusively(HARBOURLIGHT_MONEY, async () => {
    const { token, office, before } = await clerkRequests(request, '1500');
    await actForHarbourlight(page, OWNER);
    await approveWithCode(page, OWNER, '€1,500.00');
    await expect(page.getByText(/more approvals are needed: 1/)).toBeVisible();
    const held = await companyAccounts(request, token, office);
    expect(String(held.eur.balance)).toBe(String(before.eur.balance));

    const context = await browser.newContext();
    try {
      const second = await context.newPage();
      await actForHarbourlight(second, SECOND);
      await expect(second.getByText('1 of 2').first()).toBeVisible();
      await approveWithCode(second, SECOND, '€1,500.00');
      await expect(second.getByText('Approved: 1')).toBeVisible();
    } finally {
      await context.close();
    }
    const after = await companyAccounts(request, token, office);
    expect(new Decimal(after.eur.balance).minus(before.eur.balance).toFixed(2)).toBe('1500.00');
  });
});
