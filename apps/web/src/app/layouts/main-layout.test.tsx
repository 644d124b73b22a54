import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

const BUSINESS = {
  userId: 8,
  customerId: 80,
  customerType: 2,
  login: 'finance@harbourlight.example',
  firstName: 'Omar',
  lastName: 'Reyes',
  businessName: 'Harbourlight Studio Ltd',
  birthDay: null,
  customerCreationDate: '2023-05-06',
  transactionApproveMode: 1,
  login2faMode: 'no',
  isAdmin: false,
  isHaveRelatedAccounts: true,
  useOldWeb: false,
  oldWebUrl: null,
  residenceCountryCode: 'GB',
  taxId: null,
  verified: true,
  limited: false,
  dueDiligenceLevel: 2,
  isNeedPersonalInfoUpdate: false,
  isNeedKyc: false,
  isNeedSelfCertification: false,
};

// A browser session: the refresh token is the HttpOnly cookie, never in the page.
const signedIn = {
  prepareSession: (session: {
    signIn: (tokens: { accessToken: string; expiresIn: number }) => void;
  }) => session.signIn({ accessToken: 'tok', expiresIn: 300 }),
};

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('main layout', () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    const { router } = await renderApp({ path: '/home' });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in visitor of /login home', async () => {
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () => ({
        body: { responseCode: '00', responseDescription: 'OK', customer: BUSINESS },
      }),
    });
    const { router } = await renderApp({ path: '/login', apiBaseUrl: server.url, ...signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('greets a business by its name, with header, main and footer landmarks', async () => {
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () => ({
        body: { responseCode: '00', responseDescription: 'OK', customer: BUSINESS },
      }),
    });
    await renderApp({ path: '/home', apiBaseUrl: server.url, language: 'es', ...signedIn });
    expect(
      await screen.findByRole('heading', { name: 'Hola, Harbourlight Studio Ltd' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Cerrar sesión' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByRole('combobox', { name: 'Idioma' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const call = server.requests.find((request) => request.path === '/api/main/?getCustomerInfo');
    expect(call?.body).toEqual({ method: 'getCustomerInfo', lang: 'es' });
    expect(call?.headers['accept-language']).toBe('es');
  });

  it('shows the error with a way to try again', async () => {
    // Refused until the customer asks again: the layout's loader asks first, and the screen asks
    // once more when it mounts if that first answer was a refusal.
    let retried = false;
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () =>
        retried
          ? {
              body: {
                responseCode: '00',
                responseDescription: 'OK',
                customer: { ...BUSINESS, customerType: 0, firstName: 'Omar' },
              },
            }
          : { status: 403, body: { responseCode: '13', responseDescription: 'Access denied' } },
    });
    const { user } = await renderApp({ path: '/home', apiBaseUrl: server.url, ...signedIn });
    // The home screen's other panels fail on this server too: pick the greeting's alert by its title.
    const alert = await screen.findByRole('alert', { name: "We couldn't load your details" });
    expect(alert).toHaveTextContent('Access denied');
    retried = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Omar' })).toBeInTheDocument();
  });

  it('signs out: tells the server, forgets the session and returns to sign-in', async () => {
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () => ({
        body: { responseCode: '00', responseDescription: 'OK', customer: BUSINESS },
      }),
      'POST /api/auth/logout': () => ({ body: { responseCode: '00', responseDescription: 'OK' } }),
    });
    const posted: string[] = [];
    window.ReactNativeWebView = { postMessage: (message) => posted.push(message) };
    const { user, router, session } = await renderApp({
      path: '/home',
      apiBaseUrl: server.url,
      ...signedIn,
    });
    await screen.findByRole('heading', { name: 'Hello, Harbourlight Studio Ltd' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.isAuthenticated()).toBe(false);
    const logout = server.requests.find((request) => request.path === '/api/auth/logout');
    expect(logout?.body).toEqual({});
    expect(logout?.headers.authorization).toBe('Bearer tok');
    expect(posted.map((message) => JSON.parse(message) as { type: string })).toContainEqual({
      type: 'logout',
    });
  });

  it('tries one refresh on a 401, and when that fails ends the session with "session expired"', async () => {
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': () => ({
        status: 401,
        body: { responseCode: 'AU', responseDescription: 'Unauthorised' },
      }),
      'POST /api/auth/refresh': () => ({
        status: 401,
        body: { responseCode: 'AU', responseDescription: 'Session ended', reason: 'sessionEnded' },
      }),
    });
    const posted: string[] = [];
    window.ReactNativeWebView = { postMessage: (message) => posted.push(message) };
    const { router, session } = await renderApp({
      path: '/home',
      apiBaseUrl: server.url,
      ...signedIn,
    });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getState().endReason).toBe('expired');
    expect(screen.getByText('Your session has expired')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(
      1,
    );
    expect(posted.map((message) => JSON.parse(message) as { type: string })).toContainEqual({
      type: 'sessionExpired',
    });
  });
});
