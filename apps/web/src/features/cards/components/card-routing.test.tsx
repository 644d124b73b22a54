import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { renderApp } from '@/test/render-app';
import {
  cardAccount,
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

const virtualA = cardAccount({ accountId: 201, cardAliasName: 'Shopping' });
const virtualB = cardAccount({
  accountId: 202,
  cardAliasName: 'Subscriptions',
  maskedCardNumber: '•••• 1010',
});
const physical = cardAccount({
  accountId: 301,
  type: 2020,
  cardIsVirtual: false,
  cardBrand: 'mastercard',
  name: 'Mastercard Debit',
  maskedCardNumber: '•••• 5151',
});
const canceledPhysical = { ...physical, accountId: 302, accountStatusId: CARD_STATUS.canceled };

async function landAt(path: string, accounts: ReturnType<typeof cardAccount>[]) {
  server = await serveCards([paymentAccount(), ...accounts]);
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  return rendered.router;
}

describe('card routing (spec 2 §2)', () => {
  it('with no physical cards, /cards opens the virtual list', async () => {
    const router = await landAt('/cards', [virtualA, virtualB, canceledPhysical]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/virtual'));
    expect(await screen.findByRole('link', { name: /Shopping/ })).toHaveAttribute(
      'href',
      '/cards/201',
    );
    expect(screen.getByRole('link', { name: /Subscriptions/ })).toBeInTheDocument();
  });

  it('with physical cards, /cards opens the physical list and keeps ?apply=1', async () => {
    const router = await landAt('/cards?apply=1', [
      virtualA,
      physical,
      { ...physical, accountId: 303 },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/physical'));
    expect(router.state.location.search).toBe('?apply=1');
    expect(await screen.findByRole('dialog', { name: 'Apply for a card' })).toBeInTheDocument();
  });

  it('exactly one virtual card and no physical one: straight to its details', async () => {
    const router = await landAt('/cards', [virtualA, canceledPhysical]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/201'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping' })).toBeInTheDocument();
  });

  it('exactly one physical card and no virtual one: straight to its details, from its list too', async () => {
    const router = await landAt('/cards/physical', [physical]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/301'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mastercard Debit' }),
    ).toBeInTheDocument();
  });

  it('an unknown card id goes to the list when there are several cards', async () => {
    const router = await landAt('/cards/999', [virtualA, physical]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/physical'));
    expect(await screen.findByRole('link', { name: /Mastercard Debit/ })).toBeInTheDocument();
  });

  it('an unknown (or canceled) card id goes home when there is one card or none', async () => {
    const router = await landAt('/cards/302', [virtualA, canceledPhysical]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('says so when there are no cards at all, and offers to apply', async () => {
    const router = await landAt('/cards', []);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/virtual'));
    expect(
      await screen.findByRole('heading', { name: 'No cards yet — apply for one' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Apply for a card' })[0]).toHaveAttribute(
      'href',
      '/cards/virtual?apply=1',
    );
  });
});
