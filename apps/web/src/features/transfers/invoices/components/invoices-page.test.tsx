import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Invoice } from '@ledgerline/contract';
import type { Routes } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  accessInfo,
  ALL_FLAGS,
  OPERATION_ID,
  ok,
  refused,
  serveTransfers,
  submitResult,
  type TransfersServer,
} from '../../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 41,
    number: 'INV-000041',
    kind: 'invoice',
    role: 'payer',
    payerEmail: 'anna@pebble.example',
    payeeEmail: 'tomas@pebble.example',
    payerName: 'Anna Berg',
    payeeName: 'Tomás Ribeiro',
    amount: '120.5',
    currencyCode: 'USD',
    statusId: 1,
    status: 'unpaid',
    dueDate: '2099-03-31',
    sentDate: '2026-03-01T10:00:00.000Z',
    updatedDate: '2026-03-02T10:00:00.000Z',
    paidDate: null,
    noteBody: 'Garden design, March',
    rejectNote: null,
    total: '120.5',
    feePayment: null,
    paidTotal: null,
    paymentCurrencyCode: null,
    isFunding: false,
    isSystem: false,
    urlPdf: null,
    payerAccountId: null,
    payeeAccountId: null,
    canPay: true,
    canReject: true,
    canCancel: false,
    ...overrides,
  };
}

const page = (invoices: Invoice[], total = invoices.length) =>
  ok({ invoices, total, pageNumber: 1, pageSize: 20 });

async function open(path: string, routes: Routes = {}) {
  server = await serveTransfers({
    'POST /api/main/?getReceivedInvoices': () => page([invoice()]),
    'POST /api/main/?getSentInvoices': () => page([]),
    ...routes,
  });
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Transfers' });
  return rendered;
}

