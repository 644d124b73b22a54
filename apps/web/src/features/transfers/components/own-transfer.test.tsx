import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Routes } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  accessInfo,
  OPERATION_ID,
  ok,
  refused,
  serveTransfers,
  submitResult,
  type TransfersServer,
} from '../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function open(path: string, routes: Routes = {}) {
  server = await serveTransfers(routes);
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Transfers' });
  return rendered;
}

type User = Awaited<ReturnType<typeof open>>['user'];

/** Chooses EUR → USD and types the amount to arrive. */
async function fillOwnTransfer(user: User, amount: string) {
  const form = await screen.findByRole('heading', { name: 'Move money between your accounts' });
  expect(form).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('From'), '100');
  await user.selectOptions(screen.getByLabelText('To'), '101');
  const field = screen.getByLabelText(/Amount to arrive/);
  await user.clear(field);
  await user.type(field, amount);
}

/** Opens the review of the filled form; answers the review dialog. */
async function openReview(user: User) {
  await user.click(screen.getByRole('button', { name: 'Review transfer' }));
  return screen.findByRole('dialog', { name: 'Check and confirm' });
}

/** Opens the review and presses its primary button, which names the action and the amount. */
async function reviewAndConfirm(user: User, action: string | RegExp = /^Transfer \$/) {
  const review = await openReview(user);
  const confirm = within(review).getByRole('button', { name: action });
  // The button waits until every figure of the review is there.
  await waitFor(() => expect(confirm).toBeEnabled());
  await user.click(confirm);
  return review;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The whole app renders with a real API client and server, then the review: slower than 15 s on a busy machine.
describe('/transfer/account', { timeout: 40_000 }, () => {
  it('looks figures up only once their inputs are there, and shows what arrives, the rate, the fee and the total debit', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?getTransferFee': () => ok({ fee: '0.5', currency: 'EUR' }),
      'POST /api/main/?getMaxAmount': () =>
        ok({ maxAmount: '1374.45', currency: 'USD', type: 'limit' }),
    });
    await screen.findByLabelText('From');
    await user.selectOptions(screen.getByLabelText('From'), '100');
    // One account chosen: no fee, maximum, limits or rate yet (spec 2 §5).
    expect(server!.calls('getTransferFee')).toEqual([]);
    expect(server!.calls('getMaxAmount')).toEqual([]);
    expect(server!.calls('getCustomerLimits')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('To'), '101');
    await waitFor(() =>
      expect(server!.calls('getMaxAmount')).toEqual([
        { operation: 'betweenAccounts', fromAccount: 100, toAccount: 101 },
      ]),
    );
    expect(server!.calls('getCustomerLimits')).toEqual([{ fromAccount: 100, toAccount: 101 }]);
    expect(server!.calls('getTransferExchangeRate')).toEqual([
      { fromCurrencyCode: 'EUR', toCurrencyCode: 'USD' },
    ]);
    // Both accounts but no amount: still no fee.
    expect(server!.calls('getTransferFee')).toEqual([]);
    expect(await screen.findByTestId('fact-max')).toHaveTextContent('$1,374.45');
    expect(screen.getByText('Limited by your transfer limits')).toBeInTheDocument();
    expect(screen.getByTestId('fact-rate')).toHaveTextContent('1 EUR = 1.1000 USD');

    await user.type(screen.getByLabelText(/Amount to arrive/), '55');
    await waitFor(() =>
      expect(server!.calls('getTransferFee')).toEqual([
        { operation: 'betweenAccounts', fromAccount: 100, toAccount: 101, amount: '55' },
      ]),
    );
    expect(screen.getByTestId('fact-receive')).toHaveTextContent('$55.00');
    // 55 USD at 1.1 = 50.00 EUR, plus the 0.50 fee.
    expect(screen.getByTestId('fact-debit')).toHaveTextContent('€50.00');
    expect(await screen.findByTestId('fact-fee')).toHaveTextContent('€0.50');
    expect(screen.getByTestId('fact-total')).toHaveTextContent('€50.50');
    expect(
      within(screen.getByRole('region', { name: 'Your limits' })).getByText(
        '€20,000.00 left of €20,000.00',
      ),
    ).toBeInTheDocument();
  });

  it('sends the target currency and an idempotency key, reuses the key on a retry and takes a new one after success (mode 0: success popup)', async () => {
    let attempt = 0;
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () => {
        attempt += 1;
        return attempt === 1
          ? {
              // A 500, not a 503: a 503 means the server is briefly away, and the client waits it out.
              status: 500,
              body: { responseCode: 'UE', responseDescription: 'Unknown error' },
            }
          : ok(submitResult());
      },
    });
    await fillOwnTransfer(user, '20');
    const review = await reviewAndConfirm(user, 'Transfer $20.00');
    // The failure is said on the review, which stays: confirming again is a retry of the same transfer.
    expect(await within(review).findByRole('alert')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Transfer $20.00' }));
    const done = await screen.findByRole('dialog', { name: /Transfer completed/ });
    expect(within(done).getByTestId('confirm-amount')).toHaveTextContent('$20.00');
    const [first, retry] = server!.calls('transferBetweenAccounts');
    expect(first).toMatchObject({
      fromAccount: 100,
      toAccount: 101,
      toAmount: '20',
      currency: 'USD',
      idempotencyKey: expect.stringMatching(UUID),
    });
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The form keeps the accounts; the same details again are a new transfer with a new key.
    await user.type(screen.getByLabelText(/Amount to arrive/), '20');
    await reviewAndConfirm(user);
    await screen.findByRole('dialog', { name: /Transfer completed/ });
    const third = server!.calls('transferBetweenAccounts')[2];
    expect(third?.idempotencyKey).toMatch(UUID);
    expect(third?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('reviews before anything moves: what leaves and arrives, the rate, the fee and the total; back keeps the form and sends nothing', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?getTransferFee': () => ok({ fee: '0.5', currency: 'EUR' }),
      'POST /api/main/?transferBetweenAccounts': () => ok(submitResult()),
    });
    await fillOwnTransfer(user, '55');
    const review = within(await openReview(user));
    expect(review.getByTestId('review-amount')).toHaveTextContent('$55.00');
    // A figure still loading shows a placeholder in its row: wait for the figure itself.
    await waitFor(() =>
      expect(review.getByTestId('review-rate')).toHaveTextContent('1 EUR = 1.1000 USD'),
    );
    await waitFor(() => expect(review.getByTestId('review-debit')).toHaveTextContent('€50.00'));
    // The fee is looked up for the reviewed amount: the button waits for it.
    await waitFor(() => expect(review.getByTestId('review-fee')).toHaveTextContent('€0.50'));
    expect(review.getByTestId('review-total')).toHaveTextContent('€50.50');
    expect(review.getByTestId('review-when')).toHaveTextContent('Now');
    expect(review.getByRole('button', { name: 'Transfer $55.00' })).toBeEnabled();

    await user.click(review.getByRole('button', { name: 'Back to edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Amount to arrive/)).toHaveValue('55');
    expect(server!.calls('transferBetweenAccounts')).toEqual([]);
  });

  it('cannot be confirmed while the fee cannot be looked up: the review says so and sends nothing', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?getTransferFee': () => ({
        status: 500,
        body: { responseCode: 'UE', responseDescription: 'Unknown error' },
      }),
    });
    await fillOwnTransfer(user, '20');
    const review = within(await openReview(user));
    expect(
      await review.findByText(
        'The fee could not be looked up, so this transfer cannot be confirmed now. Go back and try again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(review.getByTestId('review-fee')).toHaveTextContent('—');
    expect(review.getByRole('button', { name: 'Transfer $20.00' })).toBeDisabled();
    expect(server!.calls('transferBetweenAccounts')).toEqual([]);
  });

  it('refuses the same account twice and a zero amount before calling, and puts server field errors on the fields', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () =>
        refused('Not enough money', { toAmount: 'validation.insufficientFunds' }),
    });
    await screen.findByLabelText('From');
    await user.type(screen.getByLabelText(/Amount to arrive/), '0');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('The amount must be more than zero.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(2);
    expect(server!.calls('transferBetweenAccounts')).toEqual([]);

    await fillOwnTransfer(user, '5000');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    // Above the maximum the screen knows: said before the server is asked.
    expect(await screen.findByText('The most you can send now is €1,250.50.')).toBeInTheDocument();
    expect(server!.calls('transferBetweenAccounts')).toEqual([]);

    await user.clear(screen.getByLabelText(/Amount to arrive/));
    await user.type(screen.getByLabelText(/Amount to arrive/), '100.001');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    // Finer than the currency's minor units: said on the field, before any review or call.
    expect(
      await screen.findByText('This currency does not allow so many decimals.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Amount to arrive/));
    await user.type(screen.getByLabelText(/Amount to arrive/), '100');
    await reviewAndConfirm(user);
    // The server's field message closes the review and lands on the field.
    expect(await screen.findByText('The account does not have enough money')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the recurring fields and lists recurring transfers with a stop button for the cancellable ones', async () => {
    let recurring: unknown[] = [];
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () => {
        recurring = [
          {
            id: 9,
            fromAccount: 100,
            toAccount: 101,
            toAmount: '20',
            currency: 'USD',
            frequency: 'weekly',
            endDate: null,
            transactionsLeft: 3,
            executed: 1,
            nextRunAt: '2026-03-09T09:00:00.000Z',
            userCancel: true,
            status: 'active',
            lastError: null,
          },
        ];
        return ok(submitResult());
      },
      'POST /api/main/?getRecurringTransfers': () => ok({ recurring }),
      'POST /api/main/?cancelRecurringTransfer': () => {
        recurring = [{ ...(recurring[0] as object), status: 'canceled', nextRunAt: null }];
        return ok({ recurring: recurring[0] as object });
      },
    });
    await fillOwnTransfer(user, '20');
    await user.click(screen.getByLabelText('Repeat this transfer'));
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('How often'), 'weekly');
    await user.type(screen.getByLabelText('Number of transfers (optional)'), '4');
    const review = await reviewAndConfirm(user);
    expect(within(review).getByTestId('review-repeat')).toHaveTextContent('Every week');
    await user.click(
      within(await screen.findByRole('dialog', { name: /Transfer completed/ })).getByRole(
        'button',
        { name: 'OK' },
      ),
    );
    expect(server!.calls('transferBetweenAccounts')[0]).toMatchObject({
      subscriptionFrequency: 'weekly',
      subscriptionTransactions: 4,
      subscriptionUserCancel: true,
    });

    const list = within(await screen.findByRole('region', { name: 'Recurring transfers' }));
    expect(list.getByText('$20.00 · Every week')).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Stop the recurring transfer of $20.00' }));
    expect(await list.findByText('Stopped')).toBeInTheDocument();
    expect(server!.calls('cancelRecurringTransfer')).toEqual([{ id: 9 }]);
    expect(list.queryByRole('button', { name: /Stop/ })).not.toBeInTheDocument();
  });
});

