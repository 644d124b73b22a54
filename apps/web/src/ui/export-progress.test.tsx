import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@ledgerline/contract';
import { createI18n, whenLocaleComplete } from '@/i18n';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { ExportProgress } from './export-progress';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

const ok = (body: Record<string, unknown>) => ({
  body: { responseCode: '00', responseDescription: 'OK', ...body },
});

function exportAnswer(status: string, progress: number, extra: Record<string, unknown> = {}) {
  return ok({
    exportId: 9,
    status,
    progress,
    ...extra,
    export: {
      exportId: 9,
      source: 'history',
      format: 'csv',
      accountId: 100,
      yearMonth: null,
      status,
      progress,
      fileName: 'history-100.csv',
      size: status === 'ready' ? 2048 : null,
      rows: status === 'ready' ? 42 : null,
      createdAt: '2026-03-01T10:00:00.000Z',
      finishedAt: status === 'ready' ? '2026-03-01T10:00:02.000Z' : null,
    },
  });
}

async function renderProgress(routes: Routes, onDone = vi.fn()) {
  server = await startApiServer(routes);
  const i18n = await createI18n('en');
  await Promise.all([whenLocaleComplete(i18n), whenLocaleComplete(i18n, 'en')]);
  const client = createApiClient({
    baseUrl: server.url,
    getLanguage: () => 'en',
    getAccessToken: () => 'tok',
  });
  const view = render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <ExportProgress exportId={9} client={client} baseUrl={server.url} onDone={onDone} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return { ...view, onDone, user: userEvent.setup() };
}

describe('ExportProgress', () => {
  it('shows the percentage while the export runs, then downloads the ready file once and offers another copy', async () => {
    const answers = [
      exportAnswer('queued', 0),
      exportAnswer('running', 40),
      exportAnswer('ready', 100, { redirectLink: '/api/pdf/files/first' }),
    ];
    let calls = 0;
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    const { onDone, user } = await renderProgress({
      'POST /api/main/?getExportStatus': () => {
        calls += 1;
        return (
          answers[Math.min(calls, answers.length) - 1] ??
          exportAnswer('ready', 100, { redirectLink: `/api/pdf/files/again-${calls}` })
        );
      },
    });
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    expect(await screen.findByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(
      await screen.findByText('history-100.csv is ready. The download has started.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Rows in the file: 42')).toBeInTheDocument();
    expect(clicked).toEqual([`${server!.url}/api/pdf/files/first`]);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'ready', rows: 42 }));
    // Polling stopped at "ready": the only later call is the one the button asks for a fresh link.
    const before = calls;
    answers.push(exportAnswer('ready', 100, { redirectLink: '/api/pdf/files/second' }));
    await user.click(screen.getByRole('button', { name: 'Download again' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]).toBe(`${server!.url}/api/pdf/files/second`);
    expect(calls).toBe(before + 1);
  });

  it('says so when the export failed, and stops asking', async () => {
    let calls = 0;
    const { onDone } = await renderProgress({
      'POST /api/main/?getExportStatus': () => {
        calls += 1;
        return calls === 1 ? exportAnswer('running', 10) : exportAnswer('failed', 10);
      },
    });
    expect(await screen.findByText('The file could not be prepared')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed' }));
    expect(calls).toBe(2);
  });

  it('shows a failed status call with a retry that asks again', async () => {
    let calls = 0;
    const { user } = await renderProgress({
      'POST /api/main/?getExportStatus': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { responseCode: 'E0', responseDescription: 'Internal error' } }
          : exportAnswer('running', 70);
      },
    });
    expect(await screen.findByText('Could not check the export')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('70%')).toBeInTheDocument();
  });
});
