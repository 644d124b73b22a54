import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createGate, type Routes } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  accessInfo,
  ok,
  serveTransfers,
  submitResult,
  type TransfersServer,
} from '../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function open(path: string, routes: Routes = {}) {
  server = await serveTransfers(routes);
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Transfers' });
  return rendered;
}

const recent = (id: string, email: string, isDisabled = false) => ({
  transactionId: id,
  createdAt: '2026-03-01T10:00:00.000Z',
  amount: '12.5',
  currency: 'EUR',
  permission: '3d',
  isDisabled,
  details: {
    type: 'p2p',
    status: 'settled',
    fromAccount: 100,
    toAccount: null,
    email,
    name: 'Tomás Ribeiro',
    toAmount: '12.5',
    toCurrency: 'EUR',
    fee: '0.5',
    rate: '1',
    description: 'Lunch',
  },
});

// The whole app renders with a real API client and server, then the review: slower than 15 s on a busy machine.
describe('/transfer/p2p', { timeout: 40_000 }, () => {
  it('asks for its accounts, the people paid before and the last P2P transfers while the access info is on its way', async () => {
    // Before, they waited for the layout's loader (the access info), the screen's code and its
    // first render (decision 121).
    const access = createGate();
    server = await serveTransfers({
      'POST /api/main/?getCustomerAccessInfo': () => ({
        ...ok(accessInfo()),
        hold: access.promise,
      }),
      'POST /api/main/?getRecentTransfers': () =>
        ok({
          transfers: [recent('7d0e3c1a-1b2c-4d5e-8f90-a1b2c3d4e5f6', 'tomas@northmere.example')],
        }),
    });
    await renderApp({ path: '/transfer/p2p', apiBaseUrl: server.url, ...signedIn });
    await waitFor(() => {
      expect(server!.calls('getCustomerAccessInfo')).not.toEqual([]);
      expect(server!.calls('getAccounts')).toEqual([{}]);
      expect(server!.calls('getP2pBeneficiaries')).toEqual([{}]);
      expect(server!.calls('getRecentTransfers')).toEqual([{ type: 'p2p', limit: 3 }]);
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Transfers' })).not.toBeInTheDocument();
    access.open();
    expect(await screen.findByLabelText('Their e-mail address')).toBeInTheDocument();
    expect(await screen.findByText('tomas@northmere.example')).toBeInTheDocument();
    // The screen used what the loader asked for: nothing was asked twice.
    expect(server!.calls('getAccounts')).toHaveLength(1);
    expect(server!.calls('getRecentTransfers')).toHaveLength(1);
  });

  it('checks the e-mail only once it is plausible, asks the fee with an account and a positive amount, and sends', async () => {
    const { user } = await open('/transfer/p2p', {
      'POST /api/main/?checkPayee': (request) =>
        (request.body as { email: string }).email === 'tomas@northmere.example'
          ? ok({ status: 1, name: 'Tomás Ribeiro', canReceive: true })
          : ok({ status: 0, name: null, canReceive: false }),
      'POST /api/main/?getTransferFee': () => ok({ fee: '0.5', currency: 'EUR' }),
      'POST /api/main/?transferP2P': () => ok(submitResult({ fee: '0.5' })),
    });
    const email = await screen.findByLabelText('Their e-mail address');
    // Spec 2 §5: shorter than six characters, no "@" or no "." — no lookup.
    await user.click(email);
    await user.paste('to@ab');
    expect(
      await screen.findByText('Type the whole e-mail address to check it.'),
    ).toBeInTheDocument();
    expect(server!.calls('checkPayee')).toEqual([]);
    await user.clear(email);
    await user.click(email);
    await user.paste('nobody@example.org');
    expect(await screen.findByText('No customer uses this e-mail address.')).toBeInTheDocument();
    await user.clear(email);
    await user.click(email);
    await user.paste('Tomas@Northmere.example');
    expect(await screen.findByText('Tomás Ribeiro can receive money.')).toBeInTheDocument();
    expect(server!.calls('checkPayee')).toEqual([
      { email: 'nobody@example.org' },
      { email: 'tomas@northmere.example' },
    ]);

    // An amount without an account asks nothing; with the account the fee comes.
    await user.type(screen.getByLabelText('Amount'), '25');
    expect(server!.calls('getTransferFee')).toEqual([]);
    await user.selectOptions(screen.getByLabelText('From'), '100');
    await waitFor(() =>
      expect(server!.calls('getTransferFee')).toEqual([
        { operation: 'p2p', fromAccount: 100, amount: '25' },
      ]),
    );
    expect(await screen.findByTestId('fact-total')).toHaveTextContent('€25.50');
    expect(screen.getByTestId('fact-payee')).toHaveTextContent('Tomás Ribeiro');

    await user.type(screen.getByLabelText('Message (optional)'), 'Concert tickets');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    // The review names the payee, the fee and the total before anything is sent.
    const review = within(await screen.findByRole('dialog', { name: 'Check and confirm' }));
    expect(review.getByTestId('review-amount')).toHaveTextContent('€25.00');
    expect(review.getByTestId('review-payee')).toHaveTextContent('Tomás Ribeiro');
    expect(review.getByTestId('review-payee')).toHaveTextContent('tomas@northmere.example');
    // A figure still loading shows a placeholder in its row: wait for the figure itself.
    await waitFor(() => expect(review.getByTestId('review-fee')).toHaveTextContent('€0.50'));
    await waitFor(() => expect(review.getByTestId('review-total')).toHaveTextContent('€25.50'));
    expect(review.getByTestId('review-message')).toHaveTextContent('Concert tickets');
    expect(server!.calls('transferP2P')).toEqual([]);
    await user.click(review.getByRole('button', { name: 'Send €25.00' }));
    const done = within(await screen.findByRole('dialog', { name: /Transfer completed/ }));
    expect(done.getByText('Tomás Ribeiro (tomas@northmere.example)')).toBeInTheDocument();
    expect(server!.calls('transferP2P')).toEqual([
      {
        fromAccount: 100,
        email: 'tomas@northmere.example',
        amount: '25',
        description: 'Concert tickets',
        idempotencyKey: expect.any(String) as unknown as string,
      },
    ]);
  });

  it('asks for 3 recent transfers without the disabled ones, and fills the form from them and from the people paid before', async () => {
    const { user } = await open('/transfer/p2p', {
      'POST /api/main/?getRecentTransfers': () =>
        ok({ transfers: [recent('t1', 'tomas@northmere.example')] }),
      'POST /api/main/?getP2pBeneficiaries': () =>
        ok({
          beneficiaries: [
            {
              email: 'anna@pebble.example',
              name: 'Anna Novak',
              lastUsedAt: '2026-03-01T10:00:00.000Z',
            },
          ],
        }),
      'POST /api/main/?checkPayee': () => ok({ status: 1, name: 'Someone', canReceive: true }),
    });
    const recentList = within(await screen.findByRole('region', { name: 'Recent transfers' }));
    await user.click(
      await recentList.findByRole('button', { name: 'Repeat €12.50 to Tomás Ribeiro' }),
    );
    expect(server!.calls('getRecentTransfers')).toEqual([{ type: 'p2p', limit: 3 }]);
    expect(screen.getByLabelText('Their e-mail address')).toHaveValue('tomas@northmere.example');
    expect(screen.getByLabelText('Amount')).toHaveValue('12.5');
    expect(screen.getByLabelText('From')).toHaveValue('100');
    expect(screen.getByLabelText('Message (optional)')).toHaveValue('Lunch');

    await user.click(
      within(screen.getByRole('region', { name: 'People you paid before' })).getByRole('button', {
        name: 'Pay Anna Novak',
      }),
    );
    expect(screen.getByLabelText('Their e-mail address')).toHaveValue('anna@pebble.example');
  });
});
