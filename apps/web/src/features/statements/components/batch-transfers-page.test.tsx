import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Routes } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { typeDate } from '@/test/type-date';
import { batch, ok, serveStatements, type StatementsServer } from '../test/statements-api';

let server: StatementsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function open(routes: Routes = {}, path = '/history/batch-transfers') {
  server = await serveStatements(routes);
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Batch transfers' });
  return rendered;
}

const FILE = [
  'Name,E-mail,Account,Amount,Description',
  '"Kovač, Maja",maja.kovac@example.com,DE89370400440532013000,3120.00,"Salary ""October"""',
  'Lars Eriksen,lars.eriksen@example.com,NL91ABNA0417164300,2875.50,',
  '',
].join('\r\n');

describe('/history/batch-transfers', () => {
  it('lists the batches with type, status, payments, total and the total count', async () => {
    await open({
      'POST /api/main/?getBatchTransfers': () =>
        ok({
          batches: [
            batch({
              batchId: 32,
              name: 'Supplier run',
              type: 'eft',
              status: 'partiallyCompleted',
              paymentsCount: 2,
              totalAmount: '1634.2',
            }),
            batch(),
          ],
          total: 2,
        }),
    });
    expect(await screen.findByText('Batch transfers found: 2')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Batch transfers, newest first' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Supplier run');
    expect(rows[0]).toHaveTextContent('EFT');
    expect(rows[0]).toHaveTextContent('Partly completed');
    expect(rows[0]).toHaveTextContent('€1,634.20');
    expect(rows[1]).toHaveTextContent('October payroll');
    expect(rows[1]).toHaveTextContent('october-payroll.csv');
    expect(rows[1]).toHaveTextContent('Wire');
    expect(rows[1]).toHaveTextContent('Completed');
    expect(rows[1]).toHaveTextContent('€8,635.50');
    expect(server!.calls('getBatchTransfers')).toEqual([{ pageNumber: 1, pageSize: 20 }]);
  });

  it('sends the search, the chosen types and the dates, keeps them in the address, and clears them', async () => {
    const { user, router } = await open({
      'POST /api/main/?getBatchTransfers': ({ body }) =>
        ok(
          (body as { search?: string }).search
            ? { batches: [], total: 0 }
            : { batches: [batch()], total: 1 },
        ),
    });
    await screen.findByText('Batch transfers found: 1');
    await user.type(screen.getByLabelText('Name or file name'), ' payroll ');
    await user.click(screen.getByRole('checkbox', { name: 'Wire' }));
    await user.click(screen.getByRole('checkbox', { name: 'Person to person' }));
    await typeDate(user, screen.getByLabelText('From'), '01/10/2026');
    await typeDate(user, screen.getByLabelText('To'), '31/10/2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(server!.calls('getBatchTransfers').at(-1)).toEqual({
        search: 'payroll',
        types: ['wire', 'p2p'],
        from: '2026-10-01',
        to: '2026-10-31',
        pageNumber: 1,
        pageSize: 20,
      }),
    );
    expect(router.state.location.search).toBe(
      '?q=payroll&type=wire&type=p2p&from=2026-10-01&to=2026-10-31',
    );
    expect(await screen.findByText('No batch transfers match these filters.')).toBeInTheDocument();
    // The form shows the filter the address holds.
    expect(screen.getByRole('checkbox', { name: 'Wire' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'EFT' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Batch transfers found: 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Wire' })).not.toBeChecked();
  });

  it('refuses an end date before the start date at the field', async () => {
    const { user } = await open();
    await screen.findByText('No batch transfers');
    await typeDate(user, screen.getByLabelText('From'), '10.10.2026');
    await typeDate(user, screen.getByLabelText('To'), '01.10.2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText('The end date must not come before the start date'),
    ).toBeInTheDocument();
    expect(server!.calls('getBatchTransfers')).toHaveLength(1);
  });

  it('pages through 20 at a time', async () => {
    const { user } = await open({
      'POST /api/main/?getBatchTransfers': ({ body }) => {
        const page = (body as { pageNumber: number }).pageNumber;
        return ok({
          batches: [batch({ batchId: page, name: `Batch on page ${page}` })],
          total: 41,
        });
      },
    });
    const pages = within(
      await screen.findByRole('navigation', { name: 'Pages of batch transfers' }),
    );
    expect(pages.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Batch on page 2', { selector: 'table *' })).toBeInTheDocument();
    expect(server!.calls('getBatchTransfers').at(-1)).toEqual({ pageNumber: 2, pageSize: 20 });
  });

  it('opens a batch’s file as a table, quoted cells kept whole, and downloads the raw file', async () => {
    const saved: { name: string; href: string }[] = [];
    let blob: Blob | undefined;
    // jsdom has no object URLs: stand-ins that keep the Blob the page made.
    URL.createObjectURL = vi.fn((made: Blob) => {
      blob = made;
      return 'blob:batch-file';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    const { user } = await open({
      'POST /api/main/?getBatchTransfers': () => ok({ batches: [batch()], total: 1 }),
      'POST /api/main/?getBatchTransferFile': () =>
        ok({
          batchId: 31,
          fileName: 'october-payroll.csv',
          contentType: 'text/csv',
          content: FILE,
        }),
    });
    const table = within(
      await screen.findByRole('table', { name: 'Batch transfers, newest first' }),
    );
    await user.click(table.getByRole('button', { name: 'View the file of October payroll' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'File of October payroll' }));
    const fileTable = within(await dialog.findByRole('table', { name: 'october-payroll.csv' }));
    expect(server!.calls('getBatchTransferFile')).toEqual([{ batchId: 31 }]);
    expect(fileTable.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'E-mail',
      'Account',
      'Amount',
      'Description',
    ]);
    const lines = fileTable.getAllByRole('row').slice(1);
    expect(lines).toHaveLength(2);
    expect(
      within(lines[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Kovač, Maja',
      'maja.kovac@example.com',
      'DE89370400440532013000',
      '3120.00',
      'Salary "October"',
    ]);
    expect(
      within(lines[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Lars Eriksen', 'lars.eriksen@example.com', 'NL91ABNA0417164300', '2875.50', '']);
    expect(dialog.getByText('october-payroll.csv · lines: 2')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Download' }));
    expect(saved).toEqual([{ name: 'october-payroll.csv', href: 'blob:batch-file' }]);
    expect(blob?.type).toBe('text/csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    expect(text).toBe(FILE);
  });
});