// The whole app renders with a real API client and server: slower than 15 s on a busy machine.
describe('/transfer/invoices', { timeout: 40_000 }, () => {
  it('lists received invoices with who asks, the amount, the dates and the status in words, then the sent ones and a filter', async () => {
    const { user } = await open('/transfer/invoices', {
      'POST /api/main/?getSentInvoices': (request) =>
        (request.body as { status?: string }).status === 'paid'
          ? page([])
          : page([
              invoice({
                id: 42,
                number: 'INV-000042',
                role: 'payee',
                status: 'rejected',
                rejectNote: 'Not ordered',
                payerName: null,
                payerEmail: 'nobody@example.org',
                canPay: false,
                canReject: false,
              }),
            ]),
    });
    const received = await screen.findByRole('list', { name: 'Invoices you received' });
    const row = within(received).getByTestId('invoice-row');
    expect(row).toHaveTextContent('Tomás Ribeiro');
    expect(row).toHaveTextContent('Garden design, March');
    expect(within(row).getByTestId('invoice-amount')).toHaveTextContent('$120.50');
    expect(within(row).getByTestId('invoice-status')).toHaveTextContent('Unpaid');
    expect(row).toHaveTextContent('31 Mar 2099');
    expect(within(row).getByRole('button', { name: 'Pay invoice INV-000041' })).toBeVisible();
    // 20 a page, no status filter (a refetch on focus may ask again: every ask is the same).
    expect(server!.calls('getReceivedInvoices')).toContainEqual({ pageNumber: 1, pageSize: 20 });
    for (const call of server!.calls('getReceivedInvoices'))
      expect(call).toEqual({ pageNumber: 1, pageSize: 20 });

    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    const sent = await screen.findByRole('list', { name: 'Invoices you sent' });
    const sentRow = within(sent).getByTestId('invoice-row');
    expect(sentRow).toHaveTextContent('nobody@example.org');
    expect(sentRow).toHaveTextContent('Rejected: “Not ordered”');
    expect(within(sentRow).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    expect(await screen.findByText('No invoices have this status.')).toBeInTheDocument();
    expect(server!.calls('getSentInvoices').at(-1)).toEqual({
      pageNumber: 1,
      pageSize: 20,
      status: 'paid',
    });
  });

  it('pays an invoice from another currency: the exchange and the fee before confirming, then the SMS code, then the list again', async () => {
    let paid = false;
    const { user } = await open('/transfer/invoices', {
      'POST /api/main/?getReceivedInvoices': () =>
        page([paid ? invoice({ status: 'paid', canPay: false, canReject: false }) : invoice()]),
      'POST /api/main/?getInvoicePayQuote': (request) => {
        const { fromAccount } = request.body as { fromAccount: number };
        return fromAccount === 101
          ? ok({
              quote: {
                invoiceId: 41,
                fromAccount: 101,
                amount: '120.5',
                currency: 'USD',
                fee: '0',
                total: '120.5',
                toAmount: '120.5',
                toCurrency: 'USD',
                rate: '1',
                isExchange: false,
              },
            })
          : ok({
              quote: {
                invoiceId: 41,
                fromAccount: 100,
                amount: '109.55',
                currency: 'EUR',
                fee: '0.5',
                total: '110.05',
                toAmount: '120.5',
                toCurrency: 'USD',
                rate: '1.1',
                isExchange: true,
              },
            });
      },
      'POST /api/main/?payInvoice': () =>
        ok(
          submitResult({
            operationId: OPERATION_ID,
            approveType: 2,
            approvalSentTo: '+44 •••• 123',
            status: 'pending',
          }),
        ),
      'POST /api/main/?confirmTransaction': () => {
        paid = true;
        return ok({ status: 'settled', transactionId: 'tr-1' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay invoice INV-000041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-000041' });
    // The USD account first: the invoice's own currency, no exchange.
    expect(within(dialog).getByLabelText('Pay from')).toHaveValue('101');
    await waitFor(() =>
      expect(within(dialog).getByTestId('fact-total')).toHaveTextContent('$120.50'),
    );
    expect(within(dialog).queryByText('Exchange rate')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Pay from'), '100');
    await waitFor(() =>
      expect(within(dialog).getByTestId('fact-total')).toHaveTextContent('€110.05'),
    );
    expect(within(dialog).getByTestId('fact-rate')).toHaveTextContent('1 EUR = 1.1000 USD');
    expect(within(dialog).getByTestId('fact-fee')).toHaveTextContent('€0.50');
    await user.click(within(dialog).getByRole('button', { name: 'Review payment' }));

    const review = await screen.findByRole('dialog', { name: 'Check and confirm' });
    expect(within(review).getByTestId('review-amount')).toHaveTextContent('€110.05');
    expect(within(review).getByTestId('review-receive')).toHaveTextContent('$120.50');
    await user.click(within(review).getByRole('button', { name: 'Pay €110.05' }));

    const code = await screen.findByRole('dialog', { name: /code/i });
    expect(server!.calls('payInvoice')).toEqual([
      { invoiceId: 41, fromAccount: 100, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    await user.type(within(code).getByLabelText(/code/i), '123456');
    await user.click(within(code).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: /completed/i });
    expect(server!.calls('confirmTransaction')).toEqual([
      { operationId: OPERATION_ID, code: '123456' },
    ]);
    // The finished payment refreshes the list: the invoice reads paid.
    await waitFor(() => expect(screen.getByTestId('invoice-status')).toHaveTextContent('Paid'));
  });

  it('rejects with the note the sender will read, and refuses an empty note', async () => {
    const { user } = await open('/transfer/invoices', {
      'POST /api/main/?rejectInvoice': () =>
        ok({ invoice: invoice({ status: 'rejected', rejectNote: 'Not ordered' }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject invoice INV-000041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject invoice INV-000041' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(server!.calls('rejectInvoice')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Why you reject it'), 'Not ordered');
    await user.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(
      await screen.findByText('Invoice INV-000041 was rejected. The sender has been told why.'),
    ).toBeInTheDocument();
    expect(server!.calls('rejectInvoice')).toEqual([{ invoiceId: 41, note: 'Not ordered' }]);
  });

  it('offers a money request only with its flag, and shares the request as a link and a QR code', async () => {
    const request = invoice({
      id: 50,
      number: 'INV-000050',
      kind: 'request',
      role: 'payee',
      payerEmail: 'tomas@pebble.example',
      amount: '25',
      currencyCode: 'EUR',
    });
    const { user } = await open('/transfer/invoices', {
      'POST /api/main/?getCustomerAccessInfo': () =>
        ok(accessInfo({ flags: { ...ALL_FLAGS, 'otherPerson.requestMoney': true } })),
      'POST /api/main/?requestMoney': (call) =>
        (call.body as { email: string }).email === 'nobody@example.org'
          ? refused('Not a customer', { email: 'validation.notACustomer' })
          : ok({ invoice: request, publicUrl: 'http://localhost/invoice/' + 'a'.repeat(43) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Request money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request money' });
    await user.type(within(dialog).getByLabelText(/Who you ask/), 'Tomas@Pebble.example');
    await user.type(within(dialog).getByLabelText('Amount'), '25');
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await user.type(within(dialog).getByLabelText('Due date'), '31.03.2099');
    await user.type(within(dialog).getByLabelText('What it is for'), 'Concert tickets');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const share = await screen.findByRole('dialog', { name: 'Request sent' });
    expect(within(share).getByTestId('share-link')).toHaveTextContent(
      `http://localhost/invoice/${'a'.repeat(43)}`,
    );
    expect(within(share).getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
    expect(server!.calls('requestMoney')).toEqual([
      {
        email: 'tomas@pebble.example',
        amount: '25',
        currency: 'EUR',
        dueDate: '2099-03-31',
        noteBody: 'Concert tickets',
      },
    ]);
  });

  it('hides the money request without the flag and refuses a due date in the past before sending', async () => {
    const { user } = await open('/transfer/invoices');
    await user.click(await screen.findByRole('button', { name: 'New invoice' }));
    expect(screen.queryByRole('button', { name: 'Request money' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await user.type(within(dialog).getByLabelText("Payer's e-mail address"), 'x@example.org');
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await user.type(within(dialog).getByLabelText('Due date'), '01.01.2020');
    await user.click(within(dialog).getByRole('button', { name: 'Send invoice' }));
    expect(
      await within(dialog).findByText('The due date cannot be in the past.'),
    ).toBeInTheDocument();
    expect(server!.calls('createInvoice')).toEqual([]);
  });
});
