import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, paymentAccount, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo, homeRoutes } from '@/test/signed-in-home';

/*
 * The merchant's trust screens (issue 18): identity verification requests with the fee shown
 * before anything is charged, their history, and reputation by a trimmed e-mail.
 */

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const access = {
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

const request = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'Maria Popescu',
  email: 'maria@example.com',
  reference: 'Order 7731',
  status: 'sent',
  fee: { amount: '2.5', currencyCode: 'EUR' },
  accountId: 100,
  workflowRunId: 31,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

async function render(path: string, routes: Routes) {
  server = await startApiServer(
    homeRoutes(() => [paymentAccount({ customerId: 90 })], {
      'POST /api/main/?getCustomerInfo': () =>
        ok({ customer: demoCustomer({ customerId: 90, customerType: 2 }) }),
      'POST /api/main/?getCustomerAccessInfo': () => ok(access),
      ...routes,
    }),
  );
  return renderApp({ path, apiBaseUrl: server.url, ...signedIn });
}

const calls = (method: string) =>
  server!.requests.filter((entry) => entry.path === `/api/main/?${method}`);

describe('identity verification requests', () => {
  it('opens /merchant on security/verification and shows the empty list', async () => {
    await render('/merchant', {
      'POST /api/main/?getIdentities': () =>
        ok({ identities: [], pageSize: 1000, pageNumber: 1, total: 0, filterEmpty: true }),
    });
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Identity verification requests' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Merchant sections' });
    expect(within(nav).getByRole('link', { name: 'Identity verification' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Reputation' })).toHaveAttribute(
      'href',
      '/merchant/security/reputation',
    );
  });

  it(
    'shows the fee before it charges anything, then sends what was confirmed',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      let identities: unknown[] = [];
      await render('/merchant/security/verification', {
        'POST /api/main/?getIdentities': () =>
          ok({
            identities,
            pageSize: 1000,
            pageNumber: 1,
            total: identities.length,
            filterEmpty: true,
          }),
        'POST /api/main/?getIdentityVerificationFee': () =>
          ok({ fee: { amount: '2.5', currencyCode: 'EUR' } }),
        'POST /api/main/?createIdentityVerificationRequest': () => {
          identities = [request()];
          return ok({ identity: request() });
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Ask for verification' }));
      const form = await screen.findByRole('dialog', { name: 'Ask for identity verification' });
      await user.type(within(form).getByLabelText(/Their full name/), 'Maria Popescu');
      await user.type(within(form).getByLabelText(/Their e-mail address/), ' maria@example.com ');
      const account = within(form).getByRole('combobox', { name: /Pay the fee from/ });
      await waitFor(() => expect(within(account).getAllByRole('option')).toHaveLength(2));
      await user.selectOptions(account, '100');
      await user.type(within(form).getByLabelText(/Reference/), 'Order 7731');
      await user.click(within(form).getByRole('button', { name: 'See the fee' }));

      const confirm = await screen.findByRole('dialog', { name: 'Confirm the fee' });
      expect(await within(confirm).findByText(/costs €2\.50/)).toBeInTheDocument();
      expect(calls('createIdentityVerificationRequest')).toEqual([]);
      expect(calls('getIdentityVerificationFee')[0]?.body).toMatchObject({ accountId: 100 });

      await user.click(within(confirm).getByRole('button', { name: 'Pay €2.50 and send' }));
      expect(await screen.findByText('The request was sent to maria@example.com.')).toBeVisible();
      const [sent] = calls('createIdentityVerificationRequest');
      expect(sent?.body).toMatchObject({
        name: 'Maria Popescu',
        email: 'maria@example.com',
        accountId: 100,
        reference: 'Order 7731',
        fee: '2.5',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      await user.click(screen.getByRole('button', { name: 'Done' }));
      const table = await screen.findByRole('table', { name: 'Identity verification requests' });
      expect(within(table).getByRole('row', { name: /Maria Popescu/ })).toHaveTextContent(
        'Link sent',
      );
    },
  );

  it('refuses an incomplete form without asking for the fee', async () => {
    const user = userEvent.setup();
    await render('/merchant/security/verification', {
      'POST /api/main/?getIdentities': () =>
        ok({ identities: [], pageSize: 1000, pageNumber: 1, total: 0, filterEmpty: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Ask for verification' }));
    const form = await screen.findByRole('dialog', { name: 'Ask for identity verification' });
    await user.type(within(form).getByLabelText(/Their e-mail address/), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'See the fee' }));
    expect(await within(form).findByText('This field is required')).toBeVisible();
    expect(calls('getIdentityVerificationFee')).toEqual([]);
  });

  it('drops empty filter values and sends the ones given', async () => {
    const user = userEvent.setup();
    await render('/merchant/security/verification', {
      'POST /api/main/?getIdentities': (entry) => {
        const body = entry.body as { status?: string };
        const rows = body.status === 'accepted' ? [] : [request()];
        return ok({
          identities: rows,
          pageSize: 1000,
          pageNumber: 1,
          total: rows.length,
          filterEmpty: body.status === undefined,
        });
      },
    });
    await screen.findByRole('table', { name: 'Identity verification requests' });
    expect(calls('getIdentities')[0]?.body).not.toHaveProperty('status');
    expect(calls('getIdentities')[0]?.body).not.toHaveProperty('query');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'accepted');
    expect(await screen.findByText('No requests match')).toBeInTheDocument();
    expect(calls('getIdentities').at(-1)?.body).toMatchObject({ status: 'accepted' });
  });

  it('shows the history of one request', async () => {
    await render('/merchant/security/verification/history?id=7', {
      'POST /api/main/?getIdentityVerificationHistory': () =>
        ok({
          events: [
            {
              requestId: 7,
              name: 'Maria Popescu',
              email: 'maria@example.com',
              status: 'accepted',
              at: '2026-11-26T11:00:00.000Z',
            },
            {
              requestId: 7,
              name: 'Maria Popescu',
              email: 'maria@example.com',
              status: 'sent',
              at: '2026-11-26T10:00:00.000Z',
            },
          ],
        }),
    });
    const table = await screen.findByRole('table', {
      name: 'Status changes of identity verification requests',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByText(/Verified|Link sent/).textContent)).toEqual([
      'Verified',
      'Link sent',
    ]);
    expect(calls('getIdentityVerificationHistory')[0]?.body).toMatchObject({ id: 7 });
  });
});

describe('reputation', () => {
  it('trims the e-mail, shows the summary and entries, and an empty state for nobody', async () => {
    const user = userEvent.setup();
    await render('/merchant/security/reputation', {
      'POST /api/main/?getReputation': (entry) => {
        const { email } = entry.body as { email: string };
        if (email !== 'payer@example.com')
          return ok({ summary: null, entries: [], pageSize: 100, pageNumber: 1, total: 0 });
        return ok({
          summary: { identityVerified: true, customerSince: '2025-03' },
          entries: [
            {
              kind: 'paymentReceived',
              amount: '40',
              currencyCode: 'EUR',
              status: 'settled',
              at: '2026-11-20T10:00:00.000Z',
            },
            {
              kind: 'refund',
              amount: '15',
              currencyCode: 'EUR',
              status: 'settled',
              at: '2026-11-21T10:00:00.000Z',
            },
            {
              kind: 'preapprovedPull',
              amount: '9.5',
              currencyCode: 'EUR',
              status: 'settled',
              at: '2026-11-22T10:00:00.000Z',
            },
            {
              kind: 'subscriptionCancelled',
              amount: null,
              currencyCode: null,
              status: 'payer',
              at: '2026-11-23T10:00:00.000Z',
            },
          ],
          pageSize: 100,
          pageNumber: 1,
          total: 4,
        });
      },
    });
    const box = await screen.findByRole('searchbox', { name: "Payer's e-mail" });
    expect(calls('getReputation')).toEqual([]);
    await user.type(box, '  payer@example.com  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', {
      name: 'Your dealings with payer@example.com',
    });
    expect(calls('getReputation')[0]?.body).toMatchObject({ email: 'payer@example.com' });
    expect(within(table).getByRole('row', { name: /Payment received/ })).toHaveTextContent(
      '€40.00',
    );
    expect(within(table).getByRole('row', { name: /Refund/ })).toHaveTextContent('€15.00');
    expect(
      within(table).getByRole('row', { name: /Pre-approved payment pulled/ }),
    ).toHaveTextContent('€9.50');
    expect(within(table).getByRole('row', { name: /Subscription cancelled/ })).toHaveTextContent(
      '—',
    );
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('March 2025')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'stranger@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('You have no dealings with stranger@example.com.'),
    ).toBeVisible();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });
});
