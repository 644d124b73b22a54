import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createGate, startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const RESET_ANSWER = {
  responseCode: '00',
  responseDescription: 'Success',
  taskId: 'task-1',
  verificationStatus: 'codeSent',
  isRetryable: true,
  codeExpiresInSeconds: 300,
  maxAttempts: 5,
};

const WRONG_CODE = {
  status: 400,
  body: {
    responseCode: 'TA1',
    responseDescription: 'The code is wrong or has expired',
    validationErrors: { code: 'validation.resetCodeInvalid' },
  },
};

async function serve(routes: Routes) {
  server = await startApiServer({
    'POST /api/main/?requestPasswordReset': () => ({ body: RESET_ANSWER }),
    ...routes,
  });
  return server;
}

describe('account recovery', () => {
  it('goes from the e-mail through the status, the code and the new password to success', async () => {
    const gate = createGate();
    const api = await serve({
      'POST /api/main/?checkPasswordResetCode': (request) =>
        (request.body as { code: string }).code === '482913'
          ? {
              body: {
                responseCode: '00',
                responseDescription: 'Success',
                verificationStatus: 'codeAccepted',
              },
            }
          : WRONG_CODE,
      'POST /api/main/?changePasswordWithCode': () => ({
        hold: gate.promise,
        body: {
          responseCode: '00',
          responseDescription: 'Success',
          verificationStatus: 'passwordChanged',
        },
      }),
    });
    const { user, router } = await renderApp({ path: '/account-recovery', apiBaseUrl: api.url });

    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-recovery/email');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'anna@pebble.example');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));

    expect(
      await screen.findByText(
        'If an account exists for anna@pebble.example, we have sent it a 6-digit code. The code is valid for 5 minutes.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-recovery/status');
    await user.click(screen.getByRole('link', { name: 'Enter the code' }));

    const code = await screen.findByLabelText('Code from the e-mail');
    expect(screen.getByText(/After 5 wrong tries you will need a new code/)).toBeInTheDocument();
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code is wrong or has expired')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.clear(code);
    await user.type(code, '482 913');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const password = await screen.findByLabelText('New password');
    await user.type(password, 'Fresh-start-2026');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Fresh-start-2025');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'Fresh-start-2026');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toBeDisabled());
    gate.open();

    expect(
      await screen.findByText('Your password has been successfully updated.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-recovery/success');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    const calls = api.requests.map((request) => [request.path, request.body] as const);
    expect(calls.find(([path]) => path === '/api/main/?requestPasswordReset')?.[1]).toMatchObject({
      email: 'anna@pebble.example',
    });
    expect(
      calls
        .filter(([path]) => path === '/api/main/?checkPasswordResetCode')
        .map(([, body]) => (body as { code: string }).code),
    ).toEqual(['111111', '482913']);
    expect(calls.find(([path]) => path === '/api/main/?changePasswordWithCode')?.[1]).toMatchObject(
      { email: 'anna@pebble.example', code: '482913', password: 'Fresh-start-2026' },
    );
  });

  it('starts again at the e-mail step when a later step is opened directly', async () => {
    const { router } = await renderApp({ path: '/account-recovery/password' });
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-recovery/email');
  });

  it('returns to the status step with the reason when the code runs out at the last step, and sends a new one', async () => {
    const api = await serve({
      'POST /api/main/?checkPasswordResetCode': () => ({
        body: {
          responseCode: '00',
          responseDescription: 'Success',
          verificationStatus: 'codeAccepted',
        },
      }),
      'POST /api/main/?changePasswordWithCode': () => WRONG_CODE,
    });
    const { user, router } = await renderApp({
      path: '/account-recovery/email',
      apiBaseUrl: api.url,
      language: 'ua',
    });
    await user.type(await screen.findByLabelText('Електронна пошта'), 'anna@pebble.example');
    await user.click(screen.getByRole('button', { name: 'Надіслати код' }));
    await user.click(await screen.findByRole('link', { name: 'Ввести код' }));
    await user.type(await screen.findByLabelText('Код із листа'), '482913');
    await user.click(screen.getByRole('button', { name: 'Продовжити' }));
    await user.type(await screen.findByLabelText('Новий пароль'), 'Fresh-start-2026');
    await user.type(screen.getByLabelText('Повторіть новий пароль'), 'Fresh-start-2026');
    await user.click(screen.getByRole('button', { name: 'Змінити пароль' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Цей код більше не можна використати',
    );
    expect(router.state.location.pathname).toBe('/account-recovery/status');
    await user.click(screen.getByRole('button', { name: 'Надіслати новий код' }));
    expect(
      await screen.findByText('Ми надіслали новий код. Попередні коди більше не працюють.'),
    ).toBeInTheDocument();
    expect(
      api.requests.filter((request) => request.path === '/api/main/?requestPasswordReset'),
    ).toHaveLength(2);
  });

  it('puts a malformed e-mail error on the field without calling the server', async () => {
    const api = await serve({});
    const { user } = await renderApp({ path: '/account-recovery/email', apiBaseUrl: api.url });
    await user.type(await screen.findByLabelText('E-mail'), 'anna-at-pebble');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
