import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import {
  startApiServer,
  type RecordedRequest,
  type Routes,
  type TestApiServer,
} from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { demoCustomer } from '@/test/fixtures';

const PERSONAL = demoCustomer();
const HOLDING = {
  ...PERSONAL,
  userId: 9,
  customerId: 90,
  customerType: 2,
  firstName: null,
  lastName: null,
  businessName: 'Holding Ltd',
  isHaveRelatedAccounts: true,
};

const accessInfo = (customerId: number, extra: Record<string, unknown> = {}) => ({
  responseCode: '00',
  responseDescription: 'OK',
  customer: {
    id: customerId,
    username: `c${customerId}@example.test`,
    name: `Company ${customerId}`,
  },
  accessList: { balanceInfo: 2, transfers: 2, companyDocuments: 2 },
  accessRights: 2,
  permissions: {},
  isNeedKyc: false,
  businessRepresentativePositionIds: [],
  taxResidencySelfCertificationDocumentStatus: 'validated',
  accessibleCustomers: [
    {
      id: 90,
      username: 'office@holding.test',
      name: 'Holding Ltd',
      customerType: 2,
      accessRights: 2,
      isOwn: true,
    },
    {
      id: 91,
      username: 'north@example.test',
      name: 'North Trading GmbH',
      customerType: 2,
      accessRights: 2,
      isOwn: false,
    },
    {
      id: 92,
      username: 'south@example.test',
      name: 'South Imports SRL',
      customerType: 2,
      accessRights: 5,
      isOwn: false,
    },
  ],
  ...extra,
});

const ok = (customer: object) => ({
  body: { responseCode: '00', responseDescription: 'OK', customer },
});
const TOKENS = { authFlow: 'simple', accessToken: 'access-1', expiresIn: 300, userId: 7 };

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function signIn(routes: Routes, path = '/login') {
  server = await startApiServer({ 'POST /api/auth/login': () => ({ body: TOKENS }), ...routes });
  const rendered = await renderApp({ path, apiBaseUrl: server.url });
  await rendered.user.type(await screen.findByLabelText('E-mail'), 'someone@example.test');
  await rendered.user.type(screen.getByLabelText('Password'), 'Demo-pass-2026');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { ...rendered, api: server };
}

const customerIdHeaders = (api: TestApiServer, path: string) =>
  api.requests
    .filter((request: RecordedRequest) => request.path === path)
    .map((request) => request.headers['customer-id']);

