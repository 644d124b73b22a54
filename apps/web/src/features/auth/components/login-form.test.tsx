import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCodeChallenge } from '@ledgerline/domain/pkce';
import { STORAGE_KEYS } from '@/lib/storage';
import { createGate, startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { demoCustomer } from '@/test/fixtures';

const CUSTOMER = demoCustomer();

const SIMPLE_ANSWER = {
  authFlow: 'simple',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresIn: 300,
  userId: 7,
};

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(routes: Routes) {
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ({
      body: { responseCode: '00', responseDescription: 'OK', customer: CUSTOMER },
    }),
    ...routes,
  });
  return server;
}

describe('sign-in form', () => {
  it('shows field errors in the chosen language', async () => {
    const { user } = await renderApp({ path: '/login', language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);

    await user.type(screen.getByLabelText('Correo electrónico'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(
      await screen.findByText('Introduce una dirección de correo electrónico válida'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
  });

  it('locks the inputs while the request runs, then signs in and greets the customer', async () => {
    const gate = createGate();
    const api = await serve({
      'POST /api/auth/login': () => ({ body: SIMPLE_ANSWER, hold: gate.promise }),
    });
    const { user, router, session } = await renderApp({ path: '/login', apiBaseUrl: api.url });

    await user.type(await screen.findByLabelText('E-mail'), '  anna@pebble.example ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByLabelText('E-mail')).toBeDisabled());
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('data-loading', 'true');

    gate.open();
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(session.getAccessToken()).toBe('access-1');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.session)).not.toContain('access-1');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.session)).not.toContain('refresh-1');

    const login = api.requests.find((request) => request.path === '/api/auth/login');
    expect(login?.body).toMatchObject({
      client: 'web',
      username: 'anna@pebble.example',
      password: 'correct horse',
    });
    expect((login?.body as { codeChallenge: string }).codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login?.headers.authorization).toBeUndefined();
    const info = api.requests.find((request) => request.path === '/api/main/?getCustomerInfo');
    expect(info?.headers.authorization).toBe('Bearer access-1');
    expect(info?.headers['accept-language']).toBe('en');
  });

  it('shows the server message in an alert and keeps the form usable', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { responseCode: 'AU', responseDescription: 'Wrong e-mail or password' },
      }),
    });
    const { user, router } = await renderApp({ path: '/login', apiBaseUrl: api.url });
    await user.type(await screen.findByLabelText('E-mail'), 'anna@pebble.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't sign you in")).toBeInTheDocument();
    expect(within(alert).getByText('Wrong e-mail or password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('translates the client’s own error texts, such as an unavailable server', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({ status: 500, body: { message: 'boom' } }),
    });
    const { user } = await renderApp({ path: '/login', language: 'ro', apiBaseUrl: api.url });
    await user.type(await screen.findByLabelText('E-mail'), 'anna@pebble.example');
    await user.type(screen.getByLabelText('Parolă'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Autentificare' }));
    expect(
      await screen.findByText('Serverul nu este disponibil. Încearcă mai târziu.'),
    ).toBeInTheDocument();
  });

  it('puts the server’s field errors on the fields', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'Invalid parameters',
          validationErrors: { username: 'validation.email' },
        },
      }),
    });
    const { user } = await renderApp({ path: '/login', apiBaseUrl: api.url });
    await user.type(await screen.findByLabelText('E-mail'), 'anna@pebble.example');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
  });

  it('keeps the PKCE verifier for the second step of a flow that needs one', async () => {
    const api = await serve({
      'POST /api/auth/login': () => ({ body: { authFlow: 'otp', code: 'auth-code-1', userId: 7 } }),
    });
    const { user, router, session } = await renderApp({ path: '/login', apiBaseUrl: api.url });
    await user.type(await screen.findByLabelText('E-mail'), 'anna@pebble.example');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { name: 'Enter the code from your authenticator app' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.isAuthenticated()).toBe(false);
    const verifier = window.sessionStorage.getItem(STORAGE_KEYS.codeVerifier);
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
    const sent = api.requests.find((request) => request.path === '/api/auth/login')?.body as {
      codeChallenge: string;
      codeChallengeMethod: string;
    };
    expect(sent.codeChallenge).toBe(await createCodeChallenge(verifier ?? ''));
    expect(sent.codeChallengeMethod).toBe('S256');
  });

  it('shows or hides the password with a named toggle', async () => {
    const { user } = await renderApp({ path: '/login' });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('links to password recovery, and to registration only where the brand allows it', async () => {
    await renderApp({ path: '/login', brand: 'pebble' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/account-recovery',
    );
    expect(screen.getByRole('link', { name: 'Open an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('hides "Open an account" for a brand without registration', async () => {
    await renderApp({ path: '/login', brand: 'amberline' });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Amberline' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open an account' })).not.toBeInTheDocument();
  });
});
