import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import type { Routes } from '@/test/api-server';
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
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const physical = cardAccount({
  accountId: 301,
  type: 2020,
  cardIsVirtual: false,
  cardBrand: 'mastercard',
  name: 'Mastercard Debit',
  maskedCardNumber: '•••• 5151',
});

async function openPinPage(routes: Routes = {}, card = physical) {
  server = await serveCards([paymentAccount(), card, cardAccount()], routes);
  const rendered = await renderApp({
    path: `/card/${card.accountId}/pin`,
    apiBaseUrl: server.url,
    ...signedIn,
  });
  await screen.findByRole('link', { name: `← Back to ${card.name}` });
  return rendered;
}

describe('change PIN (/card/{accountId}/pin)', () => {
  it('checks the PIN before sending: four digits, typed twice alike, not obvious, and confirmed', async () => {
    const { user } = await openPinPage();
    const submit = await screen.findByRole('button', { name: 'Change PIN' });
    await user.click(submit);
    expect((await screen.findAllByText('Enter four digits')).length).toBe(2);
    expect(
      screen.getByText('Confirm that you understand the current PIN stops working'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('New PIN'), '1234');
    await user.type(screen.getByLabelText('Repeat the new PIN'), '1234');
    await user.click(submit);
    expect(
      await screen.findByText('This PIN is too easy to guess: choose another'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New PIN'));
    await user.type(screen.getByLabelText('New PIN'), '4071');
    await user.click(submit);
    expect(await screen.findByText('The two PINs do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('New PIN')).toHaveAttribute('aria-invalid', 'false');
    expect(server!.calls('changeCardPin')).toHaveLength(0);
  });

  it('sends a valid PIN with confirm true and says it changed', async () => {
    const { user } = await openPinPage({
      'POST /api/main/?changeCardPin': () => ok({ account: physical }),
    });
    await user.type(screen.getByLabelText('New PIN'), '4071');
    await user.type(screen.getByLabelText('Repeat the new PIN'), '4071');
    await user.click(screen.getByLabelText(/I understand that my current PIN stops working/));
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText(/Your PIN has been changed/)).toBeInTheDocument();
    expect(server!.calls('changeCardPin')).toEqual([
      expect.objectContaining({ accountId: 301, pin: '4071', pinRepeat: '4071', confirm: true }),
    ]);
    expect(screen.getByLabelText('New PIN')).toHaveValue('');
  });

  it('puts the server’s refusal on the field it names', async () => {
    const { user } = await openPinPage({
      'POST /api/main/?changeCardPin': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'The new PIN must differ from the current one',
          validationErrors: { pin: 'validation.cardPinUnchanged' },
        },
      }),
    });
    await user.type(screen.getByLabelText('New PIN'), '4071');
    await user.type(screen.getByLabelText('Repeat the new PIN'), '4071');
    await user.click(screen.getByLabelText(/I understand that my current PIN stops working/));
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(
      await screen.findByText('The new PIN must differ from the current one'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('New PIN')).toHaveAttribute('aria-invalid', 'true'),
    );
  });

  it('offers no form for a card whose PIN cannot be changed', async () => {
    await openPinPage({}, { ...physical, accountStatusId: CARD_STATUS.fraud });
    expect(
      await screen.findByText('The PIN of this card cannot be changed in its current status.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New PIN')).not.toBeInTheDocument();
  });
});
