import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { ok, paymentAccount, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { homeRoutes } from '@/test/signed-in-home';

const INSTRUCTION = {
  id: 601,
  accountId: 100,
  currencyCode: 'EUR',
  beneficiaryName: 'Anna Berg',
  bankName: 'Pebble Wallet UAB',
  bankAddress: 'Gedimino pr. 1, Vilnius',
  bankAccountNumber: 'LT553900100000000100',
  iban: 'LT553900100000000100',
  swift: 'PBBLLT2V',
  sortCode: null,
  routingNumber: null,
  transitNumber: null,
  institutionNumber: null,
  reference: 'PBBL0000000100',
  viewed: false,
};

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderHome(balance: string) {
  server = await startApiServer(
    homeRoutes(() => [paymentAccount({ balance })], {
      'POST /api/main/?getPaymentInstructions': () => ok({ instructions: [INSTRUCTION] }),
    }),
  );
  return renderApp({ path: '/home', apiBaseUrl: server.url, ...signedIn });
}

describe('adding money on home', () => {
  it('shows a customer without money the bank details to pay in', async () => {
    await renderHome('0');
    const hint = await screen.findByRole('region', { name: 'Add money to your account' });
    expect(hint).toHaveTextContent('make a bank transfer in EUR');
    expect(hint).toHaveTextContent('LT553900100000000100');
    expect(hint).toHaveTextContent('PBBL0000000100');
  });

  it('is gone once money has arrived', async () => {
    await renderHome('12.5');
    await screen.findByRole('heading', { name: 'Hello, Anna' });
    expect(await screen.findByText('€12.50')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add money to your account' })).toBeNull();
  });
});
