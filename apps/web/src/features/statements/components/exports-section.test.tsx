import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Routes } from '@/test/api-server';
import { demoCustomer, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  exportItem,
  ok,
  refused,
  serveStatements,
  type StatementsServer,
} from '../test/statements-api';

let server: StatementsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function open(routes: Routes = {}, path = '/statements') {
  server = await serveStatements(routes);
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  const exportsTable = within(await screen.findByRole('table', { name: 'Your exports' }));
  return { ...rendered, exportsTable };
}

const READY = exportItem();
const CSV_RUNNING = exportItem({
  exportId: 10,
  format: 'csv',
  status: 'running',
  progress: 35,
  fileName: 'statement-100-2026-02.csv',
  yearMonth: '2026-02',
  size: null,
  rows: null,
  finishedAt: null,
});

describe('/statements: your exports', () => {
  it('lists each file with its month, format, status, size and date, and offers actions only on a ready one', async () => {
    const { exportsTable } = await open({
      'POST /api/main/?getExports': () => ok({ exports: [CSV_RUNNING, READY], total: 2 }),
    });
    const rows = exportsTable.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('statement-100-2026-02.csv');
    expect(rows[0]).toHaveTextContent('February 2026');
    expect(rows[0]).toHaveTextContent('CSV');
    expect(rows[0]).toHaveTextContent('Being prepared · 35%');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('March 2026');
    expect(rows[1]).toHaveTextContent('PDF');
    expect(rows[1]).toHaveTextContent('Ready');
    expect(rows[1]).toHaveTextContent('20 kB');
    expect(
      within(rows[1]!).getByRole('button', { name: 'Download statement-100-2026-03.pdf' }),
    ).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Send statement-100-2026-03.pdf to e-mail' }),
    ).toBeInTheDocument();
  });

  it('downloads a ready file again through a fresh link', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    const { user, exportsTable } = await open({
      'POST /api/main/?getExports': () => ok({ exports: [READY], total: 1 }),
      'POST /api/main/?getExportStatus': () =>
        ok({
          exportId: 9,
          status: 'ready',
          progress: 100,
          redirectLink: '/api/pdf/files/fresh',
          export: READY,
        }),
    });
    await user.click(
      exportsTable.getByRole('button', { name: 'Download statement-100-2026-03.pdf' }),
    );
    await waitFor(() => expect(clicked).toEqual([`${server!.url}/api/pdf/files/fresh`]));
    expect(server!.calls('getExportStatus')).toEqual([{ exportId: 9 }]);
  });

  it('pages through the files 12 at a time', async () => {
    const { user, router } = await open({
      'POST /api/main/?getExports': ({ body }) => {
        const page = (body as { pageNumber: number }).pageNumber;
        return ok({
          exports: [exportItem({ exportId: 100 - page, fileName: `file-page-${page}.pdf` })],
          total: 13,
        });
      },
    });
    const pages = within(screen.getByRole('navigation', { name: 'Pages of your exports' }));
    expect(pages.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('file-page-2.pdf', { selector: 'td' })).toBeInTheDocument();
    expect(pages.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toContain('exportsPage=2');
    expect(server!.calls('getExports').at(-1)).toEqual({
      source: 'monthly',
      accountId: 100,
      pageNumber: 2,
      pageSize: 12,
    });
  });

  it('sends a file to the customer’s own e-mail, offered in the field, or to another one, checking the address first', async () => {
    const { user, exportsTable } = await open({
      'POST /api/main/?getCustomerInfo': () =>
        ok({ customer: demoCustomer({ login: 'anna@pebble.example' }) }),
      'POST /api/main/?getExports': () => ok({ exports: [READY], total: 1 }),
      'POST /api/main/?sendExportToEmail': () => ok({ sent: true }),
    });
    await user.click(
      exportsTable.getByRole('button', { name: 'Send statement-100-2026-03.pdf to e-mail' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Send to e-mail' }));
    const field = dialog.getByLabelText('E-mail address');
    await waitFor(() => expect(field).toHaveValue('anna@pebble.example'));

    await user.clear(field);
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    await user.type(field, 'not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(server!.calls('sendExportToEmail')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'books@berg.example');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(
      await dialog.findByText('The link is on its way to books@berg.example.'),
    ).toBeInTheDocument();
    expect(server!.calls('sendExportToEmail')).toEqual([
      { exportId: 9, email: 'books@berg.example' },
    ]);
  });

  it('puts the server’s refusal of the address on the field', async () => {
    const { user, exportsTable } = await open({
      'POST /api/main/?getExports': () => ok({ exports: [READY], total: 1 }),
      'POST /api/main/?sendExportToEmail': () =>
        refused('Invalid request', { email: 'validation.email' }),
    });
    await user.click(
      exportsTable.getByRole('button', { name: 'Send statement-100-2026-03.pdf to e-mail' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Send to e-mail' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('E-mail address')).toHaveValue('anna@pebble.example'),
    );
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(dialog.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends for the company a business user acts for (the Customer-Id header carries it)', async () => {
    server = await serveStatements({
      'POST /api/main/?getExports': () => ok({ exports: [READY], total: 1 }),
      'POST /api/main/?sendExportToEmail': () => ok({ sent: true }),
    });
    const { user } = await renderApp({
      path: '/statements',
      apiBaseUrl: server.url,
      prepareSession: (session) => {
        session.signIn({ accessToken: 'tok', expiresIn: 300 });
        session.setCustomerId(4242);
      },
    });
    const exportsTable = within(await screen.findByRole('table', { name: 'Your exports' }));
    await user.click(
      exportsTable.getByRole('button', { name: 'Send statement-100-2026-03.pdf to e-mail' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Send to e-mail' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('E-mail address')).toHaveValue('anna@pebble.example'),
    );
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await dialog.findByText('The link is on its way to anna@pebble.example.');
    const sent = server.requests.find((request) => request.path === '/api/main/?sendExportToEmail');
    expect(sent?.headers['customer-id']).toBe('4242');
  });
});
