import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MassBatch, MassRow } from '@ledgerline/contract';
import type { Routes } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { accessInfo, ok, serveTransfers, type TransfersServer } from '../../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const MASS_FLAGS = { 'mass.wire': true, 'mass.p2p': true };
const COLUMNS = [
  { key: 'beneficiaryName', header: 'Beneficiary name', required: true },
  { key: 'iban', header: 'IBAN', required: false },
  { key: 'amount', header: 'Amount', required: true },
  { key: 'currency', header: 'Currency', required: true },
];

function batch(overrides: Partial<MassBatch> = {}): MassBatch {
  return {
    batchId: 9,
    name: 'March freelancers',
    type: 'wire',
    accountId: 100,
    currency: 'EUR',
    status: 'uploaded',
    fileName: 'march.csv',
    createdAt: '2026-03-02T10:00:00.000Z',
    rowsCount: 2,
    validCount: 1,
    invalidCount: 1,
    removedCount: 0,
    totalAmount: '10.5',
    resubmitOf: null,
    canSubmit: false,
    ...overrides,
  };
}

function row(overrides: Partial<MassRow> = {}): MassRow {
  return {
    rowNumber: 1,
    fields: {
      beneficiaryName: 'Ada Lane',
      iban: 'DE89370400440532013000',
      amount: '10.50',
      currency: 'EUR',
    },
    errors: {},
    status: 'valid',
    amount: '10.5',
    fee: '1',
    transactionId: null,
    failureReason: null,
    ...overrides,
  };
}

const BAD = row({
  rowNumber: 2,
  fields: { beneficiaryName: 'Bo Reed', iban: 'DE00', amount: '5', currency: 'EUR' },
  errors: { iban: 'validation.iban' },
  status: 'invalid',
  amount: '5',
  fee: null,
});

async function open(path: string, routes: Routes) {
  server = await serveTransfers({
    'POST /api/main/?getCustomerAccessInfo': () =>
      ok(accessInfo({ flags: MASS_FLAGS, business: true })),
    'POST /api/main/?getMassSampleLinks': () =>
      ok({
        samples: [
          {
            type: 'wire',
            csvUrl: '/api/mass-transfers/samples/wire/csv',
            xlsxUrl: '/api/mass-transfers/samples/wire/xlsx',
            columns: COLUMNS,
          },
        ],
      }),
    ...routes,
  });
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Transfers' });
  return rendered;
}

// The whole app renders with a real API client and server: slower than 15 s on a busy machine.
describe('mass transfers', { timeout: 60_000 }, () => {
  it('asks before sending a batch identical to an earlier one, then opens the new batch', async () => {
    let uploads = 0;
    const { user, router } = await open('/transfer/mass/wire', {
      'POST /api/mass-transfers/batches': (request) => {
        uploads += 1;
        const again = String(request.body).includes('"ignoreIdenticalBatch":true');
        return ok({
          responseCode: again ? '00' : '92',
          result: again ? 'created' : 'identicalBatch',
          date: '2026-03-01T09:30:00.000Z',
          batchId: again ? 9 : 4,
        });
      },
      'POST /api/main/?getMassBatch': () => ok({ batch: batch(), rows: [row(), BAD], total: 2 }),
      'POST /api/main/?getMassBatchDryRun': () => ok(dryRun(false)),
    });
    // Spec 2 §5: a file or text is needed.
    await user.selectOptions(await screen.findByLabelText('Pay from'), '100');
    await user.type(screen.getByLabelText('Batch name'), 'March freelancers');
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText('Choose a file or paste the rows.')).toBeInTheDocument();
    expect(uploads).toBe(0);

    await user.type(
      screen.getByLabelText('Or paste rows'),
      'Beneficiary name,IBAN,Amount,Currency',
    );
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'You uploaded this batch before' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload it again' }));
    await waitFor(() => expect(router.state.location.search).toBe('?batchId=9'));
    expect(router.state.location.pathname).toBe('/transfer/external/mass/confirm');
    expect(uploads).toBe(2);
  });

  it('shows errors on their cells, fixes a row in place, and submits the dry run’s total with an idempotency key', async () => {
    let fixed = false;
    const { user } = await open('/transfer/external/mass/confirm?batchId=9', {
      'POST /api/main/?getMassBatch': () =>
        ok(
          fixed
            ? {
                batch: batch({
                  validCount: 2,
                  invalidCount: 0,
                  canSubmit: true,
                  totalAmount: '15.5',
                }),
                rows: [
                  row(),
                  row({
                    ...BAD,
                    errors: {},
                    status: 'valid',
                    fields: { ...BAD.fields, iban: 'DE89370400440532013000' },
                  }),
                ],
                total: 2,
              }
            : { batch: batch(), rows: [row(), BAD], total: 2 },
        ),
      'POST /api/main/?getMassBatchDryRun': () => ok(dryRun(fixed)),
      'POST /api/main/?updateMassBatchRow': () => {
        fixed = true;
        return ok({ batch: batch(), row: row({ rowNumber: 2 }) });
      },
      'POST /api/main/?submitMassBatch': () =>
        ok({
          batchId: 9,
          status: 'processing',
          operationId: null,
          approveType: 0,
          approvalSentTo: null,
          availableApprovalMethods: [0],
          totalAmount: '15.5',
          fee: '2',
          currency: 'EUR',
        }),
    });
    const cell = await screen.findAllByText('Enter a valid IBAN.');
    expect(cell.length).toBeGreaterThan(0);
    expect(screen.getByTestId('mass-counts')).toHaveTextContent(
      'Valid: 1 · With errors: 1 · Dropped: 0',
    );
    expect(await screen.findByRole('button', { name: 'Submit 1 payments' })).toBeDisabled();

    const table = screen.getByRole('table', { name: 'Rows of batch March freelancers' });
    await user.click(within(table).getByRole('button', { name: 'Fix row 2 (Bo Reed)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 2' });
    const iban = within(dialog).getByLabelText('IBAN');
    await user.clear(iban);
    await user.type(iban, 'DE89370400440532013000');
    await user.click(within(dialog).getByRole('button', { name: 'Save and check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server!.calls('updateMassBatchRow')).toEqual([
      {
        batchId: 9,
        rowNumber: 2,
        fields: {
          beneficiaryName: 'Bo Reed',
          iban: 'DE89370400440532013000',
          amount: '5',
          currency: 'EUR',
        },
      },
    ]);

    const submit = await screen.findByRole('button', { name: 'Submit 2 payments' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByTestId('fact-mass-debit')).toHaveTextContent('€17.50');
    await user.click(submit);
    const review = await screen.findByRole('dialog');
    await user.click(within(review).getByRole('button', { name: 'Pay €17.50' }));
    await waitFor(() => expect(server!.calls('submitMassBatch')).toHaveLength(1));
    const [sent] = server!.calls('submitMassBatch');
    expect(sent).toMatchObject({ batchId: 9, totalAmount: '15.5' });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

function dryRun(fixed: boolean) {
  return {
    batchId: 9,
    accountId: 100,
    accountCurrency: 'EUR',
    validCount: fixed ? 2 : 1,
    invalidCount: fixed ? 0 : 1,
    removedCount: 0,
    totals: [
      {
        currency: 'EUR',
        count: fixed ? 2 : 1,
        amount: fixed ? '15.5' : '10.5',
        fee: fixed ? '2' : '1',
        exchangeRate: '1',
        debitAmount: fixed ? '17.5' : '11.5',
      },
    ],
    totalDebit: fixed ? '17.5' : '11.5',
    availableBalance: '1250.5',
    isFundsSufficient: true,
    canSubmit: fixed,
  };
}
