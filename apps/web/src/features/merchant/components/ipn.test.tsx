import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '@/test/fixtures';
import { merchantKit } from '../test/merchant-kit';

const { render, sent } = merchantKit();

const SECRET = `whsec_${'C'.repeat(43)}=`;
const SETTINGS = 'POST /api/main/?getIpnSettings';
const UPDATE = 'POST /api/main/?updateIpnSettings';
const LIST = 'POST /api/main/?getIpnList';

const unset = { notifyUrl: null, notifyStatusId: 1, statusId: 1, hasSecret: false };

const message = (id: number, confirmed = false) => ({
  id,
  messageId: `msg_${String(id).padStart(24, '0')}`,
  eventType: 'payment.received',
  body: `{"type":"payment.received","data":{"id":${id}}}`,
  deliveryStatus: 'delivered',
  attempts: 1,
  confirmed,
  confirmedAt: confirmed ? '2026-11-26T11:00:00.000Z' : null,
  createdAt: '2026-11-26T10:00:00.000Z',
});

describe('the IPN settings', () => {
  it('checks the URL, saves, and shows the first secret once', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    await render('/merchant/ipn/settings', {
      [SETTINGS]: () => ok({ settings: unset }),
      [UPDATE]: (request) => {
        const body = request.body as {
          notifyUrl: string;
          statusId: number;
          notifyStatusId: number;
        };
        return ok({
          settings: { ...body, hasSecret: true },
          secret: SECRET,
        });
      },
    });
    const url = await screen.findByLabelText(/Notification URL/);
    expect(screen.getByRole('combobox', { name: 'Notifications' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Notify about' })).toHaveValue('1');

    await user.type(url, 'shop.example/ipn');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Enter an http or https address/)).toBeVisible();
    expect(sent('/api/main/?updateIpnSettings')).toEqual([]);

    await user.clear(url);
    await user.type(url, 'https://shop.example/ipn');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Notifications' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const shown = await screen.findByRole('dialog', { name: 'Your IPN signing secret' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(sent('/api/main/?updateIpnSettings')[0]?.body).toMatchObject({
      notifyUrl: 'https://shop.example/ipn',
      statusId: 0,
      notifyStatusId: 1,
      regenerateSecret: false,
    });
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal on the URL field', async () => {
    const user = userEvent.setup();
    await render('/merchant/ipn/settings', {
      [SETTINGS]: () => ok({ settings: unset }),
      [UPDATE]: () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'Invalid parameters',
          validationErrors: { notifyUrl: 'validation.webhookUrlUnresolvable' },
        },
      }),
    });
    await user.type(await screen.findByLabelText(/Notification URL/), 'https://nowhere.invalid/');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/couldn't find this address/)).toBeVisible();
  });

  it('regenerates the secret after asking, keeping the other settings', async () => {
    const user = userEvent.setup();
    const saved = {
      notifyUrl: 'https://shop.example/ipn',
      notifyStatusId: 1,
      statusId: 1,
      hasSecret: true,
    };
    await render('/merchant/ipn/settings', {
      [SETTINGS]: () => ok({ settings: saved }),
      [UPDATE]: () => ok({ settings: saved, secret: SECRET }),
    });
    await user.click(await screen.findByRole('button', { name: 'Make a new secret' }));
    const ask = await screen.findByRole('dialog', { name: 'Make a new IPN secret?' });
    expect(sent('/api/main/?updateIpnSettings')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Make a new secret' }));
    expect(
      await screen.findByRole('dialog', { name: 'Your IPN signing secret' }),
    ).toHaveTextContent(SECRET);
    expect(sent('/api/main/?updateIpnSettings')[0]?.body).toMatchObject({
      notifyUrl: 'https://shop.example/ipn',
      statusId: 1,
      notifyStatusId: 1,
      regenerateSecret: true,
    });
  });
});

describe('the IPN history', () => {
  it('appends pages while pageSize × pageNumber ≤ total, opens and confirms one', async () => {
    const user = userEvent.setup();
    const confirmed = new Set<number>();
    const page = (number: number) =>
      Array.from({ length: number === 1 ? 25 : 2 }, (_, index) => {
        const id = 27 - (number - 1) * 25 - index;
        return message(id, confirmed.has(id));
      });
    await render('/merchant/ipn/history', {
      [LIST]: (request) => {
        const { pageNumber } = request.body as { pageNumber: number };
        return ok({ ipnMessages: page(pageNumber), pageSize: 25, pageNumber, total: 27 });
      },
      'POST /api/main/?getIpn': (request) => {
        const { id } = request.body as { id: number };
        return ok({ ipnMessage: message(id, confirmed.has(id)) });
      },
      'POST /api/main/?confirmIpn': (request) => {
        const { id } = request.body as { id: number };
        confirmed.add(id);
        return ok({ ipnMessage: message(id, true) });
      },
    });
    const table = await screen.findByRole('table', { name: 'Instant payment notifications' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Showing 25 of 27')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(28));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(sent('/api/main/?getIpnList').map((r) => r.body)).toMatchObject([
      { pageNumber: 1 },
      { pageNumber: 2 },
    ]);

    await user.click(within(table).getByRole('button', { name: 'Open notification 2' }));
    const detail = await screen.findByRole('dialog', { name: 'Notification 2' });
    expect(await within(detail).findByLabelText('Request body')).toHaveTextContent(
      '{"type":"payment.received","data":{"id":2}}',
    );
    await user.click(within(detail).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(detail).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument(),
    );
    expect(sent('/api/main/?confirmIpn').map((r) => r.body)).toMatchObject([{ id: 2 }]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(table).queryByRole('button', { name: 'Confirm notification 2' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('button', { name: 'Confirm notification 3' })).toBeVisible();
  });
});