// The whole app renders with a real API client and server, then the review: slower than 15 s on a busy machine.
describe('the confirmation step', { timeout: 40_000 }, () => {
  it('SMS (2): the code goes to the operation, a wrong code stays on the field, resend works, and the success popup closes by itself', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () =>
        ok(
          submitResult({
            status: 'pending',
            operationId: OPERATION_ID,
            approveType: 2,
            approvalSentTo: '+44 •••• 0123',
            availableApprovalMethods: [2, 4],
          }),
        ),
      'POST /api/main/?resendTransactionCode': () =>
        ok({ sent: true, approvalSentTo: '+44 •••• 0123' }),
      'POST /api/main/?confirmTransaction': (request) =>
        (request.body as { code: string }).code === '123456'
          ? ok({ status: 'settled', transactionId: 'tr-1' })
          : refused('The code is not correct (4 tries left)', { code: 'validation.codeWrong' }),
    });
    await fillOwnTransfer(user, '20');
    await reviewAndConfirm(user);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Enter the code from the text message' }),
    );
    expect(
      dialog.getByText(
        'We sent a 6-digit code to +44 •••• 0123. It is valid for this transfer only.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByTestId('confirm-amount')).toHaveTextContent('$20.00');

    await user.type(dialog.getByLabelText(/^Code/), '654321');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(
      await dialog.findByText('That code is not right. Check it and try again.'),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send a new code' }));
    expect(await dialog.findByText('A new code is on its way.')).toBeInTheDocument();
    expect(server!.calls('resendTransactionCode')).toEqual([{ operationId: OPERATION_ID }]);

    await user.clear(dialog.getByLabelText(/^Code/));
    await user.type(dialog.getByLabelText(/^Code/), '123 456');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: /Transfer completed/ })).toBeInTheDocument();
    expect(server!.calls('confirmTransaction')).toEqual([
      { operationId: OPERATION_ID, code: '654321' },
      { operationId: OPERATION_ID, code: '123456' },
    ]);
    // Spec 2 §4: after an SMS confirmation the success popup closes after 3 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 4_500,
    });
  });

  it('push (1): waits for the phone; an event of another operation changes nothing, this one rejected says so', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () =>
        ok(
          submitResult({
            status: 'pending',
            operationId: OPERATION_ID,
            approveType: 1,
            availableApprovalMethods: [1, 4],
          }),
        ),
      'POST /api/main/?confirmTransaction': () => ok({ status: 'pending', transactionId: 'tr-1' }),
    });
    await fillOwnTransfer(user, '20');
    await reviewAndConfirm(user);
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve on your phone' }));
    expect(dialog.getByText('Waiting for your phone…')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'I have approved it' }));
    expect(
      await dialog.findByText(
        'Not approved yet. Approve the request on your phone and check again.',
      ),
    ).toBeInTheDocument();
    expect(server!.calls('confirmTransaction')).toEqual([{ operationId: OPERATION_ID }]);

    await server!.push({
      type: 'TransactionResult',
      payload: {
        operationId: 'another-operation',
        transactionId: 'tr-9',
        status: 'success',
        message: 'Success',
      },
    });
    await server!.push({
      type: 'TransactionResult',
      payload: {
        operationId: OPERATION_ID,
        transactionId: 'tr-1',
        status: 'rejected',
        message: 'Transaction was rejected.',
      },
    });
    const rejected = await screen.findByRole('dialog', { name: /Transaction was rejected\./ });
    expect(
      within(rejected).getByText('No money was moved. You can make the transfer again.'),
    ).toBeInTheDocument();
  });

  it('push (1): the phone’s approval arrives as TransactionResult and shows success', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () =>
        ok(
          submitResult({
            status: 'pending',
            operationId: OPERATION_ID,
            approveType: 1,
            availableApprovalMethods: [1, 4],
          }),
        ),
    });
    await fillOwnTransfer(user, '20');
    await reviewAndConfirm(user);
    await screen.findByRole('dialog', { name: 'Approve on your phone' });
    await server!.push({
      type: 'TransactionResult',
      payload: {
        operationId: OPERATION_ID,
        transactionId: 'tr-1',
        status: 'success',
        message: 'Success',
      },
    });
    expect(await screen.findByRole('dialog', { name: /Transfer completed/ })).toBeInTheDocument();
  });

  it('TOTP (3) offers no resend; an expired code ends the transfer as rejected', async () => {
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () =>
        ok(
          submitResult({
            status: 'pending',
            operationId: OPERATION_ID,
            approveType: 3,
            availableApprovalMethods: [3, 4],
          }),
        ),
      'POST /api/main/?confirmTransaction': () =>
        refused('The confirmation has expired. Please make the transfer again.', {
          code: 'validation.codeExpired',
        }),
    });
    await fillOwnTransfer(user, '20');
    await reviewAndConfirm(user);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Enter the code from your app' }),
    );
    expect(
      dialog.getByText('Open your authenticator app and enter the 6-digit code it shows.'),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Code/), '111222');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    const rejected = await screen.findByRole('dialog', { name: /Transaction was rejected\./ });
    expect(
      within(rejected).getByText(
        'This code has expired or was tried too often. Please start again.',
      ),
    ).toBeInTheDocument();
  });

  it('approval code (4) by e-mail, and an initiate-only user gets the approval-created title', async () => {
    let status: 'pending' | 'approvalCreated' = 'pending';
    const { user } = await open('/transfer/account', {
      'POST /api/main/?transferBetweenAccounts': () =>
        ok(
          status === 'pending'
            ? submitResult({
                status,
                operationId: OPERATION_ID,
                approveType: 4,
                approvalSentTo: 'a•••@pebble.example',
                availableApprovalMethods: [4],
              })
            : submitResult({ status, operationId: null }),
        ),
    });
    await fillOwnTransfer(user, '20');
    await reviewAndConfirm(user);
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter the approval code' }));
    expect(
      dialog.getByText(
        'We sent an approval code to a•••@pebble.example. It is valid for this transfer only.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    status = 'approvalCreated';
    await user.clear(screen.getByLabelText(/Amount to arrive/));
    await user.type(screen.getByLabelText(/Amount to arrive/), '21');
    await reviewAndConfirm(user);
    const created = within(await screen.findByRole('dialog', { name: 'Waiting for approval' }));
    expect(
      created.getByText(
        'A user with full access has to approve this transfer. No money moves until then.',
      ),
    ).toBeInTheDocument();
  });
});

