import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { done, merchantKit } from '../test/merchant-kit';

const { render, sent } = merchantKit();

const SECRET = `whsec_${'A'.repeat(43)}=`;
const NEW_SECRET = `whsec_${'B'.repeat(43)}=`;

const hook = {
  id: 7,
  customerId: 90,
  name: 'Order service',
  enabled: true,
  url: 'https://shop.example/hooks',
  createdAt: '2026-11-20T09:00:00.000Z',
};

const attempt = (id: number) => ({
  id,
  messageId: `msg_${String(id).padStart(24, '0')}`,
  webhookId: 7,
  eventType: 'payment.received',
  url: 'https://shop.example/hooks',
  attempt: 1,
  manual: false,
  statusCode: id % 2 === 0 ? 200 : 503,
  succeeded: id % 2 === 0,
  error: null,
  latencyMs: 40 + id,
  requestBody: `{"type":"payment.received","data":{"id":${id}}}`,
  responseBody: id % 2 === 0 ? 'thanks' : 'busy',
  createdAt: '2026-11-26T10:00:00.000Z',
  messageStatus: id % 2 === 0 ? 'delivered' : 'pending',
});

const LIST = 'GET /api/public-api/webhook?customerId=90';
const LOG = '/api/public-api/webhookRequest?customerId=90';
const emptyLog = { [`GET ${LOG}`]: () => ({ body: { ...done, requests: [], nextCursor: null } }) };

