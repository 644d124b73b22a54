import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { ok } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { refused } from '../../test/transfers-api';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PUBLIC_ID = 'Btn_public-id'.padEnd(22, 'x');
const HANDLE = 'corner-books';
const TOKEN = 'Pay_link-42'.padEnd(43, 'z');
const BUTTON = `/api/pay/button/${PUBLIC_ID}`;
const NAME = `/api/pay/name/${HANDLE}`;

const button = (overrides: Record<string, unknown> = {}) => ({
  merchantName: 'Corner Books Ltd',
  brandId: 'pebble',
  logoUrl: '/api/public/logos/logo-1',
  currency: 'EUR',
  description: 'Gift card',
  amount: null,
  minAmount: '5',
  maxAmount: '50',
  ...overrides,
});

const payee = (overrides: Record<string, unknown> = {}) => ({
  merchantName: 'Beans & Co',
  brandId: 'pebble',
  logoUrl: null,
  currencies: ['EUR', 'USD'],
  ...overrides,
});

/** The page at `path`, the API answering `routes`; the pay page it continues to answers too. */
async function open(path: string, routes: Routes) {
  server = await startApiServer({
    [`GET /api/pay/${TOKEN}`]: () =>
      ok({
        payment: {
          merchantName: 'Corner Books Ltd',
          brandId: 'pebble',
          amount: '20',
          currency: 'EUR',
          description: 'Gift card',
          status: 'open',
          expiresAt: '2099-01-01T00:00:00.000Z',
          returnUrl: null,
          logoUrl: null,
        },
      }),
    ...routes,
  });
  return renderApp({ path, apiBaseUrl: server.url });
}

const posts = (path: string) =>
  server!.requests.filter((request) => request.method === 'POST' && request.path === path);

describe('/pay/button/:publicId', { timeout: 40_000 }, () => {
  it('asks an open amount within the button’s bounds, then opens the pay page of the request it started', async () => {
    const { user } = await open(`/pay/button/${PUBLIC_ID}`, {
      [`GET ${BUTTON}`]: () => ok({ button: button() }),
      [`POST ${BUTTON}`]: () => ok({ token: TOKEN }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay Corner Books Ltd' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Corner Books Ltd' }).getAttribute('src')).toBe(
      `${server!.url}/api/public/logos/logo-1`,
    );
    expect(screen.getByText('Gift card')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount in EUR');
    expect(screen.getByText('From €5.00 to €50.00')).toBeInTheDocument();

    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await user.type(amount, '50.01');
    await user.click(continueButton);
    expect(
      await screen.findByText('The amount is above the most this merchant accepts.'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '4');
    await user.click(continueButton);
    expect(
      await screen.findByText('The amount is below the least this merchant accepts.'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10.005');
    await user.click(continueButton);
    expect(
      await screen.findByText('This currency does not allow so many decimals.'),
    ).toBeInTheDocument();
    expect(posts(BUTTON)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(continueButton);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Corner Books Ltd asks you to pay' }),
    ).toBeInTheDocument();
    expect(posts(BUTTON).map((request) => request.body)).toEqual([{ amount: '20' }]);
  });

  it('shows a fixed amount without a field and sends none', async () => {
    const { user } = await open(`/pay/button/${PUBLIC_ID}`, {
      [`GET ${BUTTON}`]: () =>
        ok({ button: button({ amount: '12.5', minAmount: null, maxAmount: null, logoUrl: null }) }),
      [`POST ${BUTTON}`]: () => ok({ token: TOKEN }),
    });
    expect(await screen.findByTestId('pay-amount')).toHaveTextContent('€12.50');
    expect(screen.queryByLabelText(/^Amount/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Corner Books Ltd' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(posts(BUTTON).map((request) => request.body)).toEqual([{}]));
  });

  it('says a disabled, unknown or malformed button is not valid, asking nothing about a malformed one', async () => {
    await open(`/pay/button/${PUBLIC_ID}`, {
      [`GET ${BUTTON}`]: () => ({
        status: 404,
        body: { responseCode: 'ENOA', responseDescription: 'This payment link is not valid' },
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'This payment link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await server?.close();
    await open('/pay/button/not-an-id', {});
    expect(
      await screen.findAllByRole('heading', { name: 'This payment link is not valid' }),
    ).not.toHaveLength(0);
    expect(server!.requests.filter((request) => request.path.startsWith('/api/pay/'))).toEqual([]);
  });
});

describe('/pay/name/:handle', { timeout: 40_000 }, () => {
  it('asks amount, currency and an optional note, shows the server’s refusal on its field, then continues', async () => {
    let answer = refused('Beans & Co does not receive EUR by name', {
      currency: 'validation.noAccountInCurrency',
    });
    const { user } = await open(`/pay/name/${HANDLE}`, {
      [`GET ${NAME}`]: () => ok({ payee: payee() }),
      [`POST ${NAME}`]: () => answer,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay Beans & Co' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Pay by name')).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await user.click(continueButton);
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(posts(NAME)).toEqual([]);

    await user.type(screen.getByLabelText('Amount'), '7,25');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.type(screen.getByLabelText('What for (optional)'), 'Lunch');
    await user.click(continueButton);
    expect(
      await screen.findByText('There is no active account in this currency.'),
    ).toBeInTheDocument();
    expect(posts(NAME).map((request) => request.body)).toEqual([
      { amount: '7.25', currency: 'EUR', description: 'Lunch' },
    ]);

    answer = ok({ token: TOKEN });
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await user.click(continueButton);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Corner Books Ltd asks you to pay' }),
    ).toBeInTheDocument();
    expect(posts(NAME).at(-1)?.body).toEqual({
      amount: '7.25',
      currency: 'USD',
      description: 'Lunch',
    });
  });

  it('says a handle that is off or unknown is not valid', async () => {
    await open(`/pay/name/${HANDLE}`, {
      [`GET ${NAME}`]: () => ({
        status: 404,
        body: { responseCode: 'ENOA', responseDescription: 'This payment link is not valid' },
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'This payment link is not valid' }),
    ).toBeInTheDocument();
  });
});
