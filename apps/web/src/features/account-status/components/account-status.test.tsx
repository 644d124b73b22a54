import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn, verificationInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** Nothing submitted yet: no documents, address, identity or phone; tests add what they need. */
const verification = (overrides: Record<string, unknown> = {}) =>
  verificationInfo({ documents: [], address: null, identity: null, phones: [], ...overrides });

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function render(
  path: string,
  customer: Record<string, unknown>,
  info: Record<string, unknown>,
) {
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer(customer) }),
    'POST /api/main/?getVerificationInfo': () => ok(verification(info)),
  });
  return renderApp({ path, apiBaseUrl: server.url, ...signedIn });
}

describe('account status pages', () => {
  it('explains an unverified account, lists what is missing and leads to verification', async () => {
    await render('/unverified-account', { verified: false }, { verified: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is not verified yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/you cannot send money or order cards/)).toBeInTheDocument();
    // No address yet: the required-action count names it.
    expect(screen.getByRole('heading', { name: 'Still to do (1)' })).toBeInTheDocument();
    expect(screen.getByText('Add or update your address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/kyc',
    );
  });

  it('sends a verified customer from /unverified-account home', async () => {
    const { router } = await render('/unverified-account', { verified: true }, {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('explains a limited account with each reason and what to do about it', async () => {
    await render(
      '/limited-account',
      { limited: true },
      { limited: true, limitReasons: ['expiredDocuments', 'accountInvestigation'] },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is limited' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Expired documents')).toBeInTheDocument();
    expect(screen.getByText(/Upload a valid one and we will review it/)).toBeInTheDocument();
    expect(screen.getByText('Account under investigation')).toBeInTheDocument();
    expect(screen.queryByText('Documents received')).not.toBeInTheDocument();
  });

  it('tells a limited customer whose documents are in that the review is under way', async () => {
    await render(
      '/limited-account',
      { limited: true },
      { limited: true, limitReasons: ['expiredDocuments'], limitDocumentsUploaded: true },
    );
    expect(await screen.findByText('Documents received')).toBeInTheDocument();
  });

  it('tells a customer who is not limited so', async () => {
    await render('/limited-account', {}, {});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is not limited' }),
    ).toBeInTheDocument();
  });
});
