import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TestApiServer } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { startRealtimeApi } from '@/test/realtime-server';
import { renderApp } from '@/test/render-app';
import { homeRoutes } from '@/test/signed-in-home';

const ticketCalls = (server: TestApiServer) =>
  server.requests.filter((request) => request.path === '/api/auth/realtime-ticket');

describe('the signed-in realtime channel in the app', () => {
  it('keeps one socket per tab across screens, bought with the session bearer, and closes it on sign-out', async () => {
    const { api, realtime } = await startRealtimeApi(homeRoutes());
    const { router, user } = await renderApp({ path: '/home', apiBaseUrl: api.url, ...signedIn });
    await waitFor(() => expect(realtime!.open()).toHaveLength(1));
    expect(ticketCalls(api).map((request) => request.headers.authorization)).toEqual([
      'Bearer tok',
    ]);

    await router.navigate('/cards');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/cards/));
    await router.navigate('/home');
    await screen.findByTestId('account-row');
    expect(realtime.connections).toHaveLength(1);
    expect(ticketCalls(api)).toHaveLength(1);

    const socket = realtime.open()[0]!;
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' });
    await waitFor(() => expect(socket.readyState).toBe(socket.CLOSED));
    expect(realtime.connections).toHaveLength(1);
  });

  it('opens no socket on the sign-in page', async () => {
    const { api, realtime } = await startRealtimeApi(homeRoutes());
    await renderApp({ path: '/login', apiBaseUrl: api.url });
    await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' });
    expect(ticketCalls(api)).toHaveLength(0);
    expect(realtime.connections).toHaveLength(0);
  });
});
