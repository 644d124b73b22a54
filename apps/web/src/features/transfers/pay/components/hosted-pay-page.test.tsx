import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply, Routes } from '@/test/api-server';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { refused, serveTransfers, submitResult } from '../../test/transfers-api';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOKEN = 'Pay_link-42'.padEnd(43, 'z');
const PAGE = `GET /api/pay/${TOKEN}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const payment = (overrides: Record<string, unknown> = {}) => ({
  merchantName: 'Corner Books Ltd',
  brandId: 'pebble',
  amount: '25.5',
  currency: 'EUR',
  description: 'Order 1001',
  status: 'open',
  expiresAt: '2099-01-01T00:00:00.000Z',
  returnUrl: 'https://shop.example/thanks',
  logoUrl: null,
  ...overrides,
});

async function openSignedOut(
  answer: () => { body: unknown; status?: number },
  path = `/pay/${TOKEN}`,
) {
  server = await startApiServer({ [PAGE]: answer });
  return renderApp({ path, apiBaseUrl: server.url });
}

async function openSignedIn(routes: Routes = {}) {
  const api = await serveTransfers({
    [PAGE]: () => ok({ payment: payment() }),
    'POST /api/main/?quotePaymentRequest': () =>
      ok({
        quote: { fromAccount: 100, amount: '25.5', fee: '0.5', total: '26', currency: 'EUR' },
      }),
    ...routes,
  });
  server = api;
  const rendered = await renderApp({ path: `/pay/${TOKEN}`, apiBaseUrl: api.url, ...signedIn });
  return { ...rendered, api };
}

describe('/pay/:token', { timeout: 40_000 }, () => {
  it('shows who asks, how much, for what and the status before sign-in, and keeps the way back across sign-in', async () => {
    const { user } = await openSignedOut(() => ok({ payment: payment() }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Corner Books Ltd asks you to pay' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('€25.50');
    expect(screen.getByText('Order 1001')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Corner Books Ltd' })).toHaveAttribute(
      'href',
      'https://shop.example/thanks',
    );
    const signIn = screen.getByRole('link', { name: 'Sign in to pay' });
    expect(signIn).toHaveAttribute('href', '/login');
    signIn.addEventListener('click', (event) => event.preventDefault());
    await user.click(signIn);
    expect(JSON.parse(sessionStorage.getItem('ledgerline.session') ?? '{}')).toMatchObject({
      initialPath: `/pay/${TOKEN}`,
    });
    // Signed out, the only way to pay without signing in is by card.
    expect(screen.queryByRole('button', { name: /^Pay €/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay by card' })).toBeInTheDocument();
  });

  it('says an unknown, expired or malformed link is not valid, without asking about the malformed one', async () => {
    await openSignedOut(() => ({
      status: 404,
      body: { responseCode: 'ENOA', responseDescription: 'Not found' },
    }));
    expect(
      await screen.findByRole('heading', { name: 'This payment link is not valid' }),
    ).toBeInTheDocument();
    await server?.close();
    await openSignedOut(() => ok({ payment: payment({ status: 'expired' }) }));
    expect(
      await screen.findAllByRole('heading', { name: 'This payment link is not valid' }),
    ).not.toHaveLength(0);
    await server?.close();
    await openSignedOut(() => ok({ payment: payment() }), '/pay/short');
    expect(
      await screen.findAllByRole('heading', { name: 'This payment link is not valid' }),
    ).not.toHaveLength(0);
    expect(server!.requests.filter((request) => request.path.startsWith('/api/pay/'))).toEqual([]);
  });

  it('shows the merchant’s logo above its name, contained in a fixed box, and none without one', async () => {
    await openSignedOut(() => ok({ payment: payment({ logoUrl: '/api/public/logos/abc' }) }));
    const heading = await screen.findByRole('heading', { level: 1 });
    const logo = screen.getByRole('img', { name: 'Corner Books Ltd' });
    expect(logo.getAttribute('src')).toMatch(/\/api\/public\/logos\/abc$/);
    expect(logo.getAttribute('src')?.startsWith(server!.url)).toBe(true);
    // Mantine's Image: object-fit contain in a fixed box (never stretched).
    expect(logo.getAttribute('style')).toMatch(/--image-object-fit:\s*contain/);
    expect(logo.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    await server?.close();
    await openSignedOut(() => ok({ payment: payment() }));
    await screen.findByRole('heading', { level: 1, name: 'Corner Books Ltd asks you to pay' });
    expect(screen.queryByRole('img', { name: 'Corner Books Ltd' })).not.toBeInTheDocument();
  });

  it('says a paid request needs nothing more and offers no payment', async () => {
    await openSignedOut(() => ok({ payment: payment({ status: 'paid', returnUrl: null }) }));
    expect(
      await screen.findByText('This payment request has been paid. Nothing more is needed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
  });

  it('never renders a way back of another scheme than http(s)', async () => {
    await openSignedOut(() => ok({ payment: payment({ returnUrl: 'javascript:alert(1)' }) }));
    await screen.findByRole('heading', { level: 1, name: 'Corner Books Ltd asks you to pay' });
    expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
  });

  it('pays from an account in the request’s currency through the review and the transfer confirmation', async () => {
    const { user, api } = await openSignedIn({
      'POST /api/main/?payPaymentRequest': () => ok(submitResult()),
    });
    const select = await screen.findByLabelText('Pay from');
    // Only the EUR account can pay a EUR request.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([expect.stringContaining('EUR')]),
    );
    const pay = screen.getByRole('button', { name: 'Pay €25.50' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    const review = await screen.findByRole('dialog');
    // The payer's fee is quoted and shown before anything is sent.
    expect(within(review).getByTestId('review-fee')).toHaveTextContent('€0.50');
    expect(within(review).getByTestId('review-total')).toHaveTextContent('€26.00');
    expect(api.calls('quotePaymentRequest')).toContainEqual({ token: TOKEN, fromAccount: 100 });
    expect(api.calls('payPaymentRequest')).toEqual([]);
    await user.click(within(review).getByRole('button', { name: 'Pay €26.00' }));
    const done = await screen.findByRole('dialog', { name: /Transfer completed/ });
    expect(api.calls('payPaymentRequest')).toEqual([
      { token: TOKEN, fromAccount: 100, idempotencyKey: expect.stringMatching(UUID) },
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(
      await screen.findByText('Payment sent. The merchant has been paid.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Pay €25.50' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal on the review and changes nothing on the page', async () => {
    const { user } = await openSignedIn({
      'POST /api/main/?payPaymentRequest': () =>
        refused('This payment request is already paid', { token: 'validation.paymentRequestPaid' }),
    });
    const pay = await screen.findByRole('button', { name: 'Pay €25.50' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    const review = await screen.findByRole('dialog');
    await user.click(within(review).getByRole('button', { name: 'Pay €26.00' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent(
      'This payment request is already paid.',
    );
  });

  describe('paying by card', () => {
    const CARD = `POST /api/pay/${TOKEN}/card`;
    const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

    async function openCardForm(cardAnswer: () => Reply) {
      server = await startApiServer({
        [PAGE]: () => ok({ payment: payment() }),
        [CARD]: cardAnswer,
      });
      const rendered = await renderApp({ path: `/pay/${TOKEN}`, apiBaseUrl: server.url });
      await rendered.user.click(await screen.findByRole('button', { name: 'Pay by card' }));
      return rendered;
    }

    async function typeCard(
      user: Awaited<ReturnType<typeof renderApp>>['user'],
      card: { number?: string; expiry?: string; cvc?: string; name?: string } = {},
    ) {
      await user.type(screen.getByLabelText('Card number'), card.number ?? '4111111111111111');
      await user.type(screen.getByLabelText('Expiry date'), card.expiry ?? `12${nextYear}`);
      await user.type(screen.getByLabelText('Security code (CVC)'), card.cvc ?? '123');
      await user.type(screen.getByLabelText('Name on card'), card.name ?? 'Ana Pop');
    }

    it('pays signed out: the number spaced as typed, the card fields named for autofill, and the paid answer', async () => {
      const { user } = await openCardForm(() =>
        ok({
          payment: {
            status: 'paid',
            amount: '25.5',
            currency: 'EUR',
            cardBrand: 'visa',
            cardLast4: '1111',
            returnUrl: null,
          },
        }),
      );
      const number = screen.getByLabelText('Card number');
      expect(number).toHaveAttribute('inputmode', 'numeric');
      expect(number).toHaveAttribute('autocomplete', 'cc-number');
      expect(screen.getByLabelText('Expiry date')).toHaveAttribute('autocomplete', 'cc-exp');
      expect(screen.getByLabelText('Security code (CVC)')).toHaveAttribute(
        'autocomplete',
        'cc-csc',
      );
      expect(screen.getByLabelText('Name on card')).toHaveAttribute('autocomplete', 'cc-name');
      await typeCard(user);
      expect(number).toHaveValue('4111 1111 1111 1111');
      expect(screen.getByLabelText('Expiry date')).toHaveValue(`12/${nextYear}`);
      await user.click(screen.getByRole('button', { name: 'Pay €25.50 by card' }));
      expect(
        await screen.findByText('Paid with Visa •••• 1111. The merchant has been paid.'),
      ).toBeInTheDocument();
      expect(server!.requests.filter((request) => request.path.endsWith('/card'))).toMatchObject([
        {
          body: {
            cardNumber: '4111 1111 1111 1111',
            expiry: `12/${nextYear}`,
            cvc: '123',
            holderName: 'Ana Pop',
          },
        },
      ]);
      expect(screen.queryByRole('button', { name: /by card$/ })).not.toBeInTheDocument();
    });

    it('shows a decline with its reason and keeps the form to try another card', async () => {
      const { user } = await openCardForm(() =>
        refused('The card was declined', {
          cardNumber: 'validation.cardDeclinedInsufficientFunds',
        }),
      );
      await typeCard(user, { number: '4000000000000002' });
      await user.click(screen.getByRole('button', { name: 'Pay €25.50 by card' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The card was declined: not enough funds. Try another card.',
      );
      expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
      expect(screen.getByRole('button', { name: 'Pay €25.50 by card' })).toBeEnabled();
      expect(screen.queryByText(/The merchant has been paid/)).not.toBeInTheDocument();
    });

    it('refuses a wrong number, an impossible expiry and a short code on their fields without sending', async () => {
      const { user } = await openCardForm(() => ok({}));
      await typeCard(user, { number: '4111111111111112', expiry: '1330', cvc: '12', name: ' ' });
      await user.click(screen.getByRole('button', { name: 'Pay €25.50 by card' }));
      expect(await screen.findByText('This is not a valid card number')).toBeInTheDocument();
      expect(screen.getByText('Check the expiry date on the card')).toBeInTheDocument();
      expect(
        screen.getByText('Enter the 3 or 4 digits on the back of the card'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
      expect(server!.requests.filter((request) => request.path.endsWith('/card'))).toEqual([]);
    });

    it('places the server’s field refusals on their fields (an expired card)', async () => {
      const { user } = await openCardForm(() =>
        refused('This card has expired', { expiry: 'validation.cardExpired' }),
      );
      await typeCard(user, { expiry: '0120' });
      await user.click(screen.getByRole('button', { name: 'Pay €25.50 by card' }));
      expect(await screen.findByText('This card has expired')).toBeInTheDocument();
      expect(screen.getByLabelText('Expiry date')).toHaveAttribute('aria-invalid', 'true');
    });

    it('is offered signed in too, beside paying from an account', async () => {
      await openSignedIn();
      expect(await screen.findByLabelText('Pay from')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pay by card' })).toBeInTheDocument();
    });
  });
});
