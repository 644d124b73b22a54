import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Routes } from '@/test/api-server';
import { createGate } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  exportItem,
  ok,
  serveStatements,
  statementRow,
  type StatementsServer,
} from '../test/statements-api';

let server: StatementsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

const THIS_YEAR = new Date().getUTCFullYear();

async function open(path: string, routes: Routes = {}) {
  server = await serveStatements(routes);
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Statements' });
  return rendered;
}

const TWO_MONTHS = [
  statementRow(),
  statementRow({
    yearMonth: '2026-02',
    index: 2,
    beginningBalance: '0',
    totalDebit: '12.34567891',
    totalCredit: '1012.34567891',
    endingBalance: '1000',
    processingCount: 0,
    rejectedCount: 0,
  }),
];

describe('/statements', () => {
  it('lists the first account’s months newest first with each figure as money, the statement number and the counts', async () => {
    await open('/statements', {
      'POST /api/main/?getStatements': () => ok({ statements: TWO_MONTHS }),
    });
    const table = within(
      await screen.findByRole('table', { name: 'Monthly statements, newest first' }),
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('March 2026');
    expect(rows[0]).toHaveTextContent('Statement No. 3');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '€1,000.00',
      '€249.50',
      '€500.00',
      '€1,250.50',
      'Processing: 1Rejected: 2',
      'PDFCSV',
    ]);
    expect(rows[1]).toHaveTextContent('February 2026');
    // In the currency's decimals, rounded half up: a fiat balance never shows finer digits.
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('€12.35');
    // The first account in accountStatusId order is the default; the shown year is the current one.
    expect(server!.calls('getStatements')).toEqual(
      expect.arrayContaining([{ accountId: 100 }, { accountId: 100, year: THIS_YEAR }]),
    );
    expect(server!.calls('getExports')).toEqual([
      { source: 'monthly', accountId: 100, pageNumber: 1, pageSize: 12 },
    ]);
    expect(
      screen.getByText('No files yet. Choose PDF or CSV beside a month above to make one.'),
    ).toBeInTheDocument();
  });

  it('writes months and money in the page’s language', async () => {
    server = await serveStatements({
      'POST /api/main/?getStatements': () => ok({ statements: TWO_MONTHS }),
    });
    await renderApp({ path: '/statements', apiBaseUrl: server.url, language: 'es', ...signedIn });
    const table = within(
      await screen.findByRole('table', { name: 'Extractos mensuales, los más recientes primero' }),
    );
    const row = table.getAllByRole('row')[1]!;
    // Spanish writes month names in lower case; the row's heading starts with a capital.
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Marzo de 2026');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Extracto n.º 3');
    expect(row).toHaveTextContent('€1250,50');
    expect(
      within(row).getByRole('button', { name: 'PDF del extracto de marzo de 2026' }),
    ).toBeInTheDocument();
  });

  it('keeps the chosen account and year in the address and asks for them', async () => {
    const { user, router } = await open('/statements?accountId=101', {
      'POST /api/main/?getStatements': ({ body }) => {
        const { accountId, year } = body as { accountId: number; year?: number };
        if (accountId !== 101) return ok({ statements: [] });
        const all = [
          statementRow({ yearMonth: `${THIS_YEAR}-01`, index: 2, currency: 'USD' }),
          statementRow({ yearMonth: '2024-12', index: 1, currency: 'USD' }),
        ];
        return ok({
          statements:
            year === undefined ? all : all.filter((row) => row.yearMonth.startsWith(`${year}-`)),
        });
      },
    });
    expect(await screen.findByLabelText('Account')).toHaveValue('101');
    // The years offered come from every month the account has.
    const yearSelect = screen.getByLabelText('Year');
    await waitFor(() =>
      expect(within(yearSelect).getByRole('option', { name: '2024' })).toBeInTheDocument(),
    );
    await user.selectOptions(yearSelect, '2024');
    expect(router.state.location.search).toContain('year=2024');
    expect(router.state.location.search).toContain('accountId=101');
    await waitFor(() =>
      expect(server!.calls('getStatements')).toContainEqual({ accountId: 101, year: 2024 }),
    );
    const table = within(
      await screen.findByRole('table', { name: 'Monthly statements, newest first' }),
    );
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2));
    expect(table.getByText('December 2024')).toBeInTheDocument();
    expect(table.getAllByText('$1,250.50').length).toBeGreaterThan(0);

    await user.selectOptions(screen.getByLabelText('Account'), '100');
    expect(router.state.location.search).toContain('accountId=100');
    expect(
      await screen.findByText('There are no statements for 2024. Choose another year.'),
    ).toBeInTheDocument();
  });

  it('says so when the account has no statement in the year', async () => {
    await open('/statements');
    expect(await screen.findByText('No statements yet')).toBeInTheDocument();
    expect(
      screen.getByText(`There are no statements for ${THIS_YEAR}. Choose another year.`),
    ).toBeInTheDocument();
  });

  it('shows a failed statements call as an error with a retry, not a broken screen', async () => {
    let fail = true;
    const { user } = await open('/statements', {
      'POST /api/main/?getStatements': () =>
        fail
          ? {
              // A 500, not a 503: a 503 means the server is briefly away, and the client waits it out.
              status: 500,
              body: { responseCode: 'UE', responseDescription: 'Unknown error' },
            }
          : ok({ statements: TWO_MONTHS }),
    });
    expect(await screen.findByText('The statements could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Monthly statements, newest first' }),
    ).toBeInTheDocument();
  });

  it('starts a PDF of a month, shows its progress until it is ready, then downloads it and lists it', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    const running = createGate();
    let exported = false;
    const statusOf = (status: string, progress: number, extra: Record<string, unknown> = {}) =>
      ok({
        exportId: 9,
        status,
        progress,
        ...extra,
        export: exportItem({ status, progress, size: status === 'ready' ? 20480 : null }),
      });
    let statusCalls = 0;
    const { user } = await open('/statements', {
      'POST /api/main/?getStatements': () => ok({ statements: TWO_MONTHS }),
      'POST /api/main/?exportStatement': () => {
        exported = true;
        return ok({ exportId: 9 });
      },
      'POST /api/main/?getExportStatus': () => {
        statusCalls += 1;
        if (statusCalls === 1) return statusOf('running', 40);
        return {
          ...statusOf('ready', 100, { redirectLink: '/api/pdf/files/abc' }),
          hold: running.promise,
        };
      },
      'POST /api/main/?getExports': () =>
        ok(exported ? { exports: [exportItem()], total: 1 } : { exports: [], total: 0 }),
    });
    const table = within(
      await screen.findByRole('table', { name: 'Monthly statements, newest first' }),
    );
    await user.click(table.getByRole('button', { name: 'PDF statement for March 2026' }));
    await waitFor(() =>
      expect(server!.calls('exportStatement')).toEqual([
        { accountId: 100, yearMonth: '2026-03', format: 'pdf' },
      ]),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Preparing your statement' }));
    expect(dialog.getByText('Statement for March 2026 as PDF')).toBeInTheDocument();
    expect(await dialog.findByText('40%')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(clicked).toEqual([]);
    running.open();
    expect(
      await dialog.findByText('statement-100-2026-03.pdf is ready. The download has started.'),
    ).toBeInTheDocument();
    expect(clicked).toEqual([`${server!.url}/api/pdf/files/abc`]);
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    // The list below learned of the new file.
    const exportsTable = within(await screen.findByRole('table', { name: 'Your exports' }));
    expect(exportsTable.getByText('statement-100-2026-03.pdf')).toBeInTheDocument();
    expect(exportsTable.getByText('Ready')).toBeInTheDocument();
    expect(exportsTable.getByText('20 kB')).toBeInTheDocument();
  });

  it('shows a refused export in the error popup', async () => {
    const { user } = await open('/statements', {
      'POST /api/main/?getStatements': () => ok({ statements: TWO_MONTHS }),
      'POST /api/main/?exportStatement': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'There is no statement for this month',
          validationErrors: { yearMonth: 'validation.noStatementForMonth' },
        },
      }),
    });
    const table = within(
      await screen.findByRole('table', { name: 'Monthly statements, newest first' }),
    );
    await user.click(table.getByRole('button', { name: 'CSV statement for February 2026' }));
    const popup = within(
      await screen.findByRole('dialog', { name: 'There is no statement for this month' }),
    );
    await user.click(popup.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.queryByRole('dialog', { name: 'Preparing your statement' }),
    ).not.toBeInTheDocument();
  });
});
