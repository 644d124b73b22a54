import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { flushAnalytics } from '@/lib/analytics';
import { STORAGE_KEYS } from '@/lib/storage';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { demoCustomer } from '@/test/fixtures';

const CUSTOMER = demoCustomer({ login2faMode: 'push' });

const TOKENS = { accessToken: 'access-2', expiresIn: 300, userId: 7 };
const PHONE = {
  id: 3,
  code: 'dev-3',
  type: 'ios',
  name: 'Anna’s iPhone',
  location: null,
  lastActivityAt: null,
  approved: true,
};

interface FlowServer extends TestApiServer {
  /** Sockets opened on /realtime, with the ticket each presented. */
  sockets: { socket: ServerSocket; ticket: string | null }[];
  /** Waits for a socket on /realtime, then sends the device's decision over every open one. */
  decide(key: string, approved: boolean): Promise<void>;
}

let server: FlowServer | undefined;
let realtime: WebSocketServer | undefined;
afterEach(async () => {
  for (const client of realtime?.clients ?? []) client.terminate();
  await new Promise<void>((resolve) => (realtime ? realtime.close(() => resolve()) : resolve()));
  await server?.close();
  server = undefined;
  realtime = undefined;
});

/** A real HTTP API and a real WebSocket server for /realtime on one loopback port. */
async function serve(routes: Routes): Promise<FlowServer> {
  const api = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ({
      body: { responseCode: '00', responseDescription: 'OK', customer: CUSTOMER },
    }),
    'POST /api/auth/realtime-ticket': () => ({
      body: { ticket: 'ticket-1', expiresInSeconds: 30 },
    }),
    ...routes,
  });
  const sockets: FlowServer['sockets'] = [];
  realtime = new WebSocketServer({ server: api.server, path: '/realtime' });
  realtime.on('connection', (socket, request) => {
    sockets.push({
      socket,
      ticket: new URL(request.url ?? '', 'http://x').searchParams.get('ticket'),
    });
  });
  server = {
    ...api,
    sockets,
    async decide(key, approved) {
      await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
      const event = JSON.stringify({
        type: 'LoginRequestDecided',
        payload: { key, approved },
        at: new Date().toISOString(),
      });
      for (const { socket } of sockets) socket.send(event);
    },
  };
  return server;
}

async function signInWithPassword(api: TestApiServer) {
  const rendered = await renderApp({ path: '/login', apiBaseUrl: api.url });
  const { user } = rendered;
  await user.type(await screen.findByLabelText('E-mail'), 'anna@pebble.example');
  await user.type(screen.getByLabelText('Password'), 'Demo-pass-2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return rendered;
}

const tokenCalls = (api: TestApiServer) =>
  api.requests.filter((request) => request.path === '/api/auth/token');

describe('failed sign-ins', () => {
  it('says why in our words and tracks login-failed without saying who', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        status: 401,
        body: {
          responseCode: 'AU',
          responseDescription: 'Wrong e-mail or password',
          reason: 'wrongCredentials',
        },
      }),
      'POST /api/analytics/events': () => ({
        body: { responseCode: '00', responseDescription: 'OK', accepted: 1 },
      }),
    });
    await signInWithPassword(api);
    expect(await screen.findByText('Wrong e-mail or password.')).toBeInTheDocument();
    await waitFor(async () => {
      await flushAnalytics();
      expect(
        api.requests.filter((request) => request.path === '/api/analytics/events'),
      ).toHaveLength(1);
    });
    const batch = api.requests.find((request) => request.path === '/api/analytics/events')
      ?.body as {
      brand: string;
      events: { name: string; properties: Record<string, unknown> }[];
    };
    expect(batch.brand).toBe('pebble');
    expect(batch.events).toEqual([
      expect.objectContaining({
        name: 'loginFailed',
        properties: { step: 'password', reason: 'wrongCredentials' },
      }),
    ]);
    expect(JSON.stringify(batch)).not.toContain('anna@pebble.example');
  });

  it('tracks a failed bot check as bot-check-failed', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'Bot check failed',
          reason: 'botCheckFailed',
        },
      }),
      'POST /api/analytics/events': () => ({
        body: { responseCode: '00', responseDescription: 'OK', accepted: 1 },
      }),
    });
    await signInWithPassword(api);
    expect(
      await screen.findByText("We couldn't confirm that you are not a robot. Please try again."),
    ).toBeInTheDocument();
    await waitFor(async () => {
      await flushAnalytics();
      const batch = api.requests.find((request) => request.path === '/api/analytics/events')
        ?.body as { events: { name: string }[] } | undefined;
      expect(batch?.events.map((item) => item.name)).toEqual(['botCheckFailed']);
    });
  });
});

