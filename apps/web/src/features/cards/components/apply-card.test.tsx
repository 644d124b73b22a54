import { screen, waitFor, within } from '@testing-library/react';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { renderApp } from '@/test/render-app';
import {
  cardAccount,
  ok,
  paymentAccount,
  serveCards,
  signedIn,
  type CardsServer,
} from '../test/cards-api';

let server: CardsServer | undefined;
let realtime: WebSocketServer | undefined;
afterEach(async () => {
  for (const client of realtime?.clients ?? []) client.terminate();
  await new Promise<void>((resolve) => (realtime ? realtime.close(() => resolve()) : resolve()));
  realtime = undefined;
  await server?.close();
  server = undefined;
});

const PRODUCTS = [
  {
    cardType: 2006,
    name: 'Virtual Visa Debit',
    isVirtual: true,
    currencies: ['EUR', 'USD'],
    brand: 'visa',
    subType: 'DEBIT',
  },
  {
    cardType: 2020,
    name: 'Mastercard Debit',
    isVirtual: false,
    currencies: ['EUR', 'GBP'],
    brand: 'mastercard',
    subType: 'DEBIT',
  },
];

const newCard = cardAccount({
  accountId: 250,
  accountStatusId: CARD_STATUS.submitted,
  balance: '0',
  name: 'Virtual Visa Debit',
  maskedCardNumber: '•••• 7777',
});

/** The card server with the apply calls, /realtime on the same port, and the sockets the page opened. */
async function serveApply() {
  let applyCalls = 0;
  const sockets: WebSocket[] = [];
  server = await serveCards(
    [paymentAccount(), paymentAccount({ accountId: 101, currencyCode: 'USD', balance: '5' })],
    {
      'POST /api/main/?getCardApplyInfo': () => ok({ countryCode: 'GB', products: PRODUCTS }),
      'POST /api/main/?getCardFees': (request) => {
        const { cardType } = request.body as { cardType: number };
        return ok({
          annual: '0',
          issue: '1.00',
          monthly: '0',
          currency: 'EUR',
          shipping:
            cardType === 2006
              ? [{ id: 3, type: 'none', fee: '0', deliveryTime: '0', disabledReasons: [] }]
              : [
                  { id: 1, type: 'standard', fee: '0', deliveryTime: '5-7', disabledReasons: [] },
                  {
                    id: 2,
                    type: 'express',
                    fee: '15.00',
                    deliveryTime: '1-2',
                    disabledReasons: ['notAvailableInCountry'],
                  },
                ],
        });
      },
      'POST /api/main/?applyCard': () => {
        applyCalls += 1;
        // The first try is lost on the way back: the customer retries.
        if (applyCalls === 1) return { status: 500 };
        return ok({
          applicationId: 31,
          fees: { issue: '1.00', shipping: '0', total: '1.00', currency: 'EUR' },
        });
      },
      'POST /api/main/?confirmCardApplication': () => {
        server!.accounts = [...server!.accounts, newCard];
        return ok({ account: newCard });
      },
      'POST /api/auth/realtime-ticket': () => ({
        body: { ticket: 'ticket-1', expiresInSeconds: 30 },
      }),
    },
  );
  realtime = new WebSocketServer({ server: server.server, path: '/realtime' });
  realtime.on('connection', (socket) => sockets.push(socket));
  return { sockets };
}

describe('applying for a card', () => {
  it('shows the shipping choices of a physical card with the reason one is disabled', async () => {
    await serveApply();
    const { user } = await renderApp({
      path: '/cards?apply=1',
      apiBaseUrl: server!.url,
      ...signedIn,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Apply for a card' });
    await user.click(await within(dialog).findByLabelText('Mastercard Debit'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const express = await within(dialog).findByLabelText('Express courier — €15.00');
    expect(express).toBeDisabled();
    expect(within(dialog).getByText('Not available in your country.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Standard post — €0.00')).toBeChecked();
    // Fees are paid in the card's currency: only the EUR account is offered.
    const payFrom = within(dialog).getByLabelText('Pay the fees from');
    expect(
      within(payFrom)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['EUR account — balance €1,250.50']);
  });

  it('applies with one idempotency key across a retry, confirms, and shows the new card become active', async () => {
    const { sockets } = await serveApply();
    const { user } = await renderApp({
      path: '/cards?apply=1',
      apiBaseUrl: server!.url,
      ...signedIn,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Apply for a card' });
    expect(await within(dialog).findByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(await within(dialog).findByLabelText('Virtual Visa Debit'));
    await user.selectOptions(within(dialog).getByLabelText('Card currency'), 'EUR');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByText('Step 2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByText('€1.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const popup = await screen.findByRole('dialog', {
      name: 'Server is not available. Please try again later.',
    });
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByText('Step 3 of 3')).toBeInTheDocument();
    const applied = server!.calls('applyCard');
    expect(applied).toHaveLength(2);
    expect(applied[0]).toEqual(
      expect.objectContaining({
        cardType: 2006,
        currencyCode: 'EUR',
        shippingId: 3,
        feeAccountId: 100,
      }),
    );
    expect(applied[1]?.idempotencyKey).toBe(applied[0]?.idempotencyKey);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay €1.00' }));
    expect(await within(dialog).findByText('Your card is ordered')).toBeInTheDocument();
    expect(server!.calls('confirmCardApplication')).toEqual([
      expect.objectContaining({ applicationId: 31 }),
    ]);
    expect(within(dialog).getByText('Submitted')).toBeInTheDocument();

    // The processor moves the card on and tells the page over the realtime channel.
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    server!.accounts = server!.accounts.map((account) =>
      account.accountId === 250 ? { ...account, accountStatusId: CARD_STATUS.active } : account,
    );
    for (const socket of sockets)
      socket.send(
        JSON.stringify({
          type: 'AccountChanged',
          payload: { accountId: 250 },
          at: new Date().toISOString(),
        }),
      );
    expect(await within(dialog).findByText('Active')).toBeInTheDocument();
  });
});