describe('transfer screens by permission flags', () => {
  it('shows only the tabs the flags allow, and a notice on a screen they do not', async () => {
    await open('/transfer/p2p', {
      'POST /api/main/?getCustomerAccessInfo': () =>
        ok(accessInfo({ flags: { 'ownAccount.betweenAccounts': true, 'otherPerson.wire': true } })),
    });
    expect(
      await screen.findByText(
        'Your permissions do not allow this kind of transfer. Ask the account owner or your bank to change them.',
      ),
    ).toBeInTheDocument();
    const tabs = screen.queryByRole('navigation', { name: 'Transfer types' });
    expect(tabs).not.toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Transfers' })).toHaveAttribute('href', '/transfer');
  });

  it('opens the first allowed screen from /transfer', async () => {
    const { router } = await open('/transfer', {
      'POST /api/main/?getCustomerAccessInfo': () =>
        ok(accessInfo({ flags: { 'otherPerson.p2p': true } })),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer/p2p'));
  });

  it('says so on /transfer and hides the nav entry when no transfer is allowed', async () => {
    await open('/transfer', {
      'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo({ flags: {}, transfers: 1 })),
    });
    expect(
      await screen.findByText('Your permissions do not allow any transfers for this customer.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', {
        name: 'Transfers',
      }),
    ).not.toBeInTheDocument();
  });
});
