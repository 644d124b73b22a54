import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '@ledgerline/contract';
import { createI18n, whenLocaleComplete } from '@/i18n';
import { createConnectionStatus } from '@/lib/connection-status';
import { createMemoryStorage } from '@/lib/storage';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { createQueryClient } from '../query-client';
import { createSessionApiClient } from '../session/api-client';
import { createSessionStore } from '../session/session-store';
import { createTokenRefresher } from '../session/token-refresher';
import { ReconnectingNotice } from './reconnecting-notice';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const OUTAGE = {
  status: 503,
  body: {
    responseCode: 'UE',
    responseDescription: 'El servicio no está disponible por un momento.',
  },
};

function Countries({ api }: { api: ApiClient }) {
  const countries = useQuery({
    queryKey: ['countries'],
    queryFn: () => api.main('getCountries', {}),
  });
  return countries.isSuccess ? <p>countries loaded</p> : null;
}

describe('the reconnecting notice', () => {
  it('shows a calm notice while the server answers 503, retries the read by itself, and goes away when it answers again', async () => {
    let outage = true;
    server = await startApiServer({
      'POST /api/main/?getCountries': () =>
        outage
          ? OUTAGE
          : { body: { responseCode: 'SUCCESS', responseDescription: 'Success', countries: [] } },
    });
    const session = createSessionStore({ storage: createMemoryStorage() });
    const refresher = createTokenRefresher({ baseUrl: server.url, session, locks: null });
    const connection = createConnectionStatus();
    const api = createSessionApiClient({
      baseUrl: server.url,
      session,
      refresher,
      getLanguage: () => 'es',
      connection,
    });
    const i18n = await createI18n('es');
    await whenLocaleComplete(i18n);
    render(
      <MantineProvider env="test">
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={createQueryClient()}>
            <ReconnectingNotice status={connection} />
            <Countries api={api} />
          </QueryClientProvider>
        </I18nextProvider>
      </MantineProvider>,
    );

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Reconectando…');
    expect(notice).toHaveTextContent('Tu dinero y tus datos están seguros');
    expect(screen.queryByText('countries loaded')).not.toBeInTheDocument();

    outage = false;
    // The query's own retry (a read: safe to send again) finds the server back.
    expect(await screen.findByText('countries loaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    const asked = server.requests.filter((request) => request.path === '/api/main/?getCountries');
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('stays hidden for other failures (a refusal, a 500)', () => {
    const connection = createConnectionStatus();
    connection.report(400);
    connection.report(500);
    expect(connection.isReconnecting()).toBe(false);
    connection.report(503);
    expect(connection.isReconnecting()).toBe(true);
    // A 500 during the outage does not end it; any answer below 500 does.
    connection.report(500);
    expect(connection.isReconnecting()).toBe(true);
    connection.report(200);
    expect(connection.isReconnecting()).toBe(false);
  });
});
