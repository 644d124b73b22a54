import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, expect, test } from './fixtures';
import { MerchantServer, type Delivery } from './merchant-server';

/*
 * Webhooks and IPN that really deliver (issue 18), through HTTP only (no page is loaded): a
 * merchant registers a webhook endpoint and its IPN URL on its own server (merchant-server.ts,
 * which checks every signature with the `standardwebhooks` library); another bank pays into the
 * merchant's account (the rail simulator's incoming transfer); the merchant's server is down for
 * the first attempt of each message and the bank's retry gets through with the same webhook-id
 * (the e2e server's first retry waits WEBHOOK_RETRY_BASE_MS, playwright.config.ts); a delivery
 * redelivered by hand arrives again with the same webhook-id.
 *
 * The merchant is Ledgerline Demo Studio Ltd, a company business@ledgerline.test acts for with
 * full access: no other browser test moves its money or registers webhooks for it.
 */

const MERCHANT_USER = 'business@ledgerline.test';
const MERCHANT_NAME = 'Ledgerline Demo Studio Ltd';

interface Main {
  call<T>(method: string, input?: Record<string, unknown>): Promise<T>;
}

/** The main API as the company: every call acts for `customerId` (fromCustomerId). */
function mainApi(request: APIRequestContext, token: string, customerId?: number): Main {
  return {
    async call<T>(method: string, input: Record<string, unknown> = {}): Promise<T> {
      const response = await request.post(`/api/main/?${method}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { ...input, ...(customerId === undefined ? {} : { fromCustomerId: customerId }) },
      });
      expect(response.status(), `${method}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
  };
}

interface WebhookAttempt {
  messageId: string;
  attempt: number;
  manual: boolean;
  statusCode: number | null;
  succeeded: boolean;
  messageStatus: string;
}

/** The request log's attempts of one message, oldest first. */
async function attemptsOf(
  request: APIRequestContext,
  token: string,
  customerId: number,
  messageId: string,
): Promise<WebhookAttempt[]> {
  const response = await request.get('/api/public-api/webhookRequest', {
    headers: { authorization: `Bearer ${token}` },
    params: { customerId, query: messageId },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { requests } = (await response.json()) as { requests: WebhookAttempt[] };
  return requests.filter((attempt) => attempt.messageId === messageId).reverse();
}

/** What the merchant's server saw of one message, for a failure message. */
const seen = (deliveries: Delivery[]) =>
  deliveries.map(
    (delivery) =>
      `${delivery.webhookId} → ${delivery.answered}${delivery.verified ? '' : ` (${delivery.verifyError})`}`,
  );

test('a merchant’s server verifies signed webhook and IPN deliveries, a retry after it was down and a redelivery by hand', async ({
  request,
}) => {
  const merchantServer = new MerchantServer(1);
  await merchantServer.start();
  const token = await apiSignIn(request, MERCHANT_USER);
  const access = await mainApi(request, token).call<{
    accessibleCustomers: { id: number; name: string; accessRights: number }[];
  }>('getCustomerAccessInfo');
  const company = access.accessibleCustomers.find((customer) => customer.name === MERCHANT_NAME);
  expect(company, `${MERCHANT_USER} acts for ${MERCHANT_NAME}`).toBeDefined();
  const customerId = company!.id;
  const main = mainApi(request, token, customerId);
  const auth = { authorization: `Bearer ${token}` };
  let webhookId: number | undefined;
  try {
    // The merchant registers its server: a webhook endpoint and the IPN URL, each with its secret.
    const created = await request.post('/api/public-api/webhook', {
      headers: auth,
      data: { customerId, name: 'Order server', url: merchantServer.url('/webhooks') },
    });
    expect(created.status(), await created.text()).toBe(200);
    const hook = (await created.json()) as { webhook: { id: number }; secret: string };
    webhookId = hook.webhook.id;
    merchantServer.trust('/webhooks', hook.secret);
    const ipn = await main.call<{ secret: string | null }>('updateIpnSettings', {
      notifyUrl: merchantServer.url('/ipn'),
      notifyStatusId: 1,
      statusId: 1,
    });
    expect(ipn.secret).toMatch(/^whsec_/);
    merchantServer.trust('/ipn', ipn.secret!);

    // Another bank pays 12.34 EUR into the merchant's EUR account.
    const { accounts } = await main.call<{
      accounts: { accountId: number; type: number; currencyCode: string }[];
    }>('getAccounts');
    const eur = accounts.find((account) => account.type === 1001 && account.currencyCode === 'EUR');
    expect(eur, `${MERCHANT_NAME} has a EUR payment account`).toBeDefined();
    const { instructions } = await main.call<{ instructions: { iban: string | null }[] }>(
      'getPaymentInstructions',
      { accountId: eur!.accountId },
    );
    const iban = instructions.find((instruction) => instruction.iban)?.iban;
    expect(iban, 'the EUR account has an IBAN').toBeTruthy();
    const reference = `E2E-WEBHOOK-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const paid = await request.post('/dev/rails/incoming', {
      data: { iban, currency: 'EUR', amount: '12.34', payerName: 'Marta Silva', reference },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const { transactionId } = (await paid.json()) as { transactionId: string };

    // Each endpoint's first attempt finds the server down (503); the retry gets a 200.
    for (const path of ['/webhooks', '/ipn']) {
      await expect
        .poll(() => merchantServer.of(path, reference).map((delivery) => delivery.answered), {
          message: `deliveries to ${path}`,
          timeout: 30_000,
        })
        .toEqual([503, 200]);
      const [first, retry] = merchantServer.of(path, reference);
      expect(
        first!.verified && retry!.verified,
        `signatures at ${path}: ${seen([first!, retry!])}`,
      ).toBe(true);
      expect(retry!.webhookId).toBe(first!.webhookId);
      expect(retry!.body).toBe(first!.body);
      expect(JSON.parse(retry!.body)).toMatchObject({
        type: 'payment.received',
        data: {
          transactionId,
          accountId: eur!.accountId,
          amount: '12.34',
          currency: 'EUR',
          payerName: 'Marta Silva',
          reference,
        },
      });
    }
    const [hookDelivery] = merchantServer.of('/webhooks', reference);
    const [ipnDelivery] = merchantServer.of('/ipn', reference);
    // One message per endpoint: the webhook and the IPN are two messages with their own ids.
    expect(ipnDelivery!.webhookId).not.toBe(hookDelivery!.webhookId);
    const messageId = hookDelivery!.webhookId;

    // The request log shows both attempts: the failed one, then the delivery.
    await expect
      .poll(async () =>
        (await attemptsOf(request, token, customerId, messageId)).map((attempt) => ({
          attempt: attempt.attempt,
          statusCode: attempt.statusCode,
          succeeded: attempt.succeeded,
          manual: attempt.manual,
        })),
      )
      .toEqual([
        { attempt: 1, statusCode: 503, succeeded: false, manual: false },
        { attempt: 2, statusCode: 200, succeeded: true, manual: false },
      ]);

    // Redelivered by hand: it arrives again, with the same webhook-id and a valid signature.
    const redelivered = await request.post(
      `/api/public-api/webhookRequest/${messageId}/redeliver`,
      { headers: auth },
    );
    expect(redelivered.status(), await redelivered.text()).toBe(200);
    await expect
      .poll(() => merchantServer.of('/webhooks', reference).length, { timeout: 30_000 })
      .toBe(3);
    const again = merchantServer.of('/webhooks', reference)[2]!;
    expect(again.webhookId).toBe(messageId);
    expect(again.verified, again.verifyError ?? '').toBe(true);
    expect(again.answered).toBe(200);
    expect(again.body).toBe(hookDelivery!.body);
    await expect
      .poll(async () => (await attemptsOf(request, token, customerId, messageId)).at(-1))
      .toMatchObject({ attempt: 3, manual: true, succeeded: true, messageStatus: 'delivered' });

    // The IPN history holds the notification as delivered (recorded once the answer came back);
    // the merchant confirms it.
    const ipnHistory = async () =>
      (
        await main.call<{
          ipnMessages: {
            id: number;
            messageId: string;
            deliveryStatus: string;
            attempts: number;
          }[];
        }>('getIpnList', { pageNumber: 1 })
      ).ipnMessages.find((message) => message.messageId === ipnDelivery!.webhookId);
    await expect.poll(ipnHistory).toMatchObject({ deliveryStatus: 'delivered', attempts: 2 });
    const notification = await ipnHistory();
    const confirmed = await main.call<{ ipnMessage: { confirmed: boolean } }>('confirmIpn', {
      id: notification!.id,
    });
    expect(confirmed.ipnMessage.confirmed).toBe(true);

    // Nothing arrived that the merchant's server could not verify, and nothing twice after a 200
    // besides the redelivery asked for.
    expect(seen(merchantServer.deliveries.filter((delivery) => !delivery.verified))).toEqual([]);
    expect(merchantServer.of('/ipn', reference)).toHaveLength(2);
  } finally {
    // The company's endpoints go, so no later payment into it is sent to a server that is gone.
    if (webhookId !== undefined)
      await request.delete(`/api/public-api/webhook/${webhookId}`, { headers: auth });
    await main.call('updateIpnSettings', { notifyUrl: null });
    await merchantServer.close();
  }
});