describe('the webhook endpoints', () => {
  it('shows a new endpoint’s signing secret once', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    let hooks: unknown[] = [];
    await render('/merchant/internal/webhook_log', {
      ...emptyLog,
      [LIST]: () => ({ body: { ...done, webhooks: hooks } }),
      'POST /api/public-api/webhook': () => {
        hooks = [hook];
        return { body: { ...done, webhook: hook, secret: SECRET } };
      },
    });
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    expect(await screen.findByText('No deliveries')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    await user.type(within(form).getByLabelText(/Name/), 'Order service');
    await user.type(within(form).getByLabelText(/URL/), 'ftp://shop.example');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(/Enter an http or https address/)).toBeVisible();
    expect(sent('/api/public-api/webhook').filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(within(form).getByLabelText(/URL/));
    await user.type(within(form).getByLabelText(/URL/), ' https://shop.example/hooks ');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(/You will not see it again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy Signing secret' })).toBeInTheDocument();
    expect(sent('/api/public-api/webhook').find((r) => r.method === 'POST')?.body).toEqual({
      customerId: 90,
      name: 'Order service',
      url: 'https://shop.example/hooks',
    });

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: "The company's webhook endpoints" });
    expect(within(table).getByRole('row', { name: /Order service/ })).toHaveTextContent(
      'https://shop.example/hooks',
    );
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a private address on the URL field', async () => {
    const user = userEvent.setup();
    await render('/merchant/internal/webhook_log', {
      ...emptyLog,
      [LIST]: () => ({ body: { ...done, webhooks: [] } }),
      'POST /api/public-api/webhook': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'Invalid parameters',
          validationErrors: { url: 'validation.webhookUrlNotPublic' },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    await user.type(within(form).getByLabelText(/Name/), 'Internal');
    await user.type(within(form).getByLabelText(/URL/), 'http://10.0.0.5/hook');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(/leads to a private or local network/)).toBeVisible();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const user = userEvent.setup();
    await render('/merchant/internal/webhook_log', {
      ...emptyLog,
      [LIST]: () => ({ body: { ...done, webhooks: [hook] } }),
      'DELETE /api/public-api/webhook/7': () => ({ body: { ...done, id: 7 } }),
    });
    const table = await screen.findByRole('table', { name: "The company's webhook endpoints" });
    await user.click(within(table).getByRole('button', { name: 'Delete Order service' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Order service?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('/api/public-api/webhook/7')).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Delete Order service' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Order service?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('/api/public-api/webhook/7').map((r) => r.method)).toEqual(['DELETE']);
  });

  it('edits, disables, rotates the secret (shown once) and tests a URL', async () => {
    const user = userEvent.setup();
    await render('/merchant/internal/webhook_log', {
      ...emptyLog,
      [LIST]: () => ({ body: { ...done, webhooks: [hook] } }),
      'PUT /api/public-api/webhook/7': (request) => ({
        body: { ...done, webhook: { ...hook, ...(request.body as object) } },
      }),
      'POST /api/public-api/webhook/7/secret': () => ({
        body: { ...done, webhook: hook, secret: NEW_SECRET },
      }),
      'POST /api/public-api/webhook/ping': () => ({
        body: { ...done, statusCode: 204, succeeded: true, error: null, latencyMs: 35 },
      }),
    });
    const table = await screen.findByRole('table', { name: "The company's webhook endpoints" });
    await user.click(within(table).getByRole('button', { name: 'Edit Order service' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Order service' });
    expect(within(edit).getByLabelText(/URL/)).toHaveValue('https://shop.example/hooks');
    await user.clear(within(edit).getByLabelText(/Name/));
    await user.type(within(edit).getByLabelText(/Name/), 'Orders');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Disable Order service' }));
    await waitFor(() => expect(sent('/api/public-api/webhook/7')).toHaveLength(2));
    expect(sent('/api/public-api/webhook/7').map((r) => r.body)).toEqual([
      { name: 'Orders', url: 'https://shop.example/hooks' },
      { enabled: false },
    ]);

    await user.click(
      within(table).getByRole('button', { name: 'New signing secret for Order service' }),
    );
    const ask = await screen.findByRole('dialog', {
      name: 'New signing secret for Order service?',
    });
    expect(sent('/api/public-api/webhook/7/secret')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Make a new secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(shown).getByText(NEW_SECRET)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(NEW_SECRET)).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Test the URL of Order service' }));
    const ping = await screen.findByRole('dialog', { name: 'Test a URL' });
    expect(within(ping).getByLabelText(/URL/)).toHaveValue('https://shop.example/hooks');
    await user.click(within(ping).getByRole('button', { name: 'Send test' }));
    const answer = await within(ping).findByRole('status');
    expect(answer).toHaveTextContent('The address answered');
    expect(answer).toHaveTextContent('Status 204 in 35 ms.');
    expect(sent('/api/public-api/webhook/ping')[0]?.body).toEqual({
      customerId: 90,
      url: 'https://shop.example/hooks',
    });
  });
});

describe('the webhook delivery log', () => {
  it('pages by cursor, appending, and searches by words', async () => {
    const user = userEvent.setup();
    const page1 = Array.from({ length: 20 }, (_, index) => attempt(40 - index));
    await render('/merchant/internal/webhook_log', {
      [LIST]: () => ({ body: { ...done, webhooks: [hook] } }),
      [`GET ${LOG}`]: () => ({ body: { ...done, requests: page1, nextCursor: 'MjE' } }),
      [`GET ${LOG}&cursor=MjE`]: () => ({
        body: { ...done, requests: [attempt(20)], nextCursor: null },
      }),
      [`GET ${LOG}&query=refund`]: () => ({ body: { ...done, requests: [], nextCursor: null } }),
    });
    const table = await screen.findByRole('table', { name: 'Webhook delivery attempts' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByText('503').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(22));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'refund');
    expect(await screen.findByText('No deliveries')).toBeInTheDocument();
    // The words are asked for once typing pauses, not at each key.
    expect(sent('/api/public-api/webhookRequest').map((r) => r.path)).toEqual([
      LOG,
      `${LOG}&cursor=MjE`,
      `${LOG}&query=refund`,
    ]);
  });

  it('opens an attempt with its bodies and redelivers it after asking', async () => {
    const user = userEvent.setup();
    const failed = attempt(3);
    await render('/merchant/internal/webhook_log', {
      [LIST]: () => ({ body: { ...done, webhooks: [hook] } }),
      [`GET ${LOG}`]: () => ({ body: { ...done, requests: [failed], nextCursor: null } }),
      [`POST /api/public-api/webhookRequest/${failed.messageId}/redeliver`]: () => ({
        body: { ...done, messageId: failed.messageId },
      }),
    });
    const log = await screen.findByRole('table', { name: 'Webhook delivery attempts' });
    await user.click(within(log).getByRole('button', { name: /Open payment.received of/ }));
    const detail = await screen.findByRole('dialog', { name: 'Delivery of payment.received' });
    expect(within(detail).getByLabelText('Request body')).toHaveTextContent(
      '{"type":"payment.received","data":{"id":3}}',
    );
    expect(within(detail).getByLabelText('Response body')).toHaveTextContent('busy');
    expect(within(detail).getByText('Retrying')).toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Send again' }));
    const ask = await screen.findByRole('dialog', { name: 'Send this event again?' });
    expect(sent('/api/public-api/webhookRequest/')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText(/is on its way again/)).toHaveTextContent(
      `Message ${failed.messageId} is on its way again`,
    );
    expect(sent('/api/public-api/webhookRequest/').filter((r) => r.method === 'POST')).toHaveLength(
      1,
    );
    // The log is asked again, to show the new attempt.
    await waitFor(() => expect(sent(`${LOG}`).filter((r) => r.path === LOG)).toHaveLength(2));
  });
});

describe('the webhook screen’s failures', () => {
  it('says when the endpoints fail to load, and why a redelivery is refused', async () => {
    const user = userEvent.setup();
    const gone = attempt(5);
    await render('/merchant/internal/webhook_log', {
      [LIST]: () => ({
        status: 500,
        body: { responseCode: 'IE', responseDescription: 'Internal error' },
      }),
      [`GET ${LOG}`]: () => ({ body: { ...done, requests: [gone], nextCursor: null } }),
      [`POST /api/public-api/webhookRequest/${gone.messageId}/redeliver`]: () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'Invalid parameters',
          validationErrors: { messageId: 'validation.webhookDeleted' },
        },
      }),
    });
    expect(await screen.findByText("We couldn't load the webhook endpoints")).toBeVisible();
    const log = await screen.findByRole('table', { name: 'Webhook delivery attempts' });
    await user.click(within(log).getByRole('button', { name: /Open payment.received of/ }));
    const detail = await screen.findByRole('dialog', { name: 'Delivery of payment.received' });
    await user.click(within(detail).getByRole('button', { name: 'Send again' }));
    const ask = await screen.findByRole('dialog', { name: 'Send this event again?' });
    await user.click(within(ask).getByRole('button', { name: 'Send again' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent(
      'Its webhook endpoint was deleted, so it cannot be sent again',
    );
    expect(screen.queryByText(/is on its way again/)).not.toBeInTheDocument();
  });
});
