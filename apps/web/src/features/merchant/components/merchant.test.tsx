import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accessInfo, done, merchantKit } from '../test/merchant-kit';

const { render, sent } = merchantKit();

const key = {
  id: 5,
  customerId: 90,
  name: 'Web shop',
  enabled: true,
  scopes: ['read', 'payment-requests'],
  hint: 'x9Qa',
  expiresOn: null,
  lastUsedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

const call = (id: number) => ({
  id,
  apiKeyId: 5,
  method: 'GET',
  path: `/api/public/v1/payments/${id}`,
  status: 200,
  ip: '203.0.113.10',
  durationMs: 12,
  at: '2026-11-26T10:00:00.000Z',
});

describe('the merchant screens', () => {
  it('shows a new key’s secret once: after closing, it is gone', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    let keys: unknown[] = [];
    await render('/merchant/internal/api_key', {
      'GET /api/public-api/apikey?customerId=90': () => ({ body: { ...done, apiKeys: keys } }),
      'GET /api/public-api/allowedip?customerId=90': () => ({ body: { ...done, allowedIps: [] } }),
      'POST /api/public-api/apikey': () => {
        keys = [key];
        return { body: { ...done, apiKey: key, secret: 'llk_live_secretValue123x9Qa' } };
      },
    });
    // An empty list says what to do, and keys work from anywhere.
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(await screen.findByText(/No range is enabled/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(form).getByLabelText(/Name/), 'Web shop');
    await user.click(within(form).getByLabelText(/Payment requests/));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText('llk_live_secretValue123x9Qa')).toBeInTheDocument();
    expect(within(shown).getByText(/You will not see it again/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    expect(sent('/api/public-api/apikey').find((r) => r.method === 'POST')?.body).toEqual({
      customerId: 90,
      name: 'Web shop',
      scopes: ['read', 'payment-requests'],
    });

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: "The company's API keys" });
    expect(within(table).getByRole('row', { name: /Web shop/ })).toHaveTextContent('…x9Qa');
    expect(screen.queryByText('llk_live_secretValue123x9Qa')).not.toBeInTheDocument();

    // Opening the dialog again starts a new key: the old secret is not there either.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
    expect(screen.queryByText('llk_live_secretValue123x9Qa')).not.toBeInTheDocument();
  });

  it('refuses a range whose last address comes before its first, without a call', async () => {
    const user = userEvent.setup();
    await render('/merchant/internal/api_key', {
      'GET /api/public-api/apikey?customerId=90': () => ({ body: { ...done, apiKeys: [key] } }),
      'GET /api/public-api/allowedip?customerId=90': () => ({ body: { ...done, allowedIps: [] } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add range' }));
    const dialog = await screen.findByRole('dialog', { name: 'New allowed IP range' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Office');
    await user.type(within(dialog).getByLabelText(/First address/), '10.0.0.9');
    await user.type(within(dialog).getByLabelText(/Last address/), '10.0.0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Add range' }));
    expect(await within(dialog).findByText(/does not come before the first one/)).toBeVisible();
    expect(sent('/api/public-api/allowedip').filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('asks for the log only once a key is chosen, then pages it by cursor', async () => {
    const user = userEvent.setup();
    const first = '/api/public-api/apirequest?customerId=90&apiKeyId=5';
    await render('/merchant/internal/api_log', {
      'GET /api/public-api/apikey?customerId=90': () => ({ body: { ...done, apiKeys: [key] } }),
      [`GET ${first}`]: () => ({
        body: { ...done, apiRequests: [call(3), call(2)], nextCursor: 'Mg' },
      }),
      [`GET ${first}&cursor=Mg`]: () => ({
        body: { ...done, apiRequests: [call(1)], nextCursor: null },
      }),
    });
    const select = await screen.findByRole('combobox', { name: 'API key' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(screen.getByText(/The log shows the calls made with one key/)).toBeInTheDocument();
    expect(sent('/api/public-api/apirequest')).toEqual([]);

    await user.selectOptions(select, '5');
    const table = await screen.findByRole('table', { name: 'Calls made with the key' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('/api/public/v1/payments/1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers Merchant in the navigation to a business’s full-access user only', async () => {
    await render('/home', {});
    expect(await screen.findByRole('link', { name: 'Merchant' })).toHaveAttribute(
      'href',
      '/merchant',
    );
  });

  it.each([
    ['a personal customer', accessInfo(2, 0)],
    ['a view-only user of a business', accessInfo(1)],
  ])('hides Merchant from %s, and the screens say why', async (_who, access) => {
    await render('/merchant/internal/api_key', {}, access);
    expect(await screen.findByText('Merchant tools are not available')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Merchant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Merchant sections' })).not.toBeInTheDocument();
    expect(sent('/api/public-api/')).toEqual([]);
  });
});

describe('the shared row actions and rename dialog', () => {
  it('renames a key after checking the name, and disables it from its row', async () => {
    const user = userEvent.setup();
    await render('/merchant/internal/api_key', {
      'GET /api/public-api/apikey?customerId=90': () => ({ body: { ...done, apiKeys: [key] } }),
      'GET /api/public-api/allowedip?customerId=90': () => ({ body: { ...done, allowedIps: [] } }),
      'PUT /api/public-api/apikey/5': (request) => ({
        body: { ...done, apiKey: { ...key, ...(request.body as object) } },
      }),
    });
    const table = await screen.findByRole('table', { name: "The company's API keys" });
    await user.click(within(table).getByRole('button', { name: 'Rename Web shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Web shop' });
    const field = within(dialog).getByLabelText(/Name/);
    expect(field).toHaveValue('Web shop');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeVisible();
    expect(sent('/api/public-api/apikey/5')).toEqual([]);

    await user.type(field, '  Till  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('/api/public-api/apikey/5').map((r) => r.body)).toEqual([
      { customerId: 90, name: 'Till' },
    ]);

    await user.click(within(table).getByRole('button', { name: 'Disable Web shop' }));
    await waitFor(() => expect(sent('/api/public-api/apikey/5')).toHaveLength(2));
    expect(sent('/api/public-api/apikey/5')[1]?.body).toEqual({ customerId: 90, enabled: false });
  });
});
