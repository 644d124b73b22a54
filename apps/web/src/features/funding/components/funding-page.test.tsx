import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { ok, paymentAccount, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo, homeRoutes } from '@/test/signed-in-home';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const EUR = () => paymentAccount({ accountId: 100, currencyCode: 'EUR', balance: '0' });
const CARD = () => paymentAccount({ accountId: 101, type: 2006, currencyCode: 'EUR' });

function invoice(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    number: 'F-000007',
    amount: '150.25',
    amountReceived: null,
    currencyCode: 'EUR',
    status: 'awaitingPayment',
    statusId: 1,
    sentDate: '2026-03-02T10:00:00.000Z',
    updatedDate: '2026-03-02T10:00:00.000Z',
    paidDate: null,
    isFunding: true,
    payeeAccountId: 100,
    reference: 'RF18539007547034',
    instructions: {
      beneficiaryName: 'Pebble Payments Ltd',
      bankName: 'Pebble Payments Ltd',
      bankAddress: '12 Harbour Row, London',
      iban: 'LT413900100000000000',
      bankAccountNumber: 'LT413900100000000000',
      swift: 'PBBLLT2V',
      sortCode: null,
      routingNumber: null,
      transitNumber: null,
      institutionNumber: null,
      reference: 'RF18 5390 0754 7034',
    },
    ...overrides,
  };
}

const withFunding = () => ({
  ...fullAccessInfo(),
  permissions: { viewBalances: true, initiateTransfers: true, 'funding.digital': true },
});

async function open(routes: Routes = {}) {
  server = await startApiServer(
    homeRoutes(() => [EUR(), CARD()], {
      'POST /api/main/?getCustomerAccessInfo': () => ok(withFunding()),
      'POST /api/main/?getFundingInvoices': () =>
        ok({ invoices: [], page: 1, pageSize: 20, total: 0 }),
      ...routes,
    }),
  );
  await renderApp({ path: '/add-money', apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Add money by bank transfer' });
}

const bodies = (method: string) =>
  (server?.requests ?? [])
    .filter((request) => request.path === `/api/main/?${method}`)
    .map((request) => request.body as Record<string, unknown>);

describe('/add-money', () => {
  it('creates a funding invoice for an open account and shows its reference and bank details to copy', async () => {
    let created = false;
    await open({
      'POST /api/main/?fundingInvoiceCreate': () => {
        created = true;
        return ok({ invoice: invoice() });
      },
      'POST /api/main/?getFundingInvoices': () =>
        ok({
          invoices: created ? [invoice()] : [],
          page: 1,
          pageSize: 20,
          total: created ? 1 : 0,
        }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/No funding invoices yet/)).toBeInTheDocument();
    // Cards take no funding: only the payment account is offered.
    const account = await screen.findByRole('combobox', { name: 'Account to add money to' });
    expect(within(account).getAllByRole('option')).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '150,25');
    await user.click(screen.getByRole('button', { name: 'Create funding invoice' }));

    const card = await screen.findByRole('region', { name: 'Funding invoice F-000007' });
    expect(within(card).getByTestId('funding-reference')).toHaveTextContent('RF18 5390 0754 7034');
    expect(within(card).getByText('LT41 3900 1000 0000 0000')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Copy Payment reference' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy IBAN' })).toBeInTheDocument();
    expect(within(card).getByText('Awaiting payment')).toBeInTheDocument();
    const [sent] = bodies('fundingInvoiceCreate');
    expect(sent).toMatchObject({ accountId: 100, amount: '150.25' });
    expect(String(sent?.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
    const list = screen.getByRole('region', { name: 'Your funding invoices' });
    await waitFor(() => expect(within(list).getByText('F-000007')).toBeInTheDocument());
  });

  it('says the spec’s words when the invoice cannot be made, and keeps the key for a retry', async () => {
    await open({
      'POST /api/main/?fundingInvoiceCreate': () => ({
        status: 500,
        body: { responseCode: '99', responseDescription: 'Server error' },
      }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Amount/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Create funding invoice' }));
    expect(
      await screen.findByText('Failed to generate invoice. Please, try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create funding invoice' }));
    await waitFor(() => expect(bodies('fundingInvoiceCreate').length).toBeGreaterThanOrEqual(2));
    const keys = bodies('fundingInvoiceCreate').map((body) => body.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('refuses an amount finer than the currency’s cents before calling', async () => {
    await open();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Amount/ }), '10.001');
    await user.click(screen.getByRole('button', { name: 'Create funding invoice' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(bodies('fundingInvoiceCreate')).toEqual([]);
  });

  it('tells a user without the funding permission, with no form to fill', async () => {
    await open({ 'POST /api/main/?getCustomerAccessInfo': () => ok(fullAccessInfo()) });
    expect(await screen.findByText('Adding money is not available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create funding invoice' })).toBeNull();
  });

  it('lists paid invoices with what arrived', async () => {
    await open({
      'POST /api/main/?getFundingInvoices': () =>
        ok({
          invoices: [
            invoice({
              status: 'paid',
              statusId: 2,
              amountReceived: '80.5',
              paidDate: '2026-03-03T10:00:00.000Z',
            }),
          ],
          page: 1,
          pageSize: 20,
          total: 1,
        }),
    });
    const list = screen.getByRole('region', { name: 'Your funding invoices' });
    const row = await within(list).findByTestId('funding-invoice-row');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('€80.50');
  });
});
