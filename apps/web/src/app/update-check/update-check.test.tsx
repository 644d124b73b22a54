import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { UpdateCheck } from './update-check';

const RUNNING = { version: '0.1.0', builtAt: '2025-06-01T10:00:00.000Z' };

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderCheck(served: { version: string; builtAt: string }, current = RUNNING) {
  server = await startApiServer({ 'GET /version.json': () => ({ body: served }) });
  const i18n = await createI18n('en');
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <UpdateCheck current={current} versionUrl={`${server.url}/version.json`} />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return server;
}

describe('update check', () => {
  it('offers a reload when the server has a newer build', async () => {
    await renderCheck({ version: '0.1.0', builtAt: '2025-06-02T09:00:00.000Z' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new version of online banking is available.',
    );
    expect(screen.getByRole('button', { name: 'Reload now' })).toBeInTheDocument();
  });

  it('can be put off until the next release', async () => {
    await renderCheck({ version: '0.2.0', builtAt: '2025-06-02T09:00:00.000Z' });
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays quiet while the build is the same', async () => {
    const api = await renderCheck(RUNNING);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not check under the dev server', async () => {
    const api = await renderCheck(
      { version: '9', builtAt: 'later' },
      { version: 'dev', builtAt: 'dev' },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requests).toHaveLength(0);
  });
});
