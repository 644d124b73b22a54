import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createGate, startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const COUNTRIES = {
  responseCode: 'SUCCESS',
  responseDescription: 'Success',
  countries: [
    { code: 'GB', name: 'United Kingdom', phoneCode: '+44', isSepa: true },
    { code: 'PT', name: 'Portugal', phoneCode: '+351', isSepa: true },
  ],
};

async function serve(routes: Routes) {
  server = await startApiServer({
    'POST /api/main/?getCountries': () => ({ body: COUNTRIES }),
    'POST /api/main/?checkEmailExists': (request) => {
      const email = (request.body as { email: string }).email;
      const status = email.startsWith('taken') ? 1 : email.startsWith('staff') ? 3 : 0;
      return { body: { responseCode: '00', responseDescription: 'Success', status } };
    },
    ...routes,
  });
  return server;
}

function typeNames(section: HTMLElement): string[] {
  return within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('registration choice', () => {
  it('offers personal and business accounts with the first brand’s types, webcam ones included', async () => {
    await renderApp({ path: '/register', brand: 'pebble' });
    const personal = await screen.findByRole('region', { name: 'Personal account' });
    const business = screen.getByRole('region', { name: 'Business account' });
    expect(typeNames(personal)).toEqual([
      'Webmasters',
      'Freelancers',
      'Webcam models',
      'Developers',
      'Independent contractors',
      'Others',
    ]);
    expect(typeNames(business)).toContain('Webcam studios');
    expect(typeNames(business)).toContain('Live streaming networks');
    expect(within(personal).getByRole('link', { name: 'Open a personal account' })).toHaveAttribute(
      'href',
      '/register/personal',
    );
    expect(within(business).getByRole('link', { name: 'Open a business account' })).toHaveAttribute(
      'href',
      '/register/business',
    );
  });

  it('leaves out webcam types on other brands and live streaming on the UK brand', async () => {
    await renderApp({ path: '/register', brand: 'thistle', language: 'es' });
    const personal = await screen.findByRole('region', { name: 'Cuenta personal' });
    const business = screen.getByRole('region', { name: 'Cuenta de empresa' });
    expect(typeNames(personal)).not.toContain('Modelos de webcam');
    expect(typeNames(business)).not.toContain('Estudios de webcam');
    expect(typeNames(business)).not.toContain('Plataformas de transmisión en directo');
    expect(typeNames(business)).toContain('Proveedores de alojamiento web');
  });

  it.each(['/register', '/register/personal', '/register/business'])(
    'explains calmly that %s is closed on a brand without registration',
    async (path) => {
      await renderApp({ path, brand: 'amberline' });
      expect(
        await screen.findByRole('heading', { name: 'Accounts cannot be opened online' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/Amberline does not open new accounts online/)).toBeInTheDocument();
      expect(
        within(screen.getByRole('main')).getByRole('link', { name: 'support@amberline.example' }),
      ).toHaveAttribute('href', 'mailto:support@amberline.example');
      expect(screen.queryByRole('button', { name: 'Open account' })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('link', { name: /Open a personal account/ }),
      ).not.toBeInTheDocument();
    },
  );
});

describe('personal registration', () => {
  it('checks the e-mail as it is typed, and does not ask about an implausible value', async () => {
    const api = await serve({});
    const { user } = await renderApp({ path: '/register/personal', apiBaseUrl: api.url });
    const email = await screen.findByLabelText('E-mail');
    await user.type(email, 'a@b');
    await user.tab();
    await user.clear(email);
    await user.type(email, 'taken@example.test');
    expect(
      await screen.findByText(/This e-mail address already has an account\./),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.clear(email);
    await user.type(email, 'staff@example.test');
    expect(
      await screen.findByText(/This e-mail address already belongs to a company user\./),
    ).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'taken@example.test');
    expect(
      await screen.findByText(/This e-mail address already has an account\./),
    ).toBeInTheDocument();

    const asked = api.requests
      .filter((request) => request.path === '/api/main/?checkEmailExists')
      .map((request) => (request.body as { email: string }).email);
    // Cached per value: the address typed twice was asked about once; 'a@b' never.
    expect(asked.filter((value) => value === 'taken@example.test')).toHaveLength(1);
    expect(asked).toContain('staff@example.test');
    expect(asked).not.toContain('a@b');
  });

  it('sends the brand, type and dated terms, locks the form while it runs, then says where the link went', async () => {
    const gate = createGate();
    const api = await serve({
      'POST /api/main/?registerPersonal': () => ({
        hold: gate.promise,
        body: {
          responseCode: '00',
          responseDescription: 'Success',
          email: 'maria@example.test',
          status: 'pendingActivation',
          activationExpiresInSeconds: 86400,
        },
      }),
    });
    const { user } = await renderApp({
      path: '/register/personal',
      brand: 'pebble',
      apiBaseUrl: api.url,
    });
    await user.selectOptions(
      await screen.findByLabelText('What describes you best?'),
      'freelancers',
    );
    await user.type(screen.getByLabelText('First name'), 'Maria');
    await user.type(screen.getByLabelText('Last name'), 'Costa');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Portugal' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'PT');
    await user.type(screen.getByLabelText('E-mail'), 'maria@example.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Harbour-light-42');
    await user.type(screen.getByLabelText('Repeat the password'), 'Harbour-light-42');
    await user.click(
      screen.getByLabelText(
        /I have read and accept the Privacy Policy \(version of 1 March 2025\)/,
      ),
    );
    await user.click(screen.getByLabelText(/I have read and accept the Terms and Conditions/));
    expect(await screen.findByText('This address can be used.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open account' }));

    await waitFor(() => expect(screen.getByLabelText('First name')).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Open account' })).toHaveAttribute(
      'data-loading',
      'true',
    );
    gate.open();
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /We have sent an activation link to maria@example.test. Open it within 24 hours/,
      ),
    ).toBeInTheDocument();

    const sent = api.requests.find(
      (request) => request.path === '/api/main/?registerPersonal',
    )?.body;
    expect(sent).toEqual({
      method: 'registerPersonal',
      lang: 'en',
      brandId: 'pebble',
      registrationType: 'freelancers',
      firstName: 'Maria',
      lastName: 'Costa',
      countryCode: 'PT',
      email: 'maria@example.test',
      password: 'Harbour-light-42',
      acceptedTerms: ['privacy-policy-2025-03-01', 'terms-and-conditions-2025-03-01'],
    });
  });

  it('shows the password rule and unaccepted terms on the fields, and the server’s field errors too', async () => {
    const api = await serve({
      'POST /api/main/?registerPersonal': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'Invalid parameters',
          validationErrors: { lastName: 'validation.tooLong' },
        },
      }),
    });
    const { user } = await renderApp({ path: '/register/personal', apiBaseUrl: api.url });
    await user.type(await screen.findByLabelText('Password', { exact: true }), 'short');
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect(
      await screen.findByText('Use at least 10 characters, with at least one letter and one digit'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Accept this to open an account')).toHaveLength(2);
    expect(screen.getAllByText('Choose one of the options').length).toBeGreaterThan(0);

    await user.selectOptions(screen.getByLabelText('What describes you best?'), 'developers');
    await user.type(screen.getByLabelText('First name'), 'Maria');
    await user.type(screen.getByLabelText('Last name'), 'Costa');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Portugal' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'GB');
    await user.type(screen.getByLabelText('E-mail'), 'maria@example.test');
    await user.clear(screen.getByLabelText('Password', { exact: true }));
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Harbour-light-42');
    await user.type(screen.getByLabelText('Repeat the password'), 'Harbour-light-42');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect(await screen.findByText('This value is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('activation', () => {
  it('activates a personal account and offers the way to sign in', async () => {
    const api = await serve({
      'POST /api/main/?activateAccount': () => ({
        body: {
          responseCode: '00',
          responseDescription: 'Success',
          email: 'maria@example.test',
          status: 'active',
          customerType: 0,
        },
      }),
    });
    const { user, router } = await renderApp({
      path: '/activate?action=activation&user=maria%40example.test&code=abc_DEF-123',
      apiBaseUrl: api.url,
    });
    expect(await screen.findByText('Your Account has been activated.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Account Activation' }),
    ).toBeInTheDocument();
    expect(
      api.requests.find((request) => request.path === '/api/main/?activateAccount')?.body,
    ).toMatchObject({ username: 'maria@example.test', activationCode: 'abc_DEF-123' });
    await user.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('activates a business with the business call and its text', async () => {
    const api = await serve({
      'POST /api/main/?activateBusiness': () => ({
        body: {
          responseCode: '00',
          responseDescription: 'Success',
          email: 'office@example.test',
          status: 'active',
          customerType: 2,
        },
      }),
    });
    await renderApp({
      path: '/activate?action=activationBusiness&user=office%40example.test&code=xyz',
      apiBaseUrl: api.url,
    });
    expect(
      await screen.findByText(
        'Your account has been activated. Authorized users will now receive the activation links to access the account.',
      ),
    ).toBeInTheDocument();
    expect(
      api.requests.find((request) => request.path === '/api/main/?activateBusiness')?.body,
    ).toMatchObject({ email: 'office@example.test', activationCode: 'xyz' });
  });

  it('shows a refusal under the header Account Activation and resends a link', async () => {
    const api = await serve({
      'POST /api/main/?activateAccount': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'This activation link is not valid or has expired',
          validationErrors: { activationCode: 'validation.activationCodeInvalid' },
        },
      }),
      'POST /api/main/?resendActivationCode': () => ({
        body: {
          responseCode: '00',
          responseDescription: 'Success',
          activationExpiresInSeconds: 86400,
        },
      }),
    });
    const { user } = await renderApp({
      path: '/activate?action=activation&user=maria%40example.test&code=used',
      apiBaseUrl: api.url,
      language: 'ro',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Acest link de activare nu este valid sau a expirat');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Activarea contului' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('maria@example.test');
    await user.click(screen.getByRole('button', { name: 'Trimite un link de activare nou' }));
    expect(await screen.findByText(/i-am trimis un link nou/)).toBeInTheDocument();
    expect(
      api.requests.find((request) => request.path === '/api/main/?resendActivationCode')?.body,
    ).toMatchObject({ email: 'maria@example.test' });
  });

  it('signs out a session in this tab before activating', async () => {
    const api = await serve({
      'POST /api/auth/logout': () => ({
        body: { responseCode: '00', responseDescription: 'Signed out' },
      }),
      'POST /api/main/?activateAccount': () => ({
        body: {
          responseCode: '00',
          responseDescription: 'Success',
          email: 'maria@example.test',
          status: 'active',
          customerType: 0,
        },
      }),
    });
    const { session } = await renderApp({
      path: '/activate?action=activation&user=maria%40example.test&code=abc',
      apiBaseUrl: api.url,
      prepareSession: (store) =>
        store.signIn({
          accessToken: 'old-access',
          refreshToken: 'old-refresh',
          expiresIn: 300,
          userId: 9,
        }),
    });
    expect(await screen.findByText('Your Account has been activated.')).toBeInTheDocument();
    expect(session.isAuthenticated()).toBe(false);
    const paths = api.requests.map((request) => request.path);
    expect(paths.indexOf('/api/auth/logout')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/api/auth/logout')).toBeLessThan(
      paths.indexOf('/api/main/?activateAccount'),
    );
  });

  it('says a link without its code is incomplete, without calling the server', async () => {
    const api = await serve({});
    await renderApp({
      path: '/activate?action=activation&user=maria%40example.test',
      apiBaseUrl: api.url,
    });
    expect(await screen.findByText(/This activation link is incomplete/)).toBeInTheDocument();
    expect(
      api.requests.filter((request) => request.path.startsWith('/api/main/?activate')),
    ).toHaveLength(0);
  });
});
