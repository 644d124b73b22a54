import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createGate,
  startApiServer,
  type RecordedRequest,
  type Routes,
  type TestApiServer,
} from '@/test/api-server';
import { ok, paymentAccount, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { typeDate } from '@/test/type-date';
import { fullAccessInfo, homeRoutes } from '@/test/signed-in-home';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

const TX = '3f1c2a4b-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const REVERSAL = '9a8b7c6d-5e4f-4a3b-9c1d-0e1f2a3b4c5d';

function item(overrides: Record<string, unknown> = {}) {
  return {
    transactionId: TX,
    date: '2026-03-01T10:15:00.000Z',
    operationType: 'card_purchase',
    operationTypeId: 12,
    amount: '42.5',
    currency: 'EUR',
    fee: '0',
    direction: 'out',
    status: 'completed',
    counterparty: 'Fjord Coffee',
    description: 'Payment 1 to Fjord Coffee',
    ...overrides,
  };
}

function page(items: unknown[], extra: Record<string, unknown> = {}) {
  return ok({ items, nextCursor: null, pageNumber: 1, pageSize: 20, ...extra });
}

const TYPES = ok({
  transactions: [
    { id: 3, code: 'wire', name: 'Wire transfer' },
    { id: 12, code: 'card_purchase', name: 'Card purchase' },
    { id: 16, code: 'refund', name: 'Refund' },
  ],
  dictionary: { transactionType: { '3': 'Wire transfer', '12': 'Card purchase', '16': 'Refund' } },
});

async function openHistory(path: string, routes: Routes, accounts: unknown[] = [paymentAccount()]) {
  server = await startApiServer(
    homeRoutes(() => accounts, { 'POST /api/main/?getTransactionTypes': () => TYPES, ...routes }),
  );
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  return rendered;
}

/** The payloads a method was called with, without the envelope (method, lang). */
const calls = (method: string) =>
  server!.requests
    .filter((request: RecordedRequest) => request.path === `/api/main/?${method}`)
    .map((request) => {
      const { method: _method, lang: _lang, ...payload } = request.body as Record<string, unknown>;
      return payload;
    });

/** The table (wide screens) holds the rows; the card list repeats them for phones. */
const table = () =>
  within(screen.getByRole('table', { name: 'Transactions of the chosen account, newest first' }));
const findTable = async () =>
  within(
    await screen.findByRole('table', { name: 'Transactions of the chosen account, newest first' }),
  );

describe('/history', { timeout: 40_000 }, () => {
  it("asks for the accounts, the types and the address's first page while the access info is on its way", async () => {
    // Before, they waited for the layout's loader (the access info), the screen's code and its
    // first render, and the page for the accounts after that (decision 121).
    const access = createGate();
    await openHistory('/history?accountId=100&keyword=Fjord', {
      'POST /api/main/?getCustomerAccessInfo': () => ({
        ...ok(fullAccessInfo()),
        hold: access.promise,
      }),
      'POST /api/main/?getTransactionHistory': () =>
        page([item()], { total: 1, totalIsExact: true, totals: { rejected: 0, processing: 0 } }),
    });
    await waitFor(() => {
      expect(calls('getAccounts')).toHaveLength(1);
      expect(calls('getTransactionTypes')).toHaveLength(1);
      expect(calls('getTransactionHistory')).toEqual([
        {
          accountId: 100,
          keyword: 'Fjord',
          pageNumber: 1,
          pageSize: 20,
          withTotals: true,
        },
      ]);
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'History' })).not.toBeInTheDocument();
    access.open();
    expect(await screen.findByText('Transactions found: 1')).toBeInTheDocument();
    // The screen used what the loader asked for.
    expect(calls('getTransactionHistory')).toHaveLength(1);
    expect(calls('getTransactionTypes')).toHaveLength(1);
  });

  it('sends the filter of the form on "Show", keeps it in the address, and names each type from the dictionary', async () => {
    const { user, router } = await openHistory('/history?accountId=100', {
      'POST /api/main/?getTransactionHistory': () =>
        page(
          [
            item(),
            item({
              transactionId: REVERSAL,
              operationType: 'refund',
              direction: 'in',
              amount: '10',
              counterparty: null,
              description: 'Refund 7',
            }),
          ],
          {
            total: 2,
            totalIsExact: true,
            totals: { rejected: 0, processing: 0 },
          },
        ),
    });
    expect(await screen.findByText('Transactions found: 2')).toBeInTheDocument();
    expect(table().getByRole('link', { name: 'Fjord Coffee' })).toBeInTheDocument();
    expect(table().getAllByText('Card purchase')).toHaveLength(1);
    expect(table().getByText('Refund')).toBeInTheDocument();
    // Money in and out say so in words too, not only by sign and colour.
    expect(table().getByText(/Money out/).parentElement).toHaveTextContent('Money out −€42.50');
    expect(table().getByText(/Money in/).parentElement).toHaveTextContent('Money in +€10.00');
    expect(calls('getTransactionHistory')[0]).toEqual(
      expect.objectContaining({ accountId: 100, pageNumber: 1, pageSize: 20, withTotals: true }),
    );

    const form = within(screen.getByRole('search', { name: 'Filter transactions' }));
    await user.selectOptions(form.getByLabelText('Transaction type'), 'card_purchase');
    // Dates are typed day first, as the page's language writes them, not mm/dd/yyyy.
    await typeDate(user, form.getByLabelText('From date'), '01/02/2026');
    await typeDate(user, form.getByLabelText('To date'), '28.02.2026');
    await user.type(form.getByLabelText('Amount from'), '10,5');
    await user.type(form.getByLabelText('Amount to'), '200');
    await user.selectOptions(form.getByLabelText('Direction'), 'out');
    await user.selectOptions(form.getByLabelText('Status'), 'completed');
    await user.type(form.getByLabelText('Counterparty e-mail'), 'Shop@Example.com');
    await user.type(form.getByLabelText(/^Search/), ' coffee ');
    const before = calls('getTransactionHistory').length;
    await user.click(form.getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(calls('getTransactionHistory').length).toBeGreaterThan(before));
    expect(calls('getTransactionHistory').at(-1)).toEqual({
      accountId: 100,
      keyword: 'coffee',
      transactionType: 'card_purchase',
      fromDate: '2026-02-01',
      toDate: '2026-02-28',
      amountFrom: '10.5',
      amountTo: '200',
      direction: 'out',
      status: 'completed',
      email: 'shop@example.com',
      pageNumber: 1,
      pageSize: 20,
      withTotals: true,
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      accountId: '100',
      keyword: 'coffee',
      type: 'card_purchase',
      from: '2026-02-01',
      to: '2026-02-28',
      amountFrom: '10.5',
      amountTo: '200',
      direction: 'out',
      status: 'completed',
      email: 'shop@example.com',
    });
    // And shown as the app prints dates.
    expect(form.getByLabelText('From date')).toHaveValue('1 Feb 2026');
    expect(form.getByLabelText('To date')).toHaveValue('28 Feb 2026');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?accountId=100'));
    // The unfiltered first page is still cached: the list is back, the fields are empty.
    expect(await screen.findByText('Transactions found: 2')).toBeInTheDocument();
    const cleared = within(screen.getByRole('search', { name: 'Filter transactions' }));
    expect(cleared.getByLabelText('Transaction type')).toHaveValue('');
    expect(cleared.getByLabelText('Amount from')).toHaveValue('');
    expect(cleared.getByLabelText('From date')).toHaveValue('');
  });

  it('shows the range errors at their fields and sends nothing', async () => {
    const { user } = await openHistory('/history', {
      'POST /api/main/?getTransactionHistory': () =>
        page([item()], { total: 1, totalIsExact: true, totals: { rejected: 0, processing: 0 } }),
    });
    await screen.findByText('Transactions found: 1');
    const form = within(screen.getByRole('search', { name: 'Filter transactions' }));
    await typeDate(user, form.getByLabelText('From date'), '10/03/2026');
    await typeDate(user, form.getByLabelText('To date'), '01/03/2026');
    await user.type(form.getByLabelText('Amount from'), '100');
    await user.type(form.getByLabelText('Amount to'), '99.99');
    const before = calls('getTransactionHistory').length;
    await user.click(form.getByRole('button', { name: 'Show' }));
    expect(
      await form.findByText('The end date must not come before the start date'),
    ).toBeInTheDocument();
    expect(
      form.getByText('The upper amount must not be below the lower amount'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('To date')).toHaveAttribute('aria-invalid', 'true');
    expect(calls('getTransactionHistory')).toHaveLength(before);
    // The old list does not stand under the errors as if it answered them.
    expect(screen.getByText('No list for this filter yet')).toBeInTheDocument();
    expect(screen.queryByText('Transactions found: 1')).toBeNull();
    expect(screen.queryByText('Fjord Coffee')).toBeNull();

    // A filter that holds brings the list back.
    await user.clear(form.getByLabelText('Amount to'));
    await user.clear(form.getByLabelText('To date'));
    await user.click(form.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Transactions found: 1')).toBeInTheDocument();
    expect(screen.queryByText('No list for this filter yet')).toBeNull();
  });

  it('pages with the cursors: totals from the first page ("1,000+"), Next follows nextCursor, Previous goes back', async () => {
    const { user } = await openHistory('/history?accountId=100', {
      'POST /api/main/?getTransactionHistory': ({ body }) => {
        const cursor = (body as { cursor?: string }).cursor;
        if (!cursor)
          return page([item({ counterparty: 'First page shop' })], {
            total: 1000,
            totalIsExact: false,
            totals: { rejected: 3, processing: 2 },
            nextCursor: 'c2',
          });
        if (cursor === 'c2')
          return page([item({ counterparty: 'Second page shop' })], {
            nextCursor: 'c3',
            pageNumber: 2,
          });
        return page([item({ counterparty: 'Third page shop' })], {
          nextCursor: null,
          pageNumber: 3,
        });
      },
    });
    expect(await screen.findByText('Transactions found: 1,000+')).toBeInTheDocument();
    expect(screen.getByText('Rejected: 3')).toBeInTheDocument();
    expect(screen.getByText('Processing: 2')).toBeInTheDocument();
    const pager = within(screen.getByRole('navigation', { name: 'Transaction pages' }));
    expect(pager.getByText('Page 1')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(pager.getByRole('button', { name: 'Next' }));
    expect(await table().findByRole('link', { name: 'Second page shop' })).toBeInTheDocument();
    expect(pager.getByText('Page 2')).toBeInTheDocument();
    expect(calls('getTransactionHistory').at(-1)).toEqual({
      accountId: 100,
      cursor: 'c2',
      pageNumber: 2,
      pageSize: 20,
    });
    // The first page's counts stay.
    expect(screen.getByText('Transactions found: 1,000+')).toBeInTheDocument();

    await user.click(pager.getByRole('button', { name: 'Next' }));
    expect(await table().findByRole('link', { name: 'Third page shop' })).toBeInTheDocument();
    expect(calls('getTransactionHistory').at(-1)).toEqual({
      accountId: 100,
      cursor: 'c3',
      pageNumber: 3,
      pageSize: 20,
    });
    expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(pager.getByRole('button', { name: 'Previous' }));
    expect(await table().findByRole('link', { name: 'Second page shop' })).toBeInTheDocument();
    expect(pager.getByText('Page 2')).toBeInTheDocument();
    await user.click(pager.getByRole('button', { name: 'Previous' }));
    expect(await table().findByRole('link', { name: 'First page shop' })).toBeInTheDocument();
    expect(pager.getByText('Page 1')).toBeInTheDocument();
  });

  it('names the number of pages when the first page counted the matches exactly', async () => {
    const { user } = await openHistory('/history?accountId=100', {
      'POST /api/main/?getTransactionHistory': ({ body }) => {
        const cursor = (body as { cursor?: string }).cursor;
        if (!cursor)
          return page([item({ counterparty: 'First page shop' })], {
            total: 41,
            totalIsExact: true,
            totals: { rejected: 0, processing: 0 },
            nextCursor: 'c2',
          });
        return page([item({ counterparty: 'Second page shop' })], {
          nextCursor: 'c3',
          pageNumber: 2,
        });
      },
    });
    expect(await screen.findByText('Transactions found: 41')).toBeInTheDocument();
    const pager = within(screen.getByRole('navigation', { name: 'Transaction pages' }));
    expect(pager.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(pager.getByRole('button', { name: 'Next' }));
    expect(await table().findByRole('link', { name: 'Second page shop' })).toBeInTheDocument();
    expect(pager.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it("opens a row's detail with its own address: fee, rate, amount received, reason, reversal link and the receipt", async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download === '') clicked.push(this.href);
    });
    const { user, router } = await openHistory('/history?accountId=100', {
      'POST /api/main/?getTransactionHistory': () =>
        page(
          [
            item({
              operationType: 'wire',
              fee: '0.5',
              counterparty: 'Atlas Telecom',
              status: 'reversed',
            }),
          ],
          {
            total: 1,
            totalIsExact: true,
            totals: { rejected: 0, processing: 0 },
          },
        ),
      'POST /api/main/?getTransactionDetails': () =>
        ok({
          transaction: {
            ...item({
              operationType: 'wire',
              fee: '0.5',
              counterparty: 'Atlas Telecom',
              status: 'reversed',
              amount: '100',
            }),
            accountId: 100,
            rate: '1.0825',
            toAmount: '108.25',
            toCurrency: 'USD',
            settledAt: '2026-03-01T10:20:00.000Z',
            reversesTransactionId: null,
            reversedByTransactionId: REVERSAL,
            reason: 'Account closed at the receiving bank',
            postings: [],
          },
        }),
      'POST /api/main/?getTransactionReceipt': () =>
        ok({ redirectLink: '/api/pdf/files/receipt-token' }),
    });
    expect(await (await findTable()).findByText('Fee €0.50')).toBeInTheDocument();
    await user.click(table().getByRole('link', { name: 'Atlas Telecom' }));
    expect(new URLSearchParams(router.state.location.search).get('transaction')).toBe(TX);
    const dialog = within(await screen.findByRole('dialog', { name: 'Transaction details' }));
    expect(await dialog.findByText('1.0825')).toBeInTheDocument();
    const facts = (label: string) => dialog.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(facts('Type')).toHaveTextContent('Wire transfer');
    expect(facts('Status')).toHaveTextContent('Reversed');
    expect(facts('Fee')).toHaveTextContent('€0.50');
    expect(facts('Amount received')).toHaveTextContent('$108.25');
    expect(facts('Reason')).toHaveTextContent('Account closed at the receiving bank');
    expect(facts('Counterparty')).toHaveTextContent('Atlas Telecom');
    expect(dialog.getByRole('link', { name: REVERSAL })).toHaveAttribute(
      'href',
      expect.stringContaining(`transaction=${REVERSAL}`),
    );
    expect(calls('getTransactionDetails')).toEqual([{ transactionId: TX }]);

    await user.click(dialog.getByRole('button', { name: 'Download receipt (PDF)' }));
    await waitFor(() => expect(clicked).toEqual([`${server!.url}/api/pdf/files/receipt-token`]));
    expect(calls('getTransactionReceipt')).toEqual([{ transactionId: TX }]);

    await user.click(dialog.getByRole('button', { name: 'Close the details' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('transaction')).toBeNull(),
    );
  });

  it('shows an unsuccessful history call as an empty list with the reason and a retry', async () => {
    let fail = true;
    const { user } = await openHistory('/history', {
      'POST /api/main/?getTransactionHistory': () =>
        fail
          ? {
              status: 400,
              body: {
                responseCode: 'TA1',
                responseDescription: 'Account not found',
                validationErrors: { accountId: 'validation.invalidValue' },
              },
            }
          : page([item()], {
              total: 1,
              totalIsExact: true,
              totals: { rejected: 0, processing: 0 },
            }),
    });
    expect(await screen.findByText("We couldn't load the transactions")).toBeInTheDocument();
    expect(screen.getByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await findTable()).getByRole('link', { name: 'Fjord Coffee' })).toBeInTheDocument();
  });

  it('exports the filtered list as CSV and shows the progress until the file is ready', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let polls = 0;
    const { user } = await openHistory(
      '/history?accountId=100&type=card_purchase&from=2026-01-01',
      {
        'POST /api/main/?getTransactionHistory': () =>
          page([item()], { total: 1, totalIsExact: true, totals: { rejected: 0, processing: 0 } }),
        'POST /api/main/?exportHistory': () => ok({ exportId: 31 }),
        'POST /api/main/?getExportStatus': () => {
          polls += 1;
          const status = polls < 2 ? 'running' : 'ready';
          const progress = polls < 2 ? 55 : 100;
          return ok({
            exportId: 31,
            status,
            progress,
            ...(status === 'ready' ? { redirectLink: '/api/pdf/files/csv-token' } : {}),
            export: {
              exportId: 31,
              source: 'history',
              format: 'csv',
              accountId: 100,
              yearMonth: null,
              status,
              progress,
              fileName: 'history-100.csv',
              size: status === 'ready' ? 120 : null,
              rows: status === 'ready' ? 1 : null,
              createdAt: '2026-03-01T10:00:00.000Z',
              finishedAt: null,
            },
          });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const panel = within(await screen.findByRole('region', { name: 'CSV export of this list' }));
    expect(await panel.findByText('55%')).toBeInTheDocument();
    expect(panel.getByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    expect(
      await panel.findByText('history-100.csv is ready. The download has started.'),
    ).toBeInTheDocument();
    expect(calls('exportHistory')).toEqual([
      { accountId: 100, transactionType: 'card_purchase', fromDate: '2026-01-01', format: 'csv' },
    ]);
  });

  it('offers card authorisations only for a settlement account and pages the pending ones by 10', async () => {
    const card = paymentAccount({
      accountId: 300,
      type: 2006,
      accountStatusId: 1,
      settlementAccountId: 100,
      maskedCardNumber: '•••• 4242',
    });
    const other = paymentAccount({ accountId: 101, currencyCode: 'USD', balance: '300' });
    const authorization = (index: number) => ({
      id: `auth-${index}`,
      date: '2026-03-01T09:00:00.000Z',
      accountId: 300,
      cardLast4: '4242',
      merchant: `Merchant ${index}`,
      amount: '12.5',
      currency: 'EUR',
      status: 'pending',
      description: null,
    });
    const { user } = await openHistory(
      '/history?accountId=100',
      {
        'POST /api/main/?getTransactionHistory': () =>
          page([], { total: 0, totalIsExact: true, totals: { rejected: 0, processing: 0 } }),
        'POST /api/main/?getAuthorizations': ({ body }) => {
          const { kind, pageNumber } = body as { kind: string; pageNumber: number };
          if (kind === 'debitCard') return ok({ authorizations: [authorization(1)], total: 1 });
          return ok({ authorizations: [authorization(pageNumber * 100)], total: 12 });
        },
      },
      [paymentAccount(), other, card],
    );
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Card authorisations' }));
    expect(await screen.findAllByText('Merchant 1')).not.toHaveLength(0);
    expect(calls('getAuthorizations').at(-1)).toEqual({
      accountId: 100,
      kind: 'debitCard',
      pageNumber: 1,
      pageSize: 10,
    });

    await user.click(screen.getByRole('tab', { name: 'Pending authorisations' }));
    expect(await screen.findByText('Authorisations: 12 · page 1 of 2')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Authorisation pages' })).getByRole('button', {
        name: 'Next',
      }),
    );
    expect(await screen.findByText('Authorisations: 12 · page 2 of 2')).toBeInTheDocument();
    // The page number shows at once, over page 1's rows, until page 2's arrive.
    expect(await screen.findAllByText('Merchant 200')).not.toHaveLength(0);
    expect(calls('getAuthorizations').at(-1)).toEqual({
      accountId: 100,
      kind: 'currentAccount',
      pageNumber: 2,
      pageSize: 10,
    });

    // The USD account settles no card: no card authorisations offered there.
    await user.selectOptions(screen.getByLabelText('Account'), '101');
    await waitFor(() =>
      expect(screen.queryByRole('tab', { name: 'Card authorisations' })).not.toBeInTheDocument(),
    );
  });
  it('shows the server refusing card authorisations for a non-settlement account as a calm text, not an error', async () => {
    const card = paymentAccount({
      accountId: 300,
      type: 2006,
      accountStatusId: 1,
      settlementAccountId: 100,
    });
    await openHistory(
      '/history?accountId=100&view=cardAuthorizations',
      {
        'POST /api/main/?getTransactionHistory': () =>
          page([], { total: 0, totalIsExact: true, totals: { rejected: 0, processing: 0 } }),
        'POST /api/main/?getAuthorizations': () => ({
          status: 400,
          body: {
            responseCode: 'TA1',
            responseDescription: 'Debit card history is shown only for a settlement account',
            validationErrors: { accountId: 'validation.notSettlementAccount' },
          },
        }),
      },
      [paymentAccount(), card],
    );
    expect(
      await screen.findByText(
        /Card authorisations are shown for the account that settles your debit cards/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Card authorisations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
