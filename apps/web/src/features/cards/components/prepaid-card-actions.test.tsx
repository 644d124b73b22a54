import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo } from '@/test/signed-in-home';
import {
  cardAccount,
  ok,
  paymentAccount,
  serveCards,
  signedIn,
  type CardsServer,
} from '../test/cards-api';

/* Prepaid card money and online payments on the card page (issue 16C). */

let server: CardsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PREPAID = cardAccount({ accountId: 300, type: 2007, subType: 'PREPAID', balance: '20' });
const LIMITS = {
  accountId: 300,
  currency: 'EUR',
  balance: '20',
  maxBalance: '10000',
  roomLeft: '9980',
  minLoad: '5',
  maxLoad: '2500',
  daily: { limit: '5000', used: '0', remaining: '5000' },
  monthly: { limit: '10000', used: '0', remaining: '10000' },
  canUnload: true,
};

async function openPrepaid(flag: boolean, routes = {}) {
  server = await serveCards([paymentAccount(), PREPAID, cardAccount({ accountId: 301 })], {
    'POST /api/main/?getCustomerAccessInfo': () =>
      ok({
        ...fullAccessInfo(),
        permissions: {
          viewBalances: true,
          initiateTransfers: true,
          'otherPerson.loadPrepaidCard': flag,
        },
      }),
    'POST /api/main/?getPrepaidCardLimits': () => ok(LIMITS),
    ...routes,
  });
  const rendered = await renderApp({ path: '/cards/300', apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { name: 'Manage this card' });
  return rendered;
}

describe('a prepaid card’s money and online payments', { timeout: 40_000 }, () => {
  it('offers loading and moving money back with the “load prepaid card” flag', async () => {
    await openPrepaid(true);
    const panel = screen.getByRole('region', { name: 'Manage this card' });
    expect(await within(panel).findByRole('link', { name: 'Load card' })).toHaveAttribute(
      'href',
      '/card/300/load',
    );
    expect(await within(panel).findByRole('link', { name: 'Move money back' })).toHaveAttribute(
      'href',
      '/card/300/unload',
    );
  });

  it('offers neither without the flag', async () => {
    await openPrepaid(false);
    const panel = screen.getByRole('region', { name: 'Manage this card' });
    await within(panel).findByRole('button', { name: 'Pause card' });
    expect(within(panel).queryByRole('link', { name: 'Load card' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Move money back' })).not.toBeInTheDocument();
  });

  it('turns online payments on with the code sent to the user', async () => {
    const { user } = await openPrepaid(true, {
      'POST /api/main/?startCardEnrollment': () =>
        ok({
          operationId: '5b1f0c9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f',
          approveType: 4,
          approvalSentTo: 'a***@pebble.example',
          availableApprovalMethods: [4],
        }),
      'POST /api/main/?confirmCardEnrollment': () => {
        const enrolled = { ...PREPAID, cardSecureEnrolled: true };
        server!.accounts = server!.accounts.map((account) =>
          account.accountId === 300 ? enrolled : account,
        );
        return ok({ account: enrolled });
      },
    });
    const section = screen.getByRole('region', { name: 'Online payments' });
    expect(within(section).getByText('Off')).toBeInTheDocument();
    await user.click(within(section).getByLabelText('Allow online payments (3-D Secure)'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Confirmation code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(within(section).getByText('On')).toBeInTheDocument());
    expect(server!.calls('confirmCardEnrollment')[0]).toMatchObject({
      accountId: 300,
      code: '123456',
    });
  });
});
