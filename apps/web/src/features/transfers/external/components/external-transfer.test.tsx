import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Routes } from '@/test/api-server';
import { paymentAccount, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  accessInfo,
  EUR,
  OPERATION_ID,
  ok,
  refused,
  serveTransfers,
  submitResult,
  type TransfersServer,
} from '../../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const IBAN = 'ES9121000418450200051332';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const WIRE_FLAGS = { 'otherPerson.wire': true, 'otherPerson.oct': true, 'otherPerson.eft': true };

/** The directory and lookups of the external screen, answering like the server for a Spanish SEPA payee. */
const EXTERNAL_ROUTES: Routes = {
  'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo({ flags: WIRE_FLAGS })),
  'POST /api/main/?getCountries': () => ({
    body: {
      responseCode: 'SUCCESS',
      responseDescription: 'OK',
      countries: [
        { code: 'ES', name: 'Spain', phoneCode: '34', isSepa: true },
        { code: 'GB', name: 'United Kingdom', phoneCode: '44', isSepa: true },
        { code: 'JP', name: 'Japan', phoneCode: '81', isSepa: false },
      ],
    },
  }),
  'POST /api/main/?getPaymentSchemeCountries': () =>
    ok({ sepa: ['ES', 'GB'], ach: ['US'], fasterPayments: ['GB'] }),
  'POST /api/main/?getBankByIban': () =>
    ok({
      bank: {
        address: 'Avinguda Diagonal 621',
        branch: 'Oficina 0418 Barcelona',
        city: 'Barcelona',
        zipCode: '08028',
        countryIsoCode: 'ES',
        country: 'Spain',
        bankName: 'CaixaBank',
        swift: 'CAIXESBBXXX',
        bankCode: '2100',
        branchCode: '0418',
        iban: IBAN,
      },
    }),
  'POST /api/main/?getExtraParams': () => ok({ extraParams: [] }),
  'POST /api/main/?getTransferDetails': () =>
    ok({
      hasRequirements: false,
      type: 'wire',
      details: { requirements: [], address: null },
      isCustomerAddressDateValid: true,
      isExtraParamsValid: true,
      isCustomerAddressMatchesActive: true,
    }),
  'POST /api/main/?getExternalTransferFee': () => ok({ fee: '0.5', currency: 'EUR' }),
  'POST /api/main/?getExternalMaxAmount': () =>
    ok({ maxAmount: '1249.5', currency: 'EUR', type: 'balance', transferType: 'wire' }),
  'POST /api/main/?getExternalLimits': () =>
    ok({
      limits: [{ period: 'daily', limit: '20000', used: '0', remaining: '20000', currency: 'EUR' }],
      rail: { minAmount: '1', maxAmount: '1000000', currency: 'EUR' },
    }),
  'POST /api/main/?getPaymentTemplates': () => ok({ templates: [] }),
  'POST /api/main/?getBlockedBins': () => ok({ bins: ['510510'] }),
};

