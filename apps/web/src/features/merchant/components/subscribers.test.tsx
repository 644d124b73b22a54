import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Subscriber } from '@ledgerline/contract';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo, homeRoutes } from '@/test/signed-in-home';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The session acts for Harbourlight (90), a business, with full access. */
function accessInfo() {
  return {
    ...fullAccessInfo(),
    customer: { id: 90, username: 'office@harbourlight.example', name: 'Harbourlight Studio Ltd' },
    accessRights: 2,
    accessibleCustomers: [
      {
        id: 90,
        username: 'office@harbourlight.example',
        name: 'Harbourlight Studio Ltd',
        customerType: 2,
        accessRights: 2,
        isOwn: true,
      },
    ],
  };
}

function subscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    subscriptionId: 7,
    payerName: 'Anna Berg',
    payerEmail: 'anna@pebble.example',
    currency: 'EUR',
    amount: '20',
    totalAmount: null,
    pulledTotal: '20',
    frequency: 'monthly',
    endDate: null,
    status: 'active',
    nextPullFrom: '2026-12-01T00:00:00.000Z',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const body = (request: { body: unknown }) => {
  const { method: _m, lang: _l, ...rest } = request.body as Record<string, unknown>;
  return rest;
};

async function render(routes: Routes) {
  server = await startApiServer(
    homeRoutes(undefined, {
      'POST /api/main/?getCustomerInfo': () =>
        ok({ customer: demoCustomer({ customerId: 90, customerType: 2 }) }),
      'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo()),
      ...routes,
    }),
  );
  return renderApp({ path: '/merchant/accounts/subscribers', apiBaseUrl: server.url, ...signedIn });
}

const calls = (method: string) =>
  server!.requests.filter((request) => request.path === `/api/main/?${method}`).map(body);

describe('/merchant/accounts/subscribers', { timeout: 60_000 }, () => {
  it('lists subscribers, shows one’s instalments and cancels a subscription', async () => {
    let rows = [
      subscriber(),
      subscriber({
        subscriptionId: 8,
        payerName: 'Tomás Ribeiro',
        status: 'cancelled',
        nextPullFrom: null,
      }),
    ];
    const { user } = await render({
      'POST /api/main/?getSubscribers': () =>
        ok({ subscribers: rows, pageSize: 50, pageNumber: 1, total: rows.length }),
      'POST /api/main/?getSubscriptionInstalments': () =>
        ok({
          instalments: [
            {
              id: 3,
              subscriptionId: 7,
              transactionId: 'c0ffee00-0000-4000-8000-000000000001',
              amount: '20',
              currency: 'EUR',
              description: 'November',
              createdAt: '2026-11-21T09:00:00.000Z',
            },
          ],
          pageSize: 50,
          pageNumber: 1,
          total: 1,
        }),
      'POST /api/main/?cancelSubscription': () => {
        rows = rows.map((row) =>
          row.subscriptionId === 7 ? { ...row, status: 'cancelled', nextPullFrom: null } : row,
        );
        return ok({ subscriber: rows[0] });
      },
    });
    expect(await screen.findByRole('link', { name: 'Subscribers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const table = await screen.findByRole('table', { name: 'Subscribers' });
    const anna = within(table).getByRole('row', { name: /Anna Berg/ });
    expect(anna).toHaveTextContent('anna@pebble.example');
    expect(anna).toHaveTextContent('€20.00');
    expect(anna).toHaveTextContent('Monthly');
    expect(anna).toHaveTextContent('Active');
    expect(within(table).getByRole('row', { name: /Tomás Ribeiro/ })).toHaveTextContent(
      'Cancelled',
    );
    expect(calls('getSubscribers')).toContainEqual({ pageNumber: 1 });

    await user.click(within(anna).getByRole('button', { name: 'Instalments of Anna Berg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instalments: Anna Berg' });
    expect(await within(dialog).findByText('November')).toBeVisible();
    expect(calls('getSubscriptionInstalments')).toContainEqual({
      subscriptionId: 7,
      pageNumber: 1,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(
      within(anna).getByRole('button', { name: 'Cancel the subscription of Anna Berg' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(calls('cancelSubscription')).toEqual([{ subscriptionId: 7 }]));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Subscribers' })).queryByRole('button', {
          name: /Cancel the subscription/,
        }),
      ).toBeNull(),
    );
  });

  it('says when there are no subscribers yet', async () => {
    await render({
      'POST /api/main/?getSubscribers': () =>
        ok({ subscribers: [], pageSize: 50, pageNumber: 1, total: 0 }),
    });
    expect(await screen.findByText('No subscribers yet')).toBeVisible();
  });
});