describe('the start page after sign-in', () => {
  it('forces a customer who needs KYC to the clear /kyc page', async () => {
    const { router } = await signIn({
      'POST /api/main/?getCustomerInfo': () => ok({ ...PERSONAL, isNeedKyc: true }),
    });
    expect(
      await screen.findByRole('heading', { name: "Let's verify your identity" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc');
  });

  it('sends an administrator to the admin overview, where they find customers to act for', async () => {
    const { router } = await signIn({
      'POST /api/main/?getCustomerInfo': () => ok({ ...PERSONAL, firstName: 'Ada', isAdmin: true }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Administrator overview' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-overview');
    // Acting for a customer starts from the search (features/admin-overview tests it).
    expect(screen.getByRole('search', { name: 'Find a customer' })).toBeInTheDocument();
  });

  it('sends an old-web user to the old web client', async () => {
    const { leftFor } = await signIn({
      'POST /api/main/?getCustomerInfo': () =>
        ok({ ...PERSONAL, useOldWeb: true, oldWebUrl: 'https://old.pebble.example/web' }),
    });
    expect(await screen.findByText('Taking you to your online banking…')).toBeInTheDocument();
    expect(leftFor).toEqual(['https://old.pebble.example/web']);
  });

  it('lets a business user with related accounts choose the company, then acts for it', async () => {
    const { api, router, user, session } = await signIn({
      'POST /api/main/?getCustomerInfo': (request) =>
        ok(
          request.headers['customer-id'] === '91'
            ? { ...HOLDING, customerId: 91, businessName: 'North Trading GmbH' }
            : HOLDING,
        ),
      'POST /api/main/?getCustomerAccessInfo': (request) => ({
        body: accessInfo(Number(request.headers['customer-id'] ?? 90)),
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Which company do you want to work with?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/company-access');
    const list = screen.getByRole('list', { name: 'Companies' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Company documents only')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /North Trading GmbH/ }));
    expect(
      await screen.findByRole('heading', { name: 'Hello, North Trading GmbH' }),
    ).toBeInTheDocument();
    expect(session.getCustomerId()).toBe(91);
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toMatchObject({
      customerId: 91,
    });
    expect(customerIdHeaders(api, '/api/main/?getCustomerAccessInfo').at(-1)).toBe('91');
  });

  it('sends a representative (no balance access) of the chosen company to company documents, a 404 until that screen exists', async () => {
    const { router, user } = await signIn({
      'POST /api/main/?getCustomerInfo': () => ok(HOLDING),
      'POST /api/main/?getCustomerAccessInfo': (request) => {
        const id = Number(request.headers['customer-id'] ?? 90);
        return {
          body: accessInfo(
            id,
            id === 92
              ? {
                  accessList: { balanceInfo: 0, transfers: 0, companyDocuments: 5 },
                  accessRights: 5,
                }
              : {},
          ),
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: /South Imports SRL/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-documents'));
  });

  it('sends a business user with related accounts but no accesses back to login, saying why', async () => {
    const { router, session } = await signIn({
      'POST /api/main/?getCustomerInfo': () => ok(HOLDING),
      'POST /api/main/?getCustomerAccessInfo': () => ({
        body: accessInfo(90, { accessibleCustomers: [] }),
      }),
    });
    expect(
      await screen.findByText('Online banking is not available for this sign-in'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getState()).toMatchObject({ isAuthed: false, endReason: 'noAccess' });
  });

  it('sends a business user without related accounts by its own access info: the self-certification splash (a 404 for now)', async () => {
    const { router } = await signIn({
      'POST /api/main/?getCustomerInfo': () => ok({ ...HOLDING, isHaveRelatedAccounts: false }),
      'POST /api/main/?getCustomerAccessInfo': () => ({
        body: accessInfo(90, {
          accessibleCustomers: accessInfo(90).accessibleCustomers.slice(0, 1),
          taxResidencySelfCertificationDocumentStatus: 'none',
        }),
      }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/self-certification-business-splash'),
    );
  });

  it('shows the terms when the server answers TE, and accepting them continues the sign-in', async () => {
    let accepted = false;
    const { api, user, router } = await signIn({
      'POST /api/main/?getCustomerInfo': () =>
        accepted
          ? ok(PERSONAL)
          : {
              status: 403,
              body: {
                responseCode: 'TE',
                responseDescription: 'Please accept the updated terms to continue',
                terms: [
                  {
                    key: 'privacyPolicy',
                    label: 'Privacy Policy',
                    url: 'https://pebble.example/legal/pp',
                    value: 'privacy-policy-2025-03-01',
                    versionDate: '2025-03-01',
                  },
                ],
              },
            },
      'POST /api/main/?acceptTerms': () => {
        accepted = true;
        return { body: { responseCode: '00', responseDescription: 'OK', accepted: [] } };
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Please accept the updated terms' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-terms');
    expect(await screen.findByText('Version of 1 March 2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText('Accept every document to continue')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/main/?acceptTerms')).toBe(false);
    await user.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Privacy Policy' }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    expect(
      api.requests.find((request) => request.path === '/api/main/?acceptTerms')?.body,
    ).toMatchObject({
      terms: ['privacy-policy-2025-03-01'],
    });
  });

  it('carries fromCustomerId from the address into the session', async () => {
    const { api } = await signIn(
      { 'POST /api/main/?getCustomerInfo': () => ok(PERSONAL) },
      '/login?fromCustomerId=55',
    );
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    expect(customerIdHeaders(api, '/api/main/?getCustomerInfo')).toContain('55');
  });
});

describe('signing in from a code in the address', () => {
  it('exchanges ?code=&codeVerifier= for a session and drops them from the address', async () => {
    server = await startApiServer({
      'POST /api/auth/token': () => ({ body: { accessToken: 'from-code', expiresIn: 300 } }),
      'POST /api/main/?getCustomerInfo': () => ok(PERSONAL),
    });
    const verifier = 'v'.repeat(43);
    const { router, session } = await renderApp({
      path: `/login?code=abc&codeVerifier=${verifier}`,
      apiBaseUrl: server.url,
    });
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(session.getAccessToken()).toBe('from-code');
    expect(server.requests.find((request) => request.path === '/api/auth/token')?.body).toEqual({
      code: 'abc',
      codeVerifier: verifier,
    });
  });

  it('says so when the code does not sign in', async () => {
    server = await startApiServer({
      'POST /api/auth/token': () => ({
        status: 401,
        body: { responseCode: 'AU', responseDescription: 'Used', reason: 'codeUsed' },
      }),
    });
    await renderApp({
      path: `/login?code=abc&codeVerifier=${'v'.repeat(43)}`,
      apiBaseUrl: server.url,
    });
    expect(await screen.findByText("We couldn't sign you in with this link")).toBeInTheDocument();
    expect(
      screen.getByText('This code has already been used. Please sign in again.'),
    ).toBeInTheDocument();
  });
});

describe('a reload of the tab', () => {
  it('restores the session with one refresh from the cookie', async () => {
    server = await startApiServer({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'restored', expiresIn: 300 } }),
      'POST /api/main/?getCustomerInfo': () => ok(PERSONAL),
    });
    window.sessionStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ isAuthed: true }));
    const { session } = await renderApp({ path: '/home', apiBaseUrl: server.url });
    expect(await screen.findByRole('heading', { name: 'Hello, Anna' })).toBeInTheDocument();
    expect(session.getAccessToken()).toBe('restored');
    expect(server.requests.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(
      1,
    );
  });

  it('goes to the sign-in page, saying the session expired, when the cookie no longer works', async () => {
    server = await startApiServer({
      'POST /api/auth/refresh': () => ({
        status: 401,
        body: { responseCode: 'AU', responseDescription: 'No session', reason: 'sessionEnded' },
      }),
    });
    window.sessionStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ isAuthed: true }));
    const { router } = await renderApp({ path: '/home', apiBaseUrl: server.url });
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
