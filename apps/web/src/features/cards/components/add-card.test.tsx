import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Routes } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import {
  externalCard,
  ok,
  paymentAccount,
  serveCards,
  signedIn,
  type CardsServer,
} from '../test/cards-api';

let server: CardsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const BINS: Record<string, Record<string, unknown>> = {
  '411111': {
    binNumber: '411111',
    issuer: 'Barclays',
    cardBrand: 'visa',
    cardCategory: 'classic',
    cardType: 'debit',
    countryCode: 'GB',
    currencyCode: 'GBP',
    isCommercial: false,
    isPrepaid: false,
    valid: true,
  },
  '555555': {
    binNumber: '555555',
    issuer: 'Banca Transilvania',
    cardBrand: 'mastercard',
    cardCategory: 'gold',
    cardType: 'credit',
    countryCode: 'RO',
    currencyCode: 'RON',
    isCommercial: false,
    isPrepaid: true,
    valid: true,
  },
};

async function openAddCard(
  routes: Routes = {},
  cards = [
    externalCard({ cardId: 4, maskedCardNumber: '•••• 0004', status: 'verified', attemptsLeft: 0 }),
  ],
) {
  const state = { cards };
  server = await serveCards([paymentAccount()], {
    'POST /api/main/?getExternalCards': () => ok({ cards: state.cards }),
    'POST /api/main/?getBinInfo': (request) => {
      const bin = (request.body as { binNumber: string }).binNumber;
      return ok(
        BINS[bin] ?? {
          binNumber: bin,
          issuer: null,
          cardBrand: null,
          cardCategory: null,
          cardType: null,
          countryCode: null,
          currencyCode: null,
          isCommercial: false,
          isPrepaid: false,
          valid: false,
        },
      );
    },
    ...routes,
  });
  const rendered = await renderApp({ path: '/add-card', apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { name: 'Link a card from another bank' });
  return { ...rendered, state };
}

const binLookups = () => server!.calls('getBinInfo').map((body) => body.binNumber);

describe('card number field with BIN lookup', () => {
  it('groups the digits by four and looks the BIN up once six digits exist, once per BIN', async () => {
    const { user } = await openAddCard();
    const number = screen.getByLabelText('Card number');
    await user.type(number, '41111');
    expect(number).toHaveValue('4111 1');
    expect(binLookups()).toEqual([]);
    await user.type(number, '11111111111');
    expect(number).toHaveValue('4111 1111 1111 1111');
    const facts = await screen.findByText('Barclays');
    const status = facts.closest('[role="status"]') as HTMLElement;
    expect(within(status).getByText('Visa')).toBeInTheDocument();
    expect(within(status).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(status).getByText('Debit')).toBeInTheDocument();
    // Ten more digits after the BIN asked nothing more.
    expect(binLookups()).toEqual(['411111']);

    await user.clear(number);
    await user.type(number, '5555 5555 5555 4444');
    expect(await screen.findByText('Banca Transilvania')).toBeInTheDocument();
    expect(screen.getByText('Prepaid')).toBeInTheDocument();
    expect(screen.getByText('Credit')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '4111111111111111');
    expect(await screen.findByText('Barclays')).toBeInTheDocument();
    // 411111 was answered already: its answer is reused.
    expect(binLookups()).toEqual(['411111', '555555']);
  });

  it('says when the bank of a BIN is not known', async () => {
    const { user } = await openAddCard();
    await user.type(screen.getByLabelText('Card number'), '999999');
    expect(
      await screen.findByText('We could not identify the bank of this card.'),
    ).toBeInTheDocument();
  });

  it('catches a mistyped digit (Luhn) before asking the server', async () => {
    const { user } = await openAddCard();
    await user.type(screen.getByLabelText('Card number'), '4111111111111112');
    await user.selectOptions(screen.getByLabelText('Expiry month'), '9');
    await user.selectOptions(
      screen.getByLabelText('Expiry year'),
      String(new Date().getFullYear() + 3),
    );
    await user.type(screen.getByLabelText('Name on card'), 'Anna Berg');
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    expect(
      await screen.findByText('This card number is not valid. Check the digits and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(server!.calls('addExternalCard')).toHaveLength(0);
  });

  it('links a valid card with one idempotency key and opens its confirmation', async () => {
    const year = new Date().getFullYear() + 3;
    const { user, router, state } = await openAddCard({
      'POST /api/main/?addExternalCard': () => {
        const added = externalCard({ cardId: 5, expiryYear: year });
        state.cards = [...state.cards, added];
        return ok({ card: added });
      },
    });
    await user.type(screen.getByLabelText('Card number'), '4111111111111111');
    await user.selectOptions(screen.getByLabelText('Expiry month'), '9');
    await user.selectOptions(screen.getByLabelText('Expiry year'), String(year));
    await user.type(screen.getByLabelText('Name on card'), ' Anna Berg ');
    await user.click(screen.getByRole('button', { name: 'Link card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm-card/5'));
    const [sent] = server!.calls('addExternalCard');
    expect(sent).toEqual(
      expect.objectContaining({
        cardNumber: '4111111111111111',
        expiryMonth: 9,
        expiryYear: year,
        holderName: 'Anna Berg',
      }),
    );
    expect(sent?.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(
      await screen.findByText(
        /We charged a small amount between 0.10 and 1.99 GBP to your card •••• 1111/,
      ),
    ).toBeInTheDocument();
  });

  it('lists linked cards and removes one after asking', async () => {
    const { user, state } = await openAddCard({
      'POST /api/main/?deleteExternalCard': (request) => {
        const { cardId } = request.body as { cardId: number };
        state.cards = state.cards.filter((card) => card.cardId !== cardId);
        return ok({ cardId });
      },
    });
    const list = await screen.findByRole('list', { name: 'Linked cards' });
    expect(within(list).getByText('Linked')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove card •••• 0004' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this card?' })).getByRole('button', {
        name: 'Remove card',
      }),
    );
    expect(await screen.findByText('You have not linked any cards yet.')).toBeInTheDocument();
    expect(server!.calls('deleteExternalCard')).toEqual([expect.objectContaining({ cardId: 4 })]);
  });
});

describe('confirming a linked card (/confirm-card/{cardId})', () => {
  it('counts down the tries on a wrong amount, then confirms the right one', async () => {
    const state = { card: externalCard() };
    server = await serveCards([paymentAccount()], {
      'POST /api/main/?getExternalCards': () => ok({ cards: [state.card] }),
      'POST /api/main/?confirmExternalCard': (request) => {
        const { amount } = request.body as { amount: string };
        if (amount === '0.57') {
          state.card = { ...state.card, status: 'verified', attemptsLeft: 0 };
          return ok({ card: state.card });
        }
        state.card = { ...state.card, attemptsLeft: state.card.attemptsLeft - 1 };
        return {
          status: 400,
          body: {
            responseCode: 'TA1',
            responseDescription: 'That is not the amount we charged',
            validationErrors: { amount: 'validation.cardVerificationAmountWrong' },
            card: state.card,
          },
        };
      },
    });
    const { user } = await renderApp({
      path: '/confirm-card/5',
      apiBaseUrl: server.url,
      ...signedIn,
    });
    expect(await screen.findByText('Attempts left: 3')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount charged (GBP)');
    await user.type(amount, '1,2.3');
    await user.click(screen.getByRole('button', { name: 'Confirm card' }));
    expect(
      await screen.findByText('Enter the amount with up to two decimals, for example 0.57'),
    ).toBeInTheDocument();
    expect(server.calls('confirmExternalCard')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '0,75');
    await user.click(screen.getByRole('button', { name: 'Confirm card' }));
    expect(await screen.findByText('That is not the amount we charged')).toBeInTheDocument();
    expect(await screen.findByText('Attempts left: 2')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, ',57');
    await user.click(screen.getByRole('button', { name: 'Confirm card' }));
    expect(await screen.findByText('Card linked')).toBeInTheDocument();
    expect(server.calls('confirmExternalCard').map((body) => body.amount)).toEqual([
      '0.75',
      '0.57',
    ]);
  });

  it('says plainly when the card failed, and where to go', async () => {
    server = await serveCards([paymentAccount()], {
      'POST /api/main/?getExternalCards': () =>
        ok({ cards: [externalCard({ status: 'failed', attemptsLeft: 0 })] }),
    });
    await renderApp({ path: '/confirm-card/5', apiBaseUrl: server.url, ...signedIn });
    expect(await screen.findByText('The card could not be confirmed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link a card' })).toHaveAttribute('href', '/add-card');
    expect(screen.queryByLabelText(/Amount charged/)).not.toBeInTheDocument();
  });
});
