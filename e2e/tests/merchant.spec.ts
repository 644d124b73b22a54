import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  apiSignIn,
  expect,
  expectAccessible,
  fromOutbox,
  signInThroughApi,
  test,
} from './fixtures';
import { MerchantServer } from './merchant-server';

/*
 * Merchant tools end to end (issue 18), against the real server and its demo seed:
 * - business@ledgerline.test, full access to its own company (Ledgerline Demo Holdings Ltd),
 *   makes an API key (shown once), an allowed IP range and a webhook endpoint on its screens;
 *   its "server" (this test, on loopback) asks for a payment with the key; personal@ledgerline.test
 *   pays it on the hosted page; the merchant sees the call in the API log, the delivery in the
 *   webhook log and the notification in the IPN history, and the merchant's own HTTP server
 *   (e2e/tests/merchant-server.ts) receives both, verified with the standardwebhooks library.
 * - personal@ pre-approves the same company for 15 EUR a month; the merchant pulls 9.50 EUR, a
 *   pull of 20 is refused, the customer cancels on /transfer/preapproved-payments and the next
 *   pull is refused.
 * No other spec uses this company's keys, endpoints or IPN settings (webhooks.spec.ts uses the
 * Studio company of the same user).
 */

const MERCHANT = 'business@ledgerline.test';
const MERCHANT_NAME = 'Ledgerline Demo Holdings Ltd';
const PAYER = 'personal@ledgerline.test';
/** The pay page as a phone shows it, for a person to look at (test-results/screenshots/). */
const SHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

interface Access {
  accessibleCustomers: { id: number; name: string }[];
}

