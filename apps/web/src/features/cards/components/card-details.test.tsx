import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo } from '@/test/signed-in-home';
import {
  cardAccount,
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

const ALL_ACTIONS = [
  'Activate card',
  'Pause card',
  'Resume card',
  'Rename',
  'Change PIN',
  'Upgrade to express delivery',
  'Replace card',
  'Block card',
];

/** The action controls of the "Manage this card" panel, by name. */
function shownActions(): string[] {
  const panel = screen.getByRole('region', { name: 'Manage this card' });
  return [...within(panel).queryAllByRole('button'), ...within(panel).queryAllByRole('link')]
    .map((element) => element.textContent ?? '')
    .filter((name) => ALL_ACTIONS.includes(name))
    .sort((a, b) => ALL_ACTIONS.indexOf(a) - ALL_ACTIONS.indexOf(b));
}

async function openCard(card: ReturnType<typeof cardAccount>) {
  server = await serveCards([
    paymentAccount(),
    card,
    cardAccount({
      accountId: 299,
      cardIsVirtual: false,
      type: 2020,
      maskedCardNumber: '•••• 9999',
    }),
  ]);
  const rendered = await renderApp({
    path: `/cards/${card.accountId}`,
    apiBaseUrl: server.url,
    ...signedIn,
  });
  await screen.findByRole('heading', { name: 'Manage this card' });
  return rendered;
}

describe('card details: only the actions the status allows (spec 2 §4)', () => {
  it.each([
    [
      'an active virtual card',
      { accountStatusId: CARD_STATUS.active, cardIsVirtual: true },
      ['Pause card', 'Rename', 'Replace card', 'Block card'],
      true,
    ],
    [
      'an active physical card',
      { accountStatusId: CARD_STATUS.active, cardIsVirtual: false, type: 2020 },
      ['Pause card', 'Change PIN', 'Replace card', 'Block card'],
      true,
    ],
    [
      'a paused physical card',
      { accountStatusId: CARD_STATUS.paused, cardIsVirtual: false, type: 2020 },
      ['Resume card', 'Change PIN', 'Replace card'],
      false,
    ],
    [
      'a shipped physical card',
      { accountStatusId: CARD_STATUS.shipped, cardIsVirtual: false, type: 2020 },
      ['Activate card', 'Change PIN'],
      false,
    ],
    [
      'a physical card being printed',
      { accountStatusId: CARD_STATUS.printing, cardIsVirtual: false, type: 2020 },
      ['Change PIN', 'Upgrade to express delivery'],
      false,
    ],
    [
      'an expired virtual card',
      { accountStatusId: CARD_STATUS.expired, cardIsVirtual: true },
      ['Pause card', 'Rename', 'Replace card', 'Block card'],
      true,
    ],
    [
      'a physical card blocked for fraud',
      { accountStatusId: CARD_STATUS.fraud, cardIsVirtual: false, type: 2020 },
      [],
      false,
    ],
  ])('%s', async (_name, overrides, expected, showsBalance) => {
    await openCard(cardAccount(overrides));
    expect(shownActions()).toEqual(expected);
    if (expected.length === 0)
      expect(
        screen.getByText('No actions are available for this card in its current status.'),
      ).toBeInTheDocument();
    // Balance only where the status allows it.
    if (showsBalance) expect(screen.getByText('€42.10')).toBeInTheDocument();
    else expect(screen.queryByText('Balance')).not.toBeInTheDocument();
    // PIN only for physical cards that are not fraud; card details only for virtual ones.
    const physicalWithPin =
      overrides.cardIsVirtual === false && overrides.accountStatusId !== CARD_STATUS.fraud;
    expect(screen.queryByRole('button', { name: 'Show PIN' }) !== null).toBe(physicalWithPin);
    expect(screen.queryByRole('button', { name: 'Show card details' }) !== null).toBe(
      overrides.cardIsVirtual === true,
    );
  });
});

describe('card actions against the server', () => {
  it('pauses an active card and resumes it, the status following each answer', async () => {
    const card = cardAccount();
    server = await serveCards([paymentAccount(), card], {
      'POST /api/main/?pauseCard': () => {
        server!.accounts = [paymentAccount(), { ...card, accountStatusId: CARD_STATUS.paused }];
        return ok({ account: { ...card, accountStatusId: CARD_STATUS.paused } });
      },
      'POST /api/main/?unpauseCard': () => {
        server!.accounts = [paymentAccount(), card];
        return ok({ account: card });
      },
    });
    const { user } = await renderApp({
      path: `/cards/${card.accountId}`,
      apiBaseUrl: server.url,
      ...signedIn,
    });
    await user.click(await screen.findByRole('button', { name: 'Pause card' }));
    expect(await screen.findByRole('button', { name: 'Resume card' })).toBeInTheDocument();
    expect(screen.getAllByText('Paused').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Pause card' })).not.toBeInTheDocument();
    expect(server.calls('pauseCard')).toEqual([
      expect.objectContaining({ accountId: card.accountId }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Resume card' }));
    expect(await screen.findByRole('button', { name: 'Pause card' })).toBeInTheDocument();
    expect(server.calls('unpauseCard')).toEqual([
      expect.objectContaining({ accountId: card.accountId }),
    ]);
  });

  it('shows the server’s refusal in the error popup', async () => {
    const card = cardAccount();
    server = await serveCards([paymentAccount(), card], {
      'POST /api/main/?pauseCard': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'Card action not allowed',
          validationErrors: { accountId: 'validation.cardActionNotAllowed' },
        },
      }),
    });
    const { user } = await renderApp({
      path: `/cards/${card.accountId}`,
      apiBaseUrl: server.url,
      ...signedIn,
    });
    await user.click(await screen.findByRole('button', { name: 'Pause card' }));
    const popup = await screen.findByRole('dialog', { name: 'Card action not allowed' });
    expect(
      within(popup).getByText('This cannot be done with the card in its current status'),
    ).toBeInTheDocument();
  });

  it('asks before blocking, says it cannot be undone, then leaves the blocked card', async () => {
    const card = cardAccount({ cardAliasName: 'Travel' });
    const other = cardAccount({ accountId: 202, maskedCardNumber: '•••• 1010' });
    const third = cardAccount({ accountId: 203, maskedCardNumber: '•••• 2020' });
    server = await serveCards([paymentAccount(), card, other, third], {
      'POST /api/main/?blockCard': () => {
        const blocked = { ...card, accountStatusId: CARD_STATUS.canceled };
        server!.accounts = [paymentAccount(), blocked, other, third];
        return ok({ account: blocked });
      },
    });
    const { user, router } = await renderApp({
      path: `/cards/${card.accountId}`,
      apiBaseUrl: server.url,
      ...signedIn,
    });
    await user.click(await screen.findByRole('button', { name: 'Block card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block this card?' });
    expect(within(dialog).getByText(/Blocking is permanent/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('blockCard')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Block card' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block this card?' })).getByRole('button', {
        name: 'Block card permanently',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards/virtual'));
    expect(server.calls('blockCard')).toEqual([
      expect.objectContaining({ accountId: card.accountId }),
    ]);
    expect(screen.queryByText('Travel')).not.toBeInTheDocument();
  });

  it('renames a virtual card', async () => {
    const card = cardAccount();
    server = await serveCards([paymentAccount(), card], {
      'POST /api/main/?setCardAlias': (request) => {
        const renamed = {
          ...card,
          cardAliasName: (request.body as { cardAliasName: string }).cardAliasName,
        };
        server!.accounts = [paymentAccount(), renamed];
        return ok({ account: renamed });
      },
    });
    const { user } = await renderApp({
      path: `/cards/${card.accountId}`,
      apiBaseUrl: server.url,
      ...signedIn,
    });
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename card' });
    await user.type(within(dialog).getByLabelText('Card name'), '  Online shopping ');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Online shopping' }),
    ).toBeInTheDocument();
    expect(server.calls('setCardAlias')).toEqual([
      expect.objectContaining({ accountId: card.accountId, cardAliasName: 'Online shopping' }),
    ]);
  });

  const challenge = {
    operationId: '5a4c3b2a-1d0e-4f9a-8b7c-6d5e4f3a2b1c',
    approveType: 4,
    approvalSentTo: 'a•••@pebble.example',
    availableApprovalMethods: [4],
  };

  it('reveals a virtual card’s details only after the code, and hides them again', async () => {
    const card = cardAccount();
    server = await serveCards([paymentAccount(), card], {
      'POST /api/main/?startCardSecretReveal': () => ok(challenge),
      'POST /api/main/?getCardDetails': (request) =>
        (request.body as { code?: string }).code === '246810'
          ? ok({
              cardNumber: '4597610000004242',
              expiryMonth: 4,
              expiryYear: 2028,
              cvv: '123',
              holderName: 'ANNA BERG',
            })
          : {
              status: 400,
              body: {
                responseCode: 'TA1',
                responseDescription: 'The code is not correct (4 tries left)',
                validationErrors: { code: 'validation.codeWrong' },
              },
            },
    });
    const { user } = await renderApp({
      path: `/cards/${card.accountId}`,
      apiBaseUrl: server.url,
      ...signedIn,
    });
    expect(await screen.findByRole('button', { name: 'Show card details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show card details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByText(/a•••@pebble\.example/)).toBeInTheDocument();
    expect(server.calls('getCardDetails')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Confirmation code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText('That code is not right. Check it and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('4597 6100 0000 4242')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Confirmation code'));
    await user.type(within(dialog).getByLabelText('Confirmation code'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('4597 6100 0000 4242')).toBeInTheDocument();
    expect(screen.getByText('123')).toBeInTheDocument();
    expect(server.calls('getCardDetails').at(-1)).toEqual(
      expect.objectContaining({
        accountId: card.accountId,
        operationId: challenge.operationId,
        code: '246810',
      }),
    );
    expect(screen.getByRole('button', { name: 'Copy Card number' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide card details' }));
    expect(screen.queryByText('4597 6100 0000 4242')).not.toBeInTheDocument();
  });

  it('offers a read-only company user no card changes and no secrets, and says why (issue 15)', async () => {
    const card = cardAccount();
    server = await serveCards([paymentAccount(), card], {
      'POST /api/main/?getCustomerAccessInfo': () =>
        ok({
          ...fullAccessInfo(),
          accessList: { balanceInfo: 1, transfers: 0, companyDocuments: 1 },
          accessRights: 1,
        }),
    });
    await renderApp({ path: `/cards/${card.accountId}`, apiBaseUrl: server.url, ...signedIn });
    expect(
      await screen.findByText(
        'Only a user with full access to this account can see its card details and PIN.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your access lets you look at these cards, not change them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show card details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply for a card' })).not.toBeInTheDocument();
  });

  it('tells a user without full access that the details are not theirs to see', async () => {
    const card = cardAccount();
    server = await serveCards([paymentAccount(), card], {
      'POST /api/main/?startCardSecretReveal': () => ({
        status: 403,
        body: {
          responseCode: 'ENOA',
          responseDescription: 'Only a user with full access may do this for the customer',
        },
      }),
    });
    const { user } = await renderApp({
      path: `/cards/${card.accountId}`,
      apiBaseUrl: server.url,
      ...signedIn,
    });
    await user.click(await screen.findByRole('button', { name: 'Show card details' }));
    expect(
      await screen.findByText(
        'Only a user with full access to this account can see its card details and PIN.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('getCardDetails')).toHaveLength(0);
  });

  it.each(['4829', '0123'])(
    'shows a physical card’s PIN %s after the code, as four digits',
    async (pin) => {
      const card = cardAccount({
        accountId: 301,
        type: 2020,
        cardIsVirtual: false,
        name: 'Mastercard Debit',
      });
      server = await serveCards([paymentAccount(), card], {
        'POST /api/main/?startCardSecretReveal': () => ok(challenge),
        'POST /api/main/?showCardPin': () => ok({ pin }),
      });
      const { user } = await renderApp({
        path: `/cards/${card.accountId}`,
        apiBaseUrl: server.url,
        ...signedIn,
      });
      await user.click(await screen.findByRole('button', { name: 'Show PIN' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
      await user.type(within(dialog).getByLabelText('Confirmation code'), '246810');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText(pin)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Hide PIN' }));
      expect(screen.queryByText(pin)).not.toBeInTheDocument();
    },
  );
});