async function open(path: string, routes: Routes = {}) {
  server = await serveTransfers({ ...EXTERNAL_ROUTES, ...routes });
  const rendered = await renderApp({ path, apiBaseUrl: server.url, ...signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Transfers' });
  return rendered;
}

type User = Awaited<ReturnType<typeof open>>['user'];

/** Pastes a value, as a customer does with an IBAN (typing it key by key re-renders the form 24 times). */
async function paste(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function fillSepaWire(user: User) {
  await screen.findByRole('heading', { name: 'Bank wire' });
  await paste(user, screen.getByLabelText(/^IBAN/), IBAN);
  await screen.findByText('CaixaBank');
  await paste(user, screen.getByLabelText("Payee's name"), 'Lucía Fernández');
  await user.type(screen.getByLabelText('Amount'), '125.50');
}

/** Opens the review of the filled form; answers the review dialog. */
async function openReview(user: User) {
  await user.click(screen.getByRole('button', { name: 'Review transfer' }));
  return screen.findByRole('dialog', { name: 'Check and confirm' });
}

/** Opens the review and presses its primary button ("Send €125.50") once every figure is there. */
async function reviewAndConfirm(user: User, action: string | RegExp = /^Send /) {
  const review = await openReview(user);
  const confirm = within(review).getByRole('button', { name: action });
  await waitFor(() => expect(confirm).toBeEnabled());
  await user.click(confirm);
  return review;
}

// The whole app renders with a real API client and server: slower than the default 15 s on a busy machine.
describe('/transfer/external', { timeout: 40_000 }, () => {
  it('offers only the types the permission flags allow', async () => {
    await open('/transfer/external');
    const group = await screen.findByRole('radiogroup', {
      name: 'How do you want to send the money?',
    });
    const names = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.textContent ?? '');
    expect(names).toEqual([
      expect.stringContaining('Bank wire'),
      expect.stringContaining('Local bank transfer'),
      expect.stringContaining('To a card'),
    ]);
    // The first allowed type is chosen; the others the flags do not grant are not offered.
    expect(within(group).getByRole('radio', { name: /Bank wire/ })).toBeChecked();
    expect(within(group).queryByText('Crypto wallet')).toBeNull();
    expect(within(group).queryByText('Interac e-Transfer')).toBeNull();
  });

  it('names a wallet apart from the payment account of the same currency in the From list', async () => {
    await open('/transfer/external', {
      'POST /api/main/?getAccounts': () =>
        ok({
          accounts: [
            EUR(),
            paymentAccount({ accountId: 102, type: 4001, currencyCode: 'EUR', balance: '150' }),
          ],
        }),
    });
    const from = await screen.findByLabelText('From account');
    await waitFor(() =>
      expect(
        within(from)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['EUR account · €1,250.50', 'EUR wallet · €150.00']),
    );
  });

  it('finds the bank of an IBAN, takes its country and scheme, and looks the fee up only with an amount', async () => {
    const { user } = await open('/transfer/external');
    await screen.findByRole('heading', { name: 'Bank wire' });
    expect(server!.calls('getExternalTransferFee')).toEqual([]);
    await paste(user, screen.getByLabelText(/^IBAN/), IBAN);
    expect(await screen.findByText('CaixaBank')).toBeInTheDocument();
    expect(screen.getByText('CAIXESBBXXX')).toBeInTheDocument();
    expect(server!.calls('getBankByIban')).toEqual([{ iban: IBAN }]);
    await waitFor(() => expect(screen.getByLabelText("Payee's bank country")).toHaveValue('ES'));
    await waitFor(() => expect(screen.getByLabelText('Payment scheme')).toHaveValue('sepa'));
    // Account and country known: the maximum and the limits, but no fee without an amount (spec 2 §5).
    await waitFor(() =>
      expect(server!.calls('getExternalMaxAmount')).toEqual([
        { type: 'wire', fromAccount: 100, countryCode: 'ES', currency: 'EUR', scheme: 'sepa' },
      ]),
    );
    await waitFor(() =>
      expect(server!.calls('getExternalLimits')).toEqual([
        { type: 'wire', fromAccount: 100, countryCode: 'ES' },
      ]),
    );
    expect(server!.calls('getExternalTransferFee')).toEqual([]);

    await user.type(screen.getByLabelText('Amount'), '125.50');
    await waitFor(() =>
      expect(server!.calls('getExternalTransferFee').at(-1)).toEqual({
        type: 'wire',
        fromAccount: 100,
        countryCode: 'ES',
        currency: 'EUR',
        scheme: 'sepa',
        amount: '125.50',
      }),
    );
    expect(await screen.findByTestId('external-total')).toHaveTextContent('€126.00');
  });

  it('sends the SEPA wire with an idempotency key, reuses the key on a retry, and runs the SMS confirmation', async () => {
    let attempts = 0;
    const { user } = await open('/transfer/external', {
      'POST /api/main/?transferWire': () => {
        attempts += 1;
        // The first answer is lost (a server error): the customer tries again.
        if (attempts === 1) return { status: 500, body: '' };
        return ok(
          submitResult({
            operationId: OPERATION_ID,
            approveType: 2,
            approvalSentTo: '+44 7700 •••123',
            status: 'pending',
            fee: '0.5',
          }),
        );
      },
      'POST /api/main/?confirmTransaction': () => ok({ status: 'settled', transactionId: 'tr-1' }),
    });
    await fillSepaWire(user);
    const review = within(await openReview(user));
    // What leaves, to whom (the IBAN in groups of four), the fee, the total and when it arrives.
    expect(review.getByTestId('review-amount')).toHaveTextContent('€125.50');
    expect(review.getByTestId('review-payee')).toHaveTextContent('Lucía Fernández');
    expect(review.getByTestId('review-iban')).toHaveTextContent('ES91 2100 0418 4502 0005 1332');
    expect(review.getByTestId('review-scheme')).toHaveTextContent('SEPA credit transfer');
    await waitFor(() => expect(review.getByTestId('review-fee')).toHaveTextContent('€0.50'));
    expect(review.getByTestId('review-total')).toHaveTextContent('€126.00');
    expect(review.getByTestId('review-when')).toHaveTextContent('Usually within 1 business day');
    expect(server!.calls('transferWire')).toEqual([]);
    await user.click(review.getByRole('button', { name: 'Send €125.50' }));
    // The lost answer is said on the review, which stays: confirming again retries with the same key.
    expect(await review.findByRole('alert')).toHaveTextContent(
      'Server is not available. Please try again later.',
    );
    await user.click(review.getByRole('button', { name: 'Send €125.50' }));

    const code = await screen.findByRole('dialog', {
      name: 'Enter the code from the text message',
    });
    const [first, second] = server!.calls('transferWire');
    expect(first).toEqual({
      fromAccount: 100,
      amount: '125.50',
      currency: 'EUR',
      countryCode: 'ES',
      scheme: 'sepa',
      beneficiaryName: 'Lucía Fernández',
      iban: IBAN,
      idempotencyKey: expect.stringMatching(UUID),
    });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    // What is approved is shown: the amount and the payee.
    expect(within(code).getByText('€125.50')).toBeInTheDocument();
    expect(
      within(code).getByText('Lucía Fernández · ES91 2100 0418 4502 0005 1332'),
    ).toBeInTheDocument();
    await user.type(within(code).getByLabelText('Code'), '123456');
    await user.click(within(code).getByRole('button', { name: 'Confirm' }));
    // A wire the ledger took is on its rail, not yet with the payee: the result says so.
    expect(await screen.findByRole('dialog', { name: 'Transfer on its way' })).toBeInTheDocument();
    expect(server!.calls('confirmTransaction')).toEqual([
      { operationId: OPERATION_ID, code: '123456' },
    ]);
  });

  it('puts the server refusal on its field, in words', async () => {
    const { user } = await open('/transfer/external', {
      'POST /api/main/?transferWire': () =>
        refused('The IBAN is not valid', { iban: 'validation.iban' }),
    });
    await fillSepaWire(user);
    await reviewAndConfirm(user);
    expect(await screen.findByText('This is not a valid IBAN')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what to fix and where when the address blocks the transfer', async () => {
    const { user } = await open('/transfer/external', {
      'POST /api/main/?getTransferDetails': () =>
        ok({
          hasRequirements: true,
          type: 'wire',
          details: {
            requirements: [
              { code: 'addressOutOfDate', check: 'isCustomerAddressDateValid', link: '/profile' },
            ],
            address: null,
          },
          isCustomerAddressDateValid: false,
          isExtraParamsValid: true,
          isCustomerAddressMatchesActive: true,
        }),
    });
    await screen.findByRole('heading', { name: 'Bank wire' });
    await user.selectOptions(screen.getByLabelText("Payee's bank country"), 'ES');
    expect(await screen.findByText('Update your details before sending')).toBeInTheDocument();
    expect(screen.getByText(/Your address is out of date/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fix it in your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('fills the most possible before an amount was typed, and refuses an amount finer than the currency allows', async () => {
    const { user } = await open('/transfer/external');
    await screen.findByRole('heading', { name: 'Bank wire' });
    await user.selectOptions(screen.getByLabelText("Payee's bank country"), 'ES');
    // The maximum arrives as a number (the client's number coercion): the field still gets text.
    await user.click(await screen.findByRole('button', { name: 'Send the most possible' }));
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('1249.5'));

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '10.555');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(
      await screen.findByText('This currency does not allow so many decimals.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Check and confirm' })).toBeNull();
  });

  it('refuses a card payout to a blocked BIN without sending it', async () => {
    const { user } = await open('/transfer/external?type=oct');
    await screen.findByRole('heading', { name: 'Payout to a card' });
    await user.selectOptions(screen.getByLabelText("Payee's bank country"), 'GB');
    await user.type(screen.getByLabelText('Card number'), '5105105105105100');
    expect(
      await screen.findByText('Payouts to this card are not possible. Use another card.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name on the card'), 'Ana Pop');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(
      await screen.findByText('Payouts to this card are not possible. Use another card.'),
    ).toBeInTheDocument();
    expect(server!.calls('transferOct')).toEqual([]);
  });
  it('fills the payee from a saved template and saves a new payee after the transfer', async () => {
    const template = {
      id: 9,
      type: 'wire',
      name: 'Lucía (CaixaBank)',
      bankDetails: {
        beneficiaryName: 'Lucía Fernández',
        countryCode: 'ES',
        iban: IBAN,
        swift: 'CAIXESBBXXX',
        bankName: 'CaixaBank',
        currency: 'EUR',
      },
      wireStatus: 'active',
      eftStatus: null,
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    };
    const { user } = await open('/transfer/external', {
      'POST /api/main/?getPaymentTemplates': () => ok({ templates: [template] }),
      'POST /api/main/?transferWire': () => ok(submitResult({ fee: '0.5' })),
      'POST /api/main/?savePaymentTemplate': () =>
        ok({ template: { ...template, id: 10, name: 'Lucía again' } }),
    });
    await screen.findByRole('heading', { name: 'Bank wire' });
    await user.selectOptions(await screen.findByLabelText('Saved payees'), '9');
    await waitFor(() =>
      expect(screen.getByLabelText("Payee's name")).toHaveValue('Lucía Fernández'),
    );
    expect(screen.getByLabelText(/^IBAN/)).toHaveValue(IBAN);
    expect(await screen.findByText('CaixaBank', { selector: 'dd' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Payment scheme')).toHaveValue('sepa'));

    await user.type(screen.getByLabelText('Amount'), '20');
    await user.click(screen.getByLabelText('Save this payee for next time'));
    await user.type(screen.getByLabelText('Name for the saved payee'), 'Lucía again');
    await openReview(user);
    // Nothing is saved while the customer only looks at the review.
    expect(server!.calls('savePaymentTemplate')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    await reviewAndConfirm(user);
    expect(await screen.findByRole('dialog', { name: 'Transfer on its way' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server!.calls('savePaymentTemplate')).toEqual([
        {
          type: 'wire',
          name: 'Lucía again',
          bankDetails: {
            beneficiaryName: 'Lucía Fernández',
            countryCode: 'ES',
            iban: IBAN,
            swift: 'CAIXESBBXXX',
            bankName: 'CaixaBank',
            currency: 'EUR',
          },
        },
      ]),
    );
  });

  it('asks the extra parameters of the country, opening a nested one by its answer, and sends the answers', async () => {
    const { user } = await open('/transfer/external', {
      'POST /api/main/?getExtraParams': () =>
        ok({
          extraParams: [
            {
              name: 'purpose',
              label: 'Purpose of the payment',
              type: 'select',
              required: true,
              pattern: null,
              maxLength: null,
              values: [
                { value: 'family', label: 'Family support' },
                { value: 'other', label: 'Something else' },
              ],
              options: {
                showWhen: 'other',
                extraParams: [
                  {
                    name: 'purposeText',
                    label: 'Describe the purpose',
                    type: 'text',
                    required: true,
                    pattern: null,
                    maxLength: 35,
                    values: [],
                    options: null,
                  },
                ],
              },
            },
          ],
        }),
      'POST /api/main/?transferWire': () => ok(submitResult({ fee: '0.5' })),
    });
    await fillSepaWire(user);
    const purpose = await screen.findByLabelText(/Purpose of the payment/);
    expect(screen.queryByLabelText(/Describe the purpose/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(server!.calls('transferWire')).toEqual([]);

    await user.selectOptions(purpose, 'other');
    await user.type(await screen.findByLabelText(/Describe the purpose/), 'Rent for May');
    await reviewAndConfirm(user);
    await screen.findByRole('dialog', { name: 'Transfer on its way' });
    expect(server!.calls('transferWire')[0]?.extraParams).toEqual([
      { name: 'purpose', value: 'other' },
      { name: 'purposeText', value: 'Rent for May' },
    ]);
  });
  it('sends to the own account at another bank when the flags allow only that', async () => {
    const { user } = await open('/transfer/external', {
      'POST /api/main/?getCustomerAccessInfo': () =>
        ok(accessInfo({ flags: { 'ownAccount.wire': true } })),
      'POST /api/main/?transferWire': () => ok(submitResult({ fee: '0.5' })),
    });
    await fillSepaWire(user);
    expect(
      screen.getByText(
        'Your permissions allow this type of transfer only to your own accounts at other banks.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('This is my own account at another bank')).toBeNull();
    await reviewAndConfirm(user);
    await screen.findByRole('dialog', { name: 'Transfer on its way' });
    expect(server!.calls('transferWire')[0]).toMatchObject({ toOwnAccount: true, scheme: 'sepa' });
  });
  it('shows a server refusal of an extra parameter at that parameter', async () => {
    const { user } = await open('/transfer/external', {
      'POST /api/main/?getExtraParams': () =>
        ok({
          extraParams: [
            {
              name: 'reference',
              label: 'Payment reference',
              type: 'text',
              required: false,
              pattern: null,
              maxLength: 35,
              values: [],
              options: null,
            },
          ],
        }),
      'POST /api/main/?transferWire': () =>
        refused('Some extra details of the transfer are missing or not valid', {
          'extraParams.reference': 'validation.format',
        }),
    });
    await fillSepaWire(user);
    await user.type(await screen.findByLabelText('Payment reference'), 'RF??');
    await reviewAndConfirm(user);
    expect(await screen.findByText('Check the format of this value')).toBeInTheDocument();
    expect(screen.getByLabelText('Payment reference')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
  it('lists the recent transfers and follows a rail return announced on the realtime channel', async () => {
    let status = 'submitted';
    const recent = () => ({
      transactionId: 'tr-7',
      createdAt: '2026-03-02T10:00:00.000Z',
      amount: '42',
      currency: 'EUR',
      permission: '3d',
      isDisabled: false,
      details: {
        type: 'wire',
        status: 'settled',
        railStatus: status,
        beneficiary: 'Lucía Fernández (•••• 1332)',
        fromAccount: 100,
        toAccount: null,
        email: null,
        name: null,
        toAmount: '42',
        toCurrency: 'EUR',
        fee: '0.5',
        rate: '1',
        description: null,
      },
    });
    await open('/transfer/external', {
      'POST /api/main/?getRecentTransfers': () => ok({ transfers: [recent()] }),
    });
    const list = await screen.findByRole('list', { name: 'Recent transfers' });
    expect(within(list).getByText('Lucía Fernández (•••• 1332)')).toBeInTheDocument();
    expect(within(list).getByText('€42.00')).toBeInTheDocument();
    expect(within(list).getByText('On its way')).toBeInTheDocument();
    expect(server!.calls('getRecentTransfers')).toEqual([{ limit: 5 }]);

    status = 'returned';
    await server!.push({ type: 'AccountChanged', payload: { accountId: 100 } });
    expect(await within(list).findByText('Returned')).toBeInTheDocument();
  });
});
