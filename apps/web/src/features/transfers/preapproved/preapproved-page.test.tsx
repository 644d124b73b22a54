import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Preapproval } from '@ledgerline/contract';
import type { Routes } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { ok, refused, serveTransfers, type TransfersServer } from '../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function approval(overrides: Partial<Preapproval> = {}): Preapproval {
  return {
    id: 7,
    beneficiaryName: 'Harbourlight Studio Ltd',
    beneficiaryEmail: 'office@harbourlight.example',
    fromAccount: 100,
    toAccount: 900,
    currency: 'EUR',
    amount: '20',
    totalAmount: null,
    pulledTotal: '0',
    frequency: 'monthly',
    endDate: null,
    status: 'active',
    nextPullFrom: '2026-12-01T00:00:00.000Z',
    createdAt: '2026-11-20T09:00:00.000Z',
    cancelledAt: null,
    ...overrides,
  };
}

const page = (preapprovals: Preapproval[]) =>
  ok({ preapprovals, pageSize: 50, pageNumber: 1, total: preapprovals.length });

async function open(routes: Routes = {}) {
  server = await serveTransfers({
    'POST /api/main/?getPreapprovedPayments': () => page([approval()]),
    ...routes,
  });
  const rendered = await renderApp({
    path: '/transfer/preapproved-payments',
    apiBaseUrl: server.url,
    ...signedIn,
  });
  await screen.findByRole('heading', { level: 1, name: 'Transfers' });
  return rendered;
}

describe('/transfer/preapproved-payments', { timeout: 40_000 }, () => {
  it('lists the merchants with the cap, the frequency and the status, filters, and cancels one', async () => {
    let rows = [approval(), approval({ id: 8, frequency: 'weekly', status: 'cancelled' })];
    const { user } = await open({
      'POST /api/main/?getPreapprovedPayments': (request) => {
        const body = request.body as { type?: string };
        return page(
          body.type === 'weekly' ? rows.filter((row) => row.frequency === 'weekly') : rows,
        );
      },
      'POST /api/main/?cancelPreapprovedPayment': () => {
        rows = rows.map((row) => (row.id === 7 ? { ...row, status: 'cancelled' } : row));
        return ok({ preapproval: rows[0] });
      },
    });
    expect(screen.getByRole('link', { name: 'Pre-approved payments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const table = await screen.findByRole('table', { name: 'Pre-approved payments' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Harbourlight Studio Ltd');
    expect(first).toHaveTextContent('office@harbourlight.example');
    expect(first).toHaveTextContent('€20.00');
    expect(first).toHaveTextContent('Monthly');
    expect(first).toHaveTextContent('Active');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Cancelled');
    // Only what can still be pulled can be cancelled.
    expect(within(table).getAllByRole('button', { name: /Cancel the pre-approval/ })).toHaveLength(
      1,
    );

    await user.selectOptions(screen.getByLabelText('How often'), 'weekly');
    await waitFor(() =>
      expect(server!.calls('getPreapprovedPayments')).toContainEqual({
        pageNumber: 1,
        type: 'weekly',
      }),
    );
    await user.type(screen.getByLabelText('From amount'), '1e3');
    expect(await screen.findByText('Enter an amount, for example 25.50.')).toBeVisible();
    await user.clear(screen.getByLabelText('From amount'));
    await user.type(screen.getByLabelText('From amount'), '10');
    await waitFor(() =>
      expect(server!.calls('getPreapprovedPayments')).toContainEqual({
        pageNumber: 1,
        type: 'weekly',
        fromAmount: '10',
      }),
    );
    expect(
      server!.calls('getPreapprovedPayments').filter((call) => call.fromAmount === '1e3'),
    ).toEqual([]);
    await user.selectOptions(screen.getByLabelText('How often'), '');
    await user.clear(screen.getByLabelText('From amount'));

    await user.click(
      within(await screen.findByRole('table', { name: 'Pre-approved payments' })).getByRole(
        'button',
        { name: 'Cancel the pre-approval for Harbourlight Studio Ltd' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this pre-approval?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pre-approval' }));
    await waitFor(() => expect(server!.calls('cancelPreapprovedPayment')).toEqual([{ id: 7 }]));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Cancel the pre-approval/ })).toBeNull(),
    );
  });

  it('says when there are none yet', async () => {
    await open({ 'POST /api/main/?getPreapprovedPayments': () => page([]) });
    expect(await screen.findByText('No pre-approved payments yet')).toBeVisible();
  });

  it('creates one, shows the server’s refusal on its field, and confirms it with the e-mailed code', async () => {
    let attempt = 0;
    const { user } = await open({
      'POST /api/main/?getPreapprovedPayments': () => page([]),
      'POST /api/main/?createPreapprovedPayment': () => {
        attempt += 1;
        if (attempt === 1)
          return {
            status: 404,
            body: {
              responseCode: 'ENOA',
              responseDescription: 'No merchant with this e-mail',
              validationErrors: { beneficiaryEmail: 'validation.merchantNotFound' },
            },
          };
        return ok({
          preapproval: approval({ status: 'pending', nextPullFrom: null }),
          approveType: 4,
          approvalSentTo: 'a***@pebble.example',
        });
      },
      'POST /api/main/?confirmPreapprovedPayment': (request) =>
        (request.body as { code?: string }).code === '123456'
          ? ok({ preapproval: approval() })
          : refused('wrong', { code: 'validation.codeWrong' }),
    });
    const start = await screen.findByRole('button', { name: 'New pre-approval' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    const dialog = await screen.findByRole('dialog', { name: 'New pre-approved payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeVisible();
    expect(server!.calls('createPreapprovedPayment')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Merchant e-mail/), 'shop@elsewhere.example');
    await user.selectOptions(within(dialog).getByLabelText(/From account/), '100');
    await user.type(within(dialog).getByLabelText(/Most per payment/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText('No merchant of this bank uses this e-mail.'),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText('Enter the code we sent to a***@pebble.example.'),
    ).toBeVisible();
    expect(server!.calls('createPreapprovedPayment').at(-1)).toEqual({
      beneficiaryEmail: 'shop@elsewhere.example',
      fromAccount: 100,
      amount: '20',
      frequency: 'monthly',
    });
    await user.type(within(dialog).getByLabelText('Confirmation code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('That code is not right. Check it and try again.'),
    ).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Confirmation code'));
    await user.type(within(dialog).getByLabelText('Confirmation code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/The pre-approval is active/)).toBeVisible();
    expect(server!.calls('confirmPreapprovedPayment').at(-1)).toEqual({ id: 7, code: '123456' });
  });
});
