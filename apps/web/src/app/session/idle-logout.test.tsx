import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { createFakeClock } from '@/test/fake-clock';
import { renderApp } from '@/test/render-app';
import { createIdleTracker } from './idle-tracker';
import { createTabChannel } from './tab-channel';
import { demoCustomer } from '@/test/fixtures';

const CUSTOMER = demoCustomer();

const MINUTE = 60_000;
let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('idle logout', () => {
  it('signs out after the idle time without activity, tells the server and the wrapper, and says why', async () => {
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () => ({
        body: { responseCode: '00', responseDescription: 'OK', customer: CUSTOMER },
      }),
      'POST /api/auth/logout': () => ({
        body: { responseCode: '00', responseDescription: 'Signed out' },
      }),
    });
    const posted: string[] = [];
    window.ReactNativeWebView = { postMessage: (message) => posted.push(message) };
    const clock = createFakeClock();
    const { router, session, queryClient } = await renderApp({
      path: '/home',
      apiBaseUrl: server.url,
      idleClock: clock,
      idleTimeoutMs: 15 * MINUTE,
      tabChannel: createTabChannel({ name: `idle-${Math.random()}` }),
      prepareSession: (s) => s.signIn({ accessToken: 'tok', expiresIn: 300 }),
    });
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    await waitFor(() => expect(clock.pendingTimers()).toBe(1)); // the idle timer runs

    clock.advance(14 * MINUTE);
    fireEvent.keyDown(window, { key: 'Tab' });
    clock.advance(14 * MINUTE); // 28 minutes in, but only 14 since the last key
    expect(session.isAuthenticated()).toBe(true);
    expect(server.requests.some((request) => request.path === '/api/auth/logout')).toBe(false);

    clock.advance(1 * MINUTE);
    expect(await screen.findByText('You were signed out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getState()).toMatchObject({ isAuthed: false, endReason: 'idle' });
    expect(server.requests.filter((request) => request.path === '/api/auth/logout')).toHaveLength(
      1,
    );
    // Local data is cleared: nothing the customer saw is left in the cache.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toEqual([]);
    expect(posted.map((message) => (JSON.parse(message) as { type: string }).type)).toContain(
      'sessionExpired',
    );
  });

  it('uses the brand’s own idle time: 5 minutes for the PSD2 brand', async () => {
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () => ({
        body: { responseCode: '00', responseDescription: 'OK', customer: CUSTOMER },
      }),
      'POST /api/auth/logout': () => ({
        body: { responseCode: '00', responseDescription: 'Signed out' },
      }),
    });
    const clock = createFakeClock();
    const { session } = await renderApp({
      path: '/home',
      brand: 'thistle',
      apiBaseUrl: server.url,
      idleClock: clock,
      tabChannel: createTabChannel({ name: `idle-${Math.random()}` }),
      prepareSession: (s) => s.signIn({ accessToken: 'tok', expiresIn: 300 }),
    });
    await screen.findByRole('heading', { name: 'Hello, Anna' });
    await waitFor(() => expect(clock.pendingTimers()).toBe(1));
    clock.advance(5 * MINUTE - 1);
    expect(session.isAuthenticated()).toBe(true);
    clock.advance(1);
    await waitFor(() => expect(session.getState().endReason).toBe('idle'));
  });
});

describe('idle time and logout shared across tabs', () => {
  it('counts activity in another tab', async () => {
    const name = `tabs-${Math.random()}`;
    const clock = createFakeClock();
    const tabA = new EventTarget();
    const tabB = new EventTarget();
    const idle: string[] = [];
    const a = createIdleTracker({
      timeoutMs: 10 * MINUTE,
      channel: createTabChannel({ name }),
      clock,
      target: tabA,
      onIdle: () => idle.push('a'),
    });
    const b = createIdleTracker({
      timeoutMs: 10 * MINUTE,
      channel: createTabChannel({ name }),
      clock,
      target: tabB,
      onIdle: () => idle.push('b'),
    });

    clock.advance(9 * MINUTE);
    tabA.dispatchEvent(new Event('pointerdown'));
    // Tab B hears of tab A's activity over the channel.
    await waitFor(() => expect(b.lastActivity()).toBe(clock.now()));
    clock.advance(9 * MINUTE);
    expect(idle).toEqual([]);
    clock.advance(1 * MINUTE);
    expect(idle.sort()).toEqual(['a', 'b']);
    a.stop();
    b.stop();
  });

  it('a logout in one tab ends the session in the others', async () => {
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () => ({
        body: { responseCode: '00', responseDescription: 'OK', customer: CUSTOMER },
      }),
      'POST /api/auth/logout': () => ({
        body: { responseCode: '00', responseDescription: 'Signed out' },
      }),
    });
    const name = `logout-${Math.random()}`;
    const first = await renderApp({
      path: '/home',
      apiBaseUrl: server.url,
      tabChannel: createTabChannel({ name }),
      prepareSession: (s) => s.signIn({ accessToken: 'tok-1', expiresIn: 300 }),
    });
    await screen.findByRole('heading', { name: 'Hello, Anna' });
    // The other tab: its own session store and manager on the same channel.
    const { createSessionServices } = await import('./create-session');
    const { createQueryClient } = await import('../query-client');
    const { createMemoryStorage } = await import('@/lib/storage');
    const other = createSessionServices({
      baseUrl: server.url,
      storage: createMemoryStorage(),
      queryClient: createQueryClient(),
      getLanguage: () => 'en',
      resolveIdleTimeoutMs: async () => 15 * MINUTE,
      channel: createTabChannel({ name }),
    });
    other.session.signIn({ accessToken: 'tok-2', expiresIn: 300 });
    await other.manager.whenActive();
    await first.manager.whenActive();

    await first.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(other.session.getState()).toMatchObject({ isAuthed: false, endReason: 'logout' }),
    );
    expect(first.session.isAuthenticated()).toBe(false);
    other.manager.dispose();
  });

  it('falls back to storage events where BroadcastChannel is missing', async () => {
    const original = globalThis.BroadcastChannel;
    // @ts-expect-error -- simulating a browser without BroadcastChannel
    delete globalThis.BroadcastChannel;
    try {
      const receiver = createTabChannel({ name: 'fallback' });
      const heard: unknown[] = [];
      receiver.subscribe((message) => heard.push(message));
      const sender = createTabChannel({ name: 'fallback' });
      sender.post({ type: 'ended', reason: 'idle' });
      // A browser fires `storage` in the other tabs only; here the test plays the other tab.
      const stored = window.localStorage.getItem('ledgerline.session-message.fallback');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'ledgerline.session-message.fallback',
          newValue: stored,
        }),
      );
      expect(heard).toEqual([{ type: 'ended', reason: 'idle' }]);
      receiver.close();
      sender.close();
    } finally {
      globalThis.BroadcastChannel = original;
    }
  });
});