/** A main-API call with a bearer token, answering the body (the status must be 200). */
async function main<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post(`/api/main/?${method}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { method, lang: 'en', ...body },
  });
  expect(response.status(), `${method}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** A call of the public API v1 with the merchant's key, as the merchant's server makes it. */
async function publicApi(
  request: APIRequestContext,
  key: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`/api/public/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 476, height: 900 } });
  return context.newPage();
}

/** Creates an API key with every scope on /merchant/internal/api_key; answers the secret shown once. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('checkbox', { name: /Payment requests/ }).check();
  await form.getByRole('checkbox', { name: /Pre-approved pulls/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = (await shown.getByLabel('API key', { exact: true }).innerText()).trim();
  expect(secret).toMatch(/^llk_live_/);
  await expectAccessible(page, 'the new key, shown once');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  // Shown once: the list knows only its last characters.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(-4));
  await expect(page.getByText(secret)).toHaveCount(0);
  return secret;
}

test('a merchant takes a payment on the hosted page and hears of it; a pre-approval is pulled within its cap until the customer cancels it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
  const receiver = new MerchantServer(0);
  await receiver.start();
  try {
    const token = await apiSignIn(request, MERCHANT);
    const access = await main<Access>(request, token, 'getCustomerAccessInfo');
    const company = access.accessibleCustomers.find((item) => item.name === MERCHANT_NAME);
    expect(company, `${MERCHANT} acts for ${MERCHANT_NAME}`).toBeDefined();

    // The merchant: a key, a range for its server's address and a webhook endpoint, on its screens.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughApi(page, MERCHANT, { path: '/merchant/internal/api_key' });
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    const key = await createKey(page, `Shop ${stamp}`);

    await page.getByRole('button', { name: 'Add range' }).click();
    const range = page.getByRole('dialog', { name: 'New allowed IP range' });
    await range.getByLabel('Name').fill(`Server ${stamp}`);
    await range.getByLabel('First address').fill('127.0.0.1');
    await range.getByLabel('Last address').fill('127.0.0.1');
    await range.getByRole('button', { name: 'Add range' }).click();
    await expect(range).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: `Server ${stamp}` })).toBeVisible();

    await page.goto('/merchant/internal/webhook_log');
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const endpoint = page.getByRole('dialog', { name: 'New webhook endpoint' });
    await endpoint.getByLabel('Name').fill(`Orders ${stamp}`);
    await endpoint.getByLabel('URL').fill(receiver.url('/webhooks'));
    await endpoint.getByRole('button', { name: 'Add endpoint' }).click();
    const signing = page.getByRole('dialog', { name: 'Your signing secret' });
    receiver.trust(
      '/webhooks',
      (await signing.getByLabel('Signing secret', { exact: true }).innerText()).trim(),
    );
    await signing.getByRole('button', { name: 'I have copied it' }).click();
    const ipn = await main<{ secret: string | null }>(request, token, 'updateIpnSettings', {
      fromCustomerId: company!.id,
      notifyUrl: receiver.url('/ipn'),
      notifyStatusId: 1,
      statusId: 1,
    });
    receiver.trust('/ipn', ipn.secret ?? '');

    // The merchant's server asks for 4.20 EUR with the key and sends its customer to the pay page.
    const reference = `ORDER-${stamp}`;
    const created = await publicApi(request, key, 'POST', '/payment-requests', {
      amount: '4.20',
      currency: 'EUR',
      description: `Order ${stamp}`,
      reference,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentRequest = created.body.paymentRequest as { id: number; payUrl: string };
    const payPath = new URL(paymentRequest.payUrl).pathname;

    // The customer opens the link: who asks, how much, and a way to sign in; then pays.
    const payer = await newPage(browser);
    await payer.goto(payPath);
    await expect(
      payer.getByRole('heading', { level: 1, name: `${MERCHANT_NAME} asks you to pay` }),
    ).toBeVisible();
    await expect(payer.getByText('€4.20').first()).toBeVisible();
    await expect(payer.getByRole('link', { name: 'Sign in to pay' })).toBeVisible();
    await expectAccessible(payer, 'the pay page, signed out');
    await payer.screenshot({ path: `${SHOTS}pay-page-signed-out-476.png`, fullPage: true });
    await signInThroughApi(payer, PAYER, { path: payPath });
    const from = payer.getByLabel('Pay from');
    await expect(from.locator('option', { hasText: /EUR/ }).first()).toBeAttached();
    await from.selectOption({
      label: await from.locator('option', { hasText: /EUR/ }).first().innerText(),
    });
    await payer.getByRole('button', { name: 'Pay €4.20' }).click();
    const review = payer.getByRole('dialog');
    await expect(review.getByTestId('review-total')).toHaveText(/€/);
    await expectAccessible(payer, 'the pay page review');
    await payer.screenshot({ path: `${SHOTS}pay-page-review-476.png` });
    await review.getByRole('button', { name: /^Pay €/ }).click();
    const done = payer.getByRole('dialog', { name: /Transfer completed/ });
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(payer.getByText('Payment sent. The merchant has been paid.')).toBeVisible();

    // The merchant's server hears of it, signed: webhook and IPN.
    for (const path of ['/webhooks', '/ipn']) {
      await expect
        .poll(() => receiver.of(path, reference).map((delivery) => delivery.answered), {
          message: `deliveries to ${path}`,
          timeout: 30_000,
        })
        .toEqual([200]);
      expect(receiver.of(path, reference)[0]!.verified).toBe(true);
    }
    const paid = await publicApi(request, key, 'GET', `/payment-requests/${paymentRequest.id}`);
    expect(paid.body.paymentRequest).toMatchObject({ status: 'paid' });

    // …and sees it on its screens: the API log, the webhook log and the IPN history.
    await page.goto('/merchant/internal/api_log');
    const keys = page.getByLabel('API key');
    await keys.selectOption({
      label: await keys.locator('option', { hasText: `Shop ${stamp}` }).innerText(),
    });
    const calls = page.getByRole('table', { name: 'Calls made with the key' });
    await expect(calls.getByRole('row', { name: /POST.*\/payment-requests/ })).toBeVisible();
    await expectAccessible(page, 'the API log');
    await page.goto('/merchant/internal/webhook_log');
    const attempts = page.getByRole('table', { name: 'Webhook delivery attempts' });
    await expect(attempts.getByRole('row', { name: /payment\.received/ }).first()).toBeVisible();
    await page.goto('/merchant/ipn/history');
    await expect(
      page.getByRole('table', { name: 'Instant payment notifications' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expectAccessible(page, 'the IPN history');

    // The customer pre-approves the company: at most 15 EUR a month (with the second factor its transfers need).
    await payer.goto('/transfer/preapproved-payments');
    await payer.getByRole('button', { name: 'New pre-approval' }).click();
    const create = payer.getByRole('dialog', { name: 'New pre-approved payment' });
    await create.getByLabel(/Merchant e-mail/).fill(MERCHANT);
    const account = create.getByLabel(/From account/);
    await account.selectOption({
      label: await account.locator('option', { hasText: /EUR/ }).first().innerText(),
    });
    await create.getByLabel(/Most per payment/).fill('15');
    await create.getByLabel(/How often/).selectOption('monthly');
    await create.getByRole('button', { name: 'Continue' }).click();
    const active = create.getByText(/The pre-approval is active/);
    const codeField = create.getByLabel('Confirmation code');
    await expect(active.or(codeField)).toBeVisible();
    if (await codeField.isVisible()) {
      // A customer with an e-mailed second factor confirms it as a transfer is confirmed.
      await codeField.fill(await fromOutbox(payer.request, PAYER, /allow .* is (\d{6})\./));
      await create.getByRole('button', { name: 'Confirm' }).click();
    }
    await expect(active).toBeVisible();
    await create.getByRole('button', { name: 'Close' }).last().click();
    await expect(create).toBeHidden();

    const approvals = await publicApi(request, key, 'GET', '/preapproved-payments');
    const approval = (approvals.body.preapprovals as { id: number; status: string }[]).find(
      (item) => item.status === 'active',
    );
    expect(approval, JSON.stringify(approvals.body)).toBeDefined();
    const pulls = `/preapproved-payments/${approval!.id}/pulls`;
    const above = await publicApi(request, key, 'POST', pulls, { amount: '20' });
    expect(above.status).toBe(400);
    expect(above.body.validationErrors).toEqual({ amount: 'validation.preapprovalAboveCap' });
    const within = await publicApi(request, key, 'POST', pulls, { amount: '9.50' });
    expect(within.status, JSON.stringify(within.body)).toBe(200);

    // The customer cancels it; the merchant's next pull is refused.
    await payer
      .getByRole('button', { name: `Cancel the pre-approval for ${MERCHANT_NAME}` })
      .click();
    const cancel = payer.getByRole('dialog', { name: 'Cancel this pre-approval?' });
    await cancel.getByRole('button', { name: 'Cancel pre-approval' }).click();
    await expect(cancel).toBeHidden();
    await expect(
      payer.getByRole('button', { name: `Cancel the pre-approval for ${MERCHANT_NAME}` }),
    ).toHaveCount(0);
    await expectAccessible(payer, '/transfer/preapproved-payments');
    const after = await publicApi(request, key, 'POST', pulls, { amount: '1' });
    expect(after.status).toBe(400);
    expect(after.body.validationErrors).toEqual({ id: 'validation.preapprovalCancelled' });
    await payer.context().close();
  } finally {
    await receiver.close();
  }
});