describe('code entry (otp and sms)', () => {
  it('asks for the authenticator code, puts a wrong one on the field, and signs in with the right one', async () => {
    let attempts = 0;
    const api = await serve({
      'POST /api/auth/login': () => ({ body: { authFlow: 'otp', code: 'code-otp', userId: 7 } }),
      'POST /api/auth/token': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 401,
              body: { responseCode: 'AU', responseDescription: 'Wrong code', reason: 'wrongCode' },
            }
          : { body: TOKENS };
      },
    });
    const { user, router, session } = await signInWithPassword(api);
    const field = await screen.findByLabelText('Sign-in code');
    expect(
      screen.getByRole('heading', { name: 'Enter the code from your authenticator app' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(tokenCalls(api)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '111 111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('That code is not right. Check it and try again.'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    const verifier = window.sessionStorage.getItem(STORAGE_KEYS.codeVerifier);
    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(session.getAccessToken()).toBe('access-2');
    expect(tokenCalls(api).map((request) => request.body)).toEqual([
      { code: 'code-otp', codeVerifier: verifier, otp: '111111' },
      { code: 'code-otp', codeVerifier: verifier, otp: '654321' },
    ]);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.codeVerifier)).toBeNull();
  });

  it('shows where the text message went and the two digits it starts with, in the chosen language', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        body: {
          authFlow: 'sms',
          code: 'code-sms',
          phoneNumber: '+44 •••• ••0123',
          smsIdentifier: '42',
        },
      }),
    });
    const rendered = await renderApp({ path: '/login', apiBaseUrl: api.url, language: 'es' });
    await rendered.user.type(
      await screen.findByLabelText('Correo electrónico'),
      'anna@pebble.example',
    );
    await rendered.user.type(screen.getByLabelText('Contraseña'), 'Demo-pass-2026');
    await rendered.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Introduce el código que te hemos enviado por SMS',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/\+44 •••• ••0123/)).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByLabelText('Código de acceso')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
  });

  it('offers to start again when the code has expired', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        body: { authFlow: 'sms', code: 'code-sms', smsIdentifier: '07' },
      }),
      'POST /api/auth/token': () => ({
        status: 401,
        body: { responseCode: 'AU', responseDescription: 'Expired', reason: 'codeExpired' },
      }),
    });
    const { user } = await signInWithPassword(api);
    await user.type(await screen.findByLabelText('Sign-in code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The code has expired. Please sign in again to get a new one.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
  });
});

