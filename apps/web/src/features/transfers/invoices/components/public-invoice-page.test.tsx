import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { ok } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOKEN = 'Abc_def-123'.padEnd(43, 'x');

const publicInvoice = (overrides: Record<string, unknown> = {}) => ({
  number: 'INV-000077',
  kind: 'invoice',
  payeeName: 'Tomás Ribeiro',
  amount: '80',
  currencyCode: 'EUR',
  noteBody: 'Website photos',
  dueDate: '2099-04-30',
  status: 'unpaid',
  brandId: 'pebble',
  ...overrides,
});

async function open(path: string, answer: () => { body: unknown; status?: number }) {
  server = await startApiServer({ 'POST /api/main/?getPublicInvoice': answer });
  return renderApp({ path, apiBaseUrl: server.url });
}

describe('/invoice/:token', { timeout: 30_000 }, () => {
  it('shows who asks, how much, why and by when, and keeps the way back to paying it across sign-in', async () => {
    const { user } = await open(`/invoice/${TOKEN}`, () => ok({ invoice: publicInvoice() }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tomás Ribeiro asks you to pay' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('public-amount')).toHaveTextContent('€80.00');
    expect(screen.getByText('Website photos')).toBeInTheDocument();
    expect(screen.getByText('30 Apr 2099')).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    const register = screen.getByRole('link', { name: 'Register to pay' });
    expect(register).toHaveAttribute('href', '/register');
    const signIn = screen.getByRole('link', { name: 'Sign in to pay' });
    expect(signIn).toHaveAttribute('href', '/login');
    // jsdom does not navigate: the click stores the path the start page opens after signing in.
    signIn.addEventListener('click', (event) => event.preventDefault());
    await user.click(signIn);
    expect(JSON.parse(sessionStorage.getItem('ledgerline.session') ?? '{}')).toMatchObject({
      initialPath: '/transfer/invoices?pay=INV-000077',
    });
    const call = server!.requests.find((request) => request.path === '/api/main/?getPublicInvoice');
    expect(call?.body).toMatchObject({ token: TOKEN });
  });

  it('says a paid invoice needs nothing more and offers no payment', async () => {
    await open(`/invoice/${TOKEN}`, () => ok({ invoice: publicInvoice({ status: 'paid' }) }));
    expect(
      await screen.findByText('This invoice has been paid. Nothing more is needed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to pay' })).not.toBeInTheDocument();
  });

  it('treats an unknown token and a malformed one alike, without asking the server for the malformed one', async () => {
    await open(`/invoice/${TOKEN}`, () => ({
      status: 404,
      body: { responseCode: 'ENOA', responseDescription: 'Not found' },
    }));
    expect(
      await screen.findByRole('heading', { name: 'This invoice link does not work' }),
    ).toBeInTheDocument();
    await server?.close();
    await open('/invoice/short', () => ok({ invoice: publicInvoice() }));
    expect(
      await screen.findAllByRole('heading', { name: 'This invoice link does not work' }),
    ).not.toHaveLength(0);
    expect(server!.requests.filter((r) => r.path === '/api/main/?getPublicInvoice')).toEqual([]);
  });
});