describe('push waiting screen', () => {
  const pushLogin = () => ({
    body: {
      authFlow: 'push',
      code: 'code-push',
      key: 'request-1',
      tmpJwt: 'tmp-jwt-1',
      devices: [PHONE],
      userId: 7,
    },
  });

  it('opens the realtime channel with the tmpJwt and moves on by itself when the phone approves', async () => {
    const api = await serve({
      'POST /api/auth/login': pushLogin,
      'POST /api/auth/token': () => ({ body: TOKENS }),
    });
    const { router } = await signInWithPassword(api);
    expect(
      await screen.findByRole('heading', { name: 'Approve the sign-in on your phone' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Anna’s iPhone')).toBeInTheDocument();
    expect(await screen.findByText('Waiting for your approval…')).toBeInTheDocument();

    await waitFor(() => expect(api.sockets.map((item) => item.ticket)).toEqual(['ticket-1']));
    const ticket = api.requests.find((request) => request.path === '/api/auth/realtime-ticket');
    expect(ticket?.body).toEqual({ tmpJwt: 'tmp-jwt-1' });
    expect(ticket?.headers.authorization).toBeUndefined();
    expect(tokenCalls(api)).toHaveLength(0);

    await api.decide('another-request', true);
    await api.decide('request-1', true);
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(tokenCalls(api)).toHaveLength(1);
    expect(tokenCalls(api)[0]?.body).toMatchObject({
      code: 'code-push',
      codeVerifier: expect.stringMatching(/^.{128}$/),
    });
  });

  it('says so clearly when the phone declines, and never asks for tokens', async () => {
    const api = await serve({ 'POST /api/auth/login': pushLogin });
    const { user, session } = await signInWithPassword(api);
    await screen.findByText('Waiting for your approval…');
    await api.decide('request-1', false);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Sign-in declined')).toBeInTheDocument();
    expect(tokenCalls(api)).toHaveLength(0);
    expect(session.isAuthenticated()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
  });

  it('sends the request again with the tmpJwt and waits for the new key', async () => {
    const api = await serve({
      'POST /api/auth/login': pushLogin,
      'POST /api/auth/push/re-send': () => ({ body: { key: 'request-2' } }),
      'POST /api/auth/token': () => ({ body: TOKENS }),
    });
    const { user } = await signInWithPassword(api);
    await screen.findByText('Waiting for your approval…');
    await user.click(screen.getByRole('button', { name: 'Send the request again' }));
    expect(await screen.findByText('We sent a new request to your phone.')).toBeInTheDocument();
    const resend = api.requests.find((request) => request.path === '/api/auth/push/re-send');
    expect(resend?.headers.authorization).toBe('Bearer tmp-jwt-1');
    await api.decide('request-2', true);
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
  });

  it('when the channel is lost, checks /token on request and keeps waiting while it says pending', async () => {
    let checks = 0;
    const api = await serve({
      'POST /api/auth/login': pushLogin,
      'POST /api/auth/token': () => {
        checks += 1;
        return checks === 1
          ? {
              status: 409,
              body: { responseCode: 'VF', responseDescription: 'Pending', reason: 'pending' },
            }
          : { body: TOKENS };
      },
    });
    const { user } = await signInWithPassword(api);
    await screen.findByText('Waiting for your approval…');
    await waitFor(() => expect(api.sockets.length).toBe(1));
    api.sockets[0]?.socket.close();
    await user.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('Not approved yet. Waiting for your phone…'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.sockets.length).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
  });
});

describe('device verification', () => {
  it('shows the link as a QR code with the linked phones, and signs in once the phone is linked', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        body: {
          authFlow: 'verifyDevice',
          code: 'code-link',
          key: 'link-1',
          tmpJwt: 'tmp-jwt-2',
          link: 'pebblewallet://link?token=abc',
          devices: [{ ...PHONE, name: 'Old Android', type: 'android' }],
        },
      }),
      'POST /api/auth/token': () => ({ body: TOKENS }),
    });
    await signInWithPassword(api);
    expect(await screen.findByRole('heading', { name: 'Link your phone' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'QR code that links your phone to Pebble Wallet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Pebble Wallet app' })).toHaveAttribute(
      'href',
      'pebblewallet://link?token=abc',
    );
    expect(screen.getByText('Old Android (Android)')).toBeInTheDocument();
    await screen.findByText('Waiting for your phone to be linked…');
    await api.decide('link-1', true);
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
  });
});

describe('migration to push', () => {
  it('soft: shows the days left and lets the customer continue', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        body: {
          authFlow: 'simple',
          ...TOKENS,
          migration: { req: 'soft', daysLeft: 12, devices: [], tmpJwt: null, strat: 'enable' },
        },
      }),
    });
    const { user, session } = await signInWithPassword(api);
    expect(
      await screen.findByRole('heading', { name: 'Turn on sign-in approval' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Days left: 12')).toBeInTheDocument();
    expect(session.isAuthenticated()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue to online banking' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
  });

  it('strict: no session; /scp shows the QR code from the tmpJwt and asks to sign in again once push is on', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        body: {
          authFlow: 'simple',
          userId: 7,
          migration: {
            req: 'strict',
            daysLeft: 0,
            devices: [],
            tmpJwt: 'tmp-jwt-scp',
            strat: 'enable',
          },
        },
      }),
      'POST /api/auth/scp/request': () => ({
        body: { deeplink: 'pebblewallet://scp?token=xyz', key: 'scp-1' },
      }),
    });
    const { user, router, session } = await signInWithPassword(api);
    expect(
      await screen.findByRole('heading', { name: 'Turn on sign-in approval in the app' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/scp');
    expect(session.isAuthenticated()).toBe(false);
    expect(
      await screen.findByRole('img', { name: /QR code that turns on sign-in approval/ }),
    ).toBeInTheDocument();
    const scp = api.requests.find((request) => request.path === '/api/auth/scp/request');
    expect(scp?.headers.authorization).toBe('Bearer tmp-jwt-scp');
    expect(
      api.requests.find((request) => request.path === '/api/auth/realtime-ticket')?.body,
    ).toEqual({ tmpJwt: 'tmp-jwt-scp' });
    await api.decide('scp-1', true);
    expect(await screen.findByText('Sign-in approval is on')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
  });

  it('/scp without a login result goes to the sign-in page', async () => {
    const { router } = await renderApp({ path: '/scp' });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
