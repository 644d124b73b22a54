import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { externalTransferMethods } from '@ledgerline/contract';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import {
  customerAddresses,
  customers,
  ledgerTransfers,
  transferPermissions,
  users,
} from '../../db/schema';
import { DEMO_SMS_PHONE } from '../../db/seed';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { startTestServer, type MainPayload, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { assertLedgerBalanced } from '../../../test/ledger';
import { lastSms } from '../../../test/auth-flow';
import { createCustomerAccount } from '../accounts/service';
import { systemAccount } from '../ledger/ledger';
import { Money } from '../ledger/money';
import { transferFixtures } from './test-fixtures';
import { approvalFixtures } from './approval-test-fixtures';

let server: TestServer;
let personal: string;
let anna: string;
let sms: string;
let clerk: string;
let ioana: string;
let office: number;
const f = transferFixtures(() => server);

/** Demo IBAN of Commerzbank Köln (seed-bank-directory.ts) and a valid Visa test card whose BIN is not blocked. */
const IBAN = 'DE89 3704 0044 0532 0130 00';
const CARD = '4111 1111 1111 1111';
const BLOCKED_CARD = '5105105105105100';
const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  server = await startTestServer();
  await server.database.db
    .update(users)
    .set({ login2faMode: 'no' })
    .where(eq(users.email, 'sms@ledgerline.test'));
  [personal, anna, sms, clerk, ioana] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('anna@pebble.example'),
    server.signIn('sms@ledgerline.test'),
    server.signIn(DEMO_CLERK_EMAIL),
    server.signIn('ioana@harbourlight.example'),
  ]);
  office = await f.customerIdOf('office@harbourlight.example');
  // A crypto payout needs a person's date of birth; the instant payment to Brazil the payer's CPF.
  await f
    .db()
    .update(customers)
    .set({ birthDay: '1988-04-12', taxId: '52998224725' })
    .where(eq(customers.id, await f.customerIdOf('personal@ledgerline.test')));
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

async function clearing(currency: string): Promise<Money> {
  const account = await f.db().transaction((tx) => systemAccount(tx, 'clearing', currency));
  return f.postingSum(account.id);
}

async function balanceOf(accountId: number): Promise<Money> {
  return new Money((await f.row(accountId)).balance);
}

function sepaWire(
  fromAccount: number,
  overrides: Partial<MainPayload<'transferWire'>> = {},
): MainPayload<'transferWire'> {
  return {
    fromAccount,
    amount: '100',
    currency: 'EUR',
    countryCode: 'DE',
    scheme: 'sepa',
    beneficiaryName: 'Jonas Weber',
    iban: IBAN,
    extraParams: [{ name: 'purposeOfPayment', value: 'GDDS' }],
    idempotencyKey: f.key(),
    ...overrides,
  };
}

describe('transferWire', () => {
  it('sends a SEPA wire to the clearing account with its fee, answers a retry with the first result and lists it', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const { body: fee } = await f.call('getExternalTransferFee', personal, {
      type: 'wire',
      fromAccount: from.accountId,
      countryCode: 'DE',
      currency: 'EUR',
      amount: '100',
    });
    expect(fee).toMatchObject({ fee: '0.5', currency: 'EUR' });
    const before = { balance: await balanceOf(from.accountId), clearing: await clearing('EUR') };
    const payload = sepaWire(from.accountId, { description: 'Invoice 2026-114' });
    const first = await f.call('transferWire', personal, payload);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      responseCode: '00',
      status: 'settled',
      operationId: null,
      approveType: 0,
      fee: '0.5',
    });
    expect(before.balance.minus(await balanceOf(from.accountId)).toFixed(2)).toBe('100.50');
    expect((await clearing('EUR')).minus(before.clearing).toFixed(2)).toBe('100.00');

    const retry = await f.call('transferWire', personal, {
      ...payload,
      iban: IBAN.replace(/ /g, ''),
    });
    expect(retry.body).toEqual(first.body);
    expect(before.balance.minus(await balanceOf(from.accountId)).toFixed(2)).toBe('100.50');
    const other = await f.call('transferWire', personal, { ...payload, amount: '101' });
    expect(other.status).toBe(400);
    expect(other.body.validationErrors).toEqual({
      idempotencyKey: 'validation.idempotencyKeyReused',
    });

    const { body: status } = await f.call('getExternalTransferStatus', personal, {
      transactionId: first.body.transactionId,
    });
    expect(status).toMatchObject({ status: 'submitted', type: 'wire', amount: '100', fee: '0.5' });
    const { body: recent } = await f.call('getRecentTransfers', personal, {
      type: 'wire',
      limit: 5,
    });
    expect(recent.transfers[0]).toMatchObject({
      transactionId: first.body.transactionId,
      permission: '3d',
      details: {
        type: 'wire',
        railStatus: 'submitted',
        beneficiary: 'Jonas Weber (•••• 3000)',
        description: 'Invoice 2026-114',
      },
    });
  });

  it('refuses a bad IBAN, a SEPA wire outside SEPA, a missing purpose and another currency, posting nothing', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const before = await f.postingCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'iban'],
      [{ iban: 'XX89370400440532013000' }, 'iban'],
      [{ countryCode: 'US' }, 'countryCode'],
      [{ currency: 'USD' }, 'currency'],
      [{ extraParams: [] }, 'extraParams.purposeOfPayment'],
      [
        { extraParams: [{ name: 'purposeOfPayment', value: 'OTHR' }] },
        'extraParams.purposeDetails',
      ],
      [
        { extraParams: [{ name: 'purposeOfPayment', value: 'XXXX' }] },
        'extraParams.purposeOfPayment',
      ],
      [
        {
          extraParams: [
            { name: 'purposeOfPayment', value: 'GDDS' },
            { name: 'unknown', value: '1' },
          ],
        },
        'extraParams.unknown',
      ],
      [
        {
          scheme: 'swift',
          iban: undefined,
          swift: 'COBADEFF',
          accountNumber: '0532013000',
          currency: 'EUR',
          countryCode: 'DE',
        },
        'extraParams.chargeBearer',
      ],
      [{ amount: '0.5' }, 'amount'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await f.call('transferWire', personal, sepaWire(from.accountId, overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.responseCode).toBe('TA1');
      expect(Object.keys(answer.body.validationErrors ?? {}), JSON.stringify(overrides)).toContain(
        field,
      );
    }
    // USD from a USD account over SEPA is refused by the scheme's currency too.
    const usd = await f.accountIn(personal, 'USD');
    const usdSepa = await f.call(
      'transferWire',
      personal,
      sepaWire(usd.accountId, { currency: 'USD' }),
    );
    expect(usdSepa.status).toBe(400);
    expect(await f.postingCount()).toBe(before);
  });

  it('sends a SWIFT wire with the charge bearer and the SWIFT fee', async () => {
    const from = await f.accountIn(personal, 'USD');
    const before = await balanceOf(from.accountId);
    const answer = await f.call('transferWire', personal, {
      fromAccount: from.accountId,
      amount: '200',
      currency: 'USD',
      countryCode: 'JP',
      scheme: 'swift',
      beneficiaryName: 'Haruto Tanaka',
      accountNumber: '1234567',
      swift: 'BOTKJPJT',
      extraParams: [
        { name: 'purposeOfPayment', value: 'OTHR' },
        { name: 'purposeDetails', value: 'Tuition' },
        { name: 'chargeBearer', value: 'SHA' },
      ],
      idempotencyKey: f.key(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // 15 + 0.1 % of 200.
    expect(answer.body.fee).toBe('15.2');
    expect(before.minus(await balanceOf(from.accountId)).toFixed(2)).toBe('215.20');
  });
});

describe('the other types', () => {
  it('EFT to Japan needs the bank and branch codes, which must be in the directory', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const base = {
      fromAccount: from.accountId,
      amount: '50',
      currency: 'EUR',
      countryCode: 'JP',
      beneficiaryName: 'Haruto Tanaka',
      accountNumber: '1234567',
    };
    const jpParams = [
      { name: 'accountType', value: 'ordinary' },
      { name: 'beneficiaryNameKana', value: 'タナカ ハルト' },
    ];
    const before = await f.postingCount();
    const missing = await f.call('transferEft', personal, {
      ...base,
      extraParams: jpParams,
      idempotencyKey: f.key(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors).toMatchObject({
      bankCode: 'validation.required',
      branchCode: 'validation.required',
    });
    const unknownBranch = await f.call('transferEft', personal, {
      ...base,
      bankCode: '0005',
      branchCode: '999',
      extraParams: jpParams,
      idempotencyKey: f.key(),
    });
    expect(unknownBranch.status).toBe(400);
    expect(unknownBranch.body.validationErrors).toEqual({
      branchCode: 'validation.branchNotFound',
    });
    const noKana = await f.call('transferEft', personal, {
      ...base,
      bankCode: '0005',
      branchCode: '251',
      extraParams: [
        { name: 'accountType', value: 'ordinary' },
        { name: 'beneficiaryNameKana', value: 'Tanaka' },
      ],
      idempotencyKey: f.key(),
    });
    expect(noKana.status).toBe(400);
    expect(noKana.body.validationErrors).toEqual({
      'extraParams.beneficiaryNameKana': 'validation.format',
    });
    expect(await f.postingCount()).toBe(before);

    const ok = await f.call('transferEft', personal, {
      ...base,
      bankCode: '0005',
      branchCode: '251',
      extraParams: jpParams,
      idempotencyKey: f.key(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // 1 + 0.25 % of 50.
    expect(ok.body).toMatchObject({ status: 'settled', fee: '1.13' });
  });

  it('OCT pays out to a card, refuses a blocked BIN and a number failing Luhn, and never keeps the card number', async () => {
    const from = await f.accountIn(personal, 'GBP');
    const base = {
      fromAccount: from.accountId,
      amount: '40',
      currency: 'GBP',
      countryCode: 'GB',
      cardholderName: 'Petra Lindqvist',
      toOwnAccount: true,
    };
    const before = await f.postingCount();
    const blocked = await f.call('transferOct', personal, {
      ...base,
      cardNumber: BLOCKED_CARD,
      idempotencyKey: f.key(),
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.validationErrors).toEqual({ cardNumber: 'validation.binBlocked' });
    const luhn = await f.call('transferOct', personal, {
      ...base,
      cardNumber: '4111 1111 1111 1112',
      idempotencyKey: f.key(),
    });
    expect(luhn.status).toBe(400);
    expect(luhn.body.validationErrors).toEqual({ cardNumber: 'validation.cardNumber' });
    expect(await f.postingCount()).toBe(before);
    const ok = await f.call('transferOct', personal, {
      ...base,
      cardNumber: CARD,
      idempotencyKey: f.key(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.fee).toBe('0.99');
    const [row] = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, ok.body.transactionId));
    expect(JSON.stringify(row!.details)).not.toContain('4111111111111111');
    expect(row!.details.beneficiary).toBe('Petra Lindqvist (•••• 1111)');
    const { body: recent } = await f.call('getRecentTransfers', personal, {
      type: 'oct',
      limit: 5,
    });
    expect(recent.transfers[0]).toMatchObject({
      transactionId: ok.body.transactionId,
      permission: 'own',
    });
  });

  it('crypto_eft checks the wallet and the travel-rule parameters (nested options.extraParams)', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const { body: params } = await f.call('getExtraParams', personal, {
      type: 'crypto_eft',
      countryCode: 'DE',
      currency: 'EUR',
    });
    expect(params.extraParams[0]).toMatchObject({
      name: 'walletOwnership',
      options: {
        showWhen: 'thirdParty',
        extraParams: [{ name: 'beneficiaryAddress', required: true }],
      },
    });
    const base = {
      fromAccount: from.accountId,
      amount: '200',
      currency: 'EUR',
      countryCode: 'DE',
      network: 'ethereum' as const,
      walletAddress: ETH_WALLET,
    };
    const badWallet = await f.call('transferCryptoEft', personal, {
      ...base,
      walletAddress: '0x1234',
      extraParams: [{ name: 'walletOwnership', value: 'self' }],
      idempotencyKey: f.key(),
    });
    expect(badWallet.body.validationErrors).toEqual({ walletAddress: 'validation.walletAddress' });
    const noAddress = await f.call('transferCryptoEft', personal, {
      ...base,
      extraParams: [{ name: 'walletOwnership', value: 'thirdParty' }],
      idempotencyKey: f.key(),
    });
    expect(noAddress.body.validationErrors).toEqual({
      'extraParams.beneficiaryAddress': 'validation.required',
    });
    const ok = await f.call('transferCryptoEft', personal, {
      ...base,
      extraParams: [
        { name: 'walletOwnership', value: 'thirdParty' },
        { name: 'beneficiaryAddress', value: 'Hauptstraße 5, 10115 Berlin' },
      ],
      idempotencyKey: f.key(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.fee).toBe('3');
  });

  it('instant payment by key and Interac e-Transfer in CAD', async () => {
    const from = await f.accountIn(personal, 'EUR');
    const badKey = await f.call('transferInstantPayment', personal, {
      fromAccount: from.accountId,
      amount: '10',
      currency: 'EUR',
      countryCode: 'BR',
      instantKeyType: 'taxId',
      instantKey: '12345678901',
      idempotencyKey: f.key(),
    });
    expect(badKey.body.validationErrors).toEqual({ instantKey: 'validation.instantKey' });
    const pix = await f.call('transferInstantPayment', personal, {
      fromAccount: from.accountId,
      amount: '10',
      currency: 'EUR',
      countryCode: 'BR',
      instantKeyType: 'email',
      instantKey: 'ana@exemplo.com.br',
      beneficiaryName: 'Ana Souza',
      idempotencyKey: f.key(),
    });
    expect(pix.status, JSON.stringify(pix.body)).toBe(200);
    expect(pix.body.fee).toBe('0.1');

    // A CAD account, funded from EUR, for Interac (Canada only).
    const added = await f.call('addCurrency', personal, { currencyCode: 'CAD' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cad = await f.accountIn(personal, 'CAD');
    const funded = await f.call('transferBetweenAccounts', personal, {
      fromAccount: from.accountId,
      toAccount: cad.accountId,
      toAmount: '100',
      currency: 'CAD',
      idempotencyKey: f.key(),
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const interac = {
      fromAccount: cad.accountId,
      amount: '25',
      currency: 'CAD',
      countryCode: 'CA',
      beneficiaryName: 'Chloé Tremblay',
      email: 'chloe@example.ca',
      securityQuestion: 'Our first pet?',
      securityAnswer: 'Maple',
    };
    const noContact = await f.call('transferInterac', personal, {
      ...interac,
      email: undefined,
      idempotencyKey: f.key(),
    });
    expect(noContact.body.validationErrors).toEqual({ email: 'validation.emailOrPhone' });
    const spaced = await f.call('transferInterac', personal, {
      ...interac,
      securityAnswer: 'two words',
      idempotencyKey: f.key(),
    });
    expect(spaced.body.validationErrors).toEqual({ securityAnswer: 'validation.interacAnswer' });
    const ok = await f.call('transferInterac', personal, {
      ...interac,
      idempotencyKey: f.key(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.fee).toBe('1.5');
    expect(new Money((await f.row(cad.accountId)).balance).toFixed(2)).toBe('73.50');
    const [row] = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, ok.body.transactionId));
    expect(JSON.stringify(row!.details).toLowerCase()).not.toContain('maple');
  });
});

describe('every type', () => {
  it('answers a retry with the first result, posting once, and the newest five show in the recent list', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const cad = await f.accountIn(personal, 'CAD');
    const submits: [string, string, Record<string, unknown>][] = [
      ['transferWire', 'wire', sepaWire(eur.accountId, { amount: '3' })],
      [
        'transferEft',
        'eft',
        {
          fromAccount: eur.accountId,
          amount: '3',
          currency: 'EUR',
          countryCode: 'CA',
          beneficiaryName: 'Émilie Roy',
          accountNumber: '12345678',
          idempotencyKey: f.key(),
        },
      ],
      [
        'transferOct',
        'oct',
        {
          fromAccount: eur.accountId,
          amount: '3',
          currency: 'EUR',
          countryCode: 'DE',
          cardNumber: CARD,
          cardholderName: 'Jonas Weber',
          idempotencyKey: f.key(),
        },
      ],
      [
        'transferCryptoEft',
        'crypto_eft',
        {
          fromAccount: eur.accountId,
          amount: '10',
          currency: 'EUR',
          countryCode: 'DE',
          network: 'ethereum',
          walletAddress: ETH_WALLET,
          extraParams: [{ name: 'walletOwnership', value: 'self' }],
          idempotencyKey: f.key(),
        },
      ],
      [
        'transferInstantPayment',
        'instant_payment',
        {
          fromAccount: eur.accountId,
          amount: '3',
          currency: 'EUR',
          countryCode: 'BR',
          instantKeyType: 'phone',
          instantKey: '+5511987654321',
          idempotencyKey: f.key(),
        },
      ],
      [
        'transferInterac',
        'interac',
        {
          fromAccount: cad.accountId,
          amount: '3',
          currency: 'CAD',
          countryCode: 'CA',
          beneficiaryName: 'Émilie Roy',
          phone: '+15145550123',
          securityQuestion: 'City?',
          securityAnswer: 'Montreal',
          idempotencyKey: f.key(),
        },
      ],
    ];
    const ids: string[] = [];
    for (const [method, type, payload] of submits) {
      const first = await f.send(method, personal, payload);
      expect(first.status, `${method} ${JSON.stringify(first.body)}`).toBe(200);
      const posted = await f.postingCount();
      const retry = await f.send(method, personal, payload);
      expect(retry.body, method).toEqual(first.body);
      expect(await f.postingCount(), method).toBe(posted);
      const [row] = await f
        .db()
        .select({ kind: ledgerTransfers.kind })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, String(first.body.transactionId)));
      expect(row?.kind).toBe(type);
      ids.push(String(first.body.transactionId));
    }
    const { body: recent } = await f.call('getRecentTransfers', personal, { limit: 5 });
    expect(recent.transfers.map((item) => item.transactionId)).toEqual(ids.slice(1).reverse());
    expect(recent.transfers.map((item) => item.details.type)).toEqual([
      'interac',
      'instant_payment',
      'crypto_eft',
      'oct',
      'eft',
    ]);
  });
});

describe('lookups', () => {
  it('answers max amount, limits and extra params for the form', async () => {
    const from = await f.accountIn(personal, 'GBP');
    const { body: max } = await f.call('getExternalMaxAmount', personal, {
      type: 'oct',
      fromAccount: from.accountId,
      countryCode: 'GB',
      currency: 'GBP',
    });
    expect(max).toMatchObject({ transferType: 'oct', currency: 'GBP', type: 'balance' });
    const row = await f.row(from.accountId);
    const available = new Money(row.balance).minus(row.pendingAmount).minus(row.accountBalanceMin);
    // The maximum plus its fee (1 %, at least 0.99) fits in what is available; a cent more would not.
    const fee = (amount: Money) =>
      Money.max(amount.times('0.01'), '0.99').toDecimalPlaces(2, Money.ROUND_HALF_UP);
    const maxAmount = new Money(max.maxAmount);
    expect(maxAmount.plus(fee(maxAmount)).lessThanOrEqualTo(available)).toBe(true);
    expect(
      maxAmount
        .plus('0.01')
        .plus(fee(maxAmount.plus('0.01')))
        .greaterThan(available),
    ).toBe(true);

    const { body: interacMax } = await f.call('getExternalMaxAmount', personal, {
      type: 'interac',
      fromAccount: (await f.accountIn(personal, 'EUR')).accountId,
      countryCode: 'CA',
      currency: 'EUR',
    });
    expect(Number(interacMax.maxAmount)).toBeLessThanOrEqual(3000);

    const { body: limits } = await f.call('getExternalLimits', personal, {
      type: 'interac',
      fromAccount: from.accountId,
      countryCode: 'CA',
    });
    expect(limits.limits.map((limit) => limit.period)).toEqual(['single', 'daily', 'monthly']);
    expect(limits.rail).toEqual({ minAmount: '1', maxAmount: '3000', currency: 'GBP' });

    const { body: wireParams } = await server.call(
      'getExtraParams',
      { type: 'wire', countryCode: 'US', currency: 'EUR' },
      { token: personal, lang: 'ro' },
    );
    expect(wireParams.extraParams).toMatchObject([
      { name: 'purposeOfPayment', label: 'Scopul plății' },
      { name: 'chargeBearer' },
    ]);
    const { body: sepaParams } = await f.call('getExtraParams', personal, {
      type: 'wire',
      countryCode: 'FR',
      currency: 'EUR',
    });
    expect(sepaParams.extraParams).toMatchObject([{ name: 'purposeOfPayment' }]);
  });

  it('transfer details say what to fix and where; a submit is refused until it is fixed', async () => {
    const from = await f.accountIn(anna, 'EUR');
    const { body: fine } = await f.call('getTransferDetails', anna, {
      type: 'wire',
      fromAccount: from.accountId,
      countryCode: 'DE',
    });
    expect(fine).toMatchObject({
      hasRequirements: false,
      isCustomerAddressDateValid: true,
      isExtraParamsValid: true,
      isCustomerAddressMatchesActive: true,
    });
    const customerId = await f.customerIdOf('anna@pebble.example');
    await f
      .db()
      .update(customerAddresses)
      .set({ isDocumentOutOfDate: true })
      .where(eq(customerAddresses.customerId, customerId));
    const { body: stale } = await f.call('getTransferDetails', anna, {
      type: 'wire',
      fromAccount: from.accountId,
      countryCode: 'DE',
    });
    expect(stale).toMatchObject({
      hasRequirements: true,
      isCustomerAddressDateValid: false,
      isCustomerAddressMatchesActive: true,
    });
    expect(stale.details.requirements).toEqual([
      { code: 'addressOutOfDate', check: 'isCustomerAddressDateValid', link: '/profile' },
    ]);
    const before = await f.postingCount();
    const refused = await f.call('transferWire', anna, sepaWire(from.accountId));
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ address: 'validation.addressOutOfDate' });
    expect(refused.body.responseDescription).toMatch(/profile/);
    expect(await f.postingCount()).toBe(before);
    await f
      .db()
      .update(customerAddresses)
      .set({ isDocumentOutOfDate: false })
      .where(eq(customerAddresses.customerId, customerId));

    // Brazil's instant payments need the payer's tax number.
    const { body: brazil } = await f.call('getTransferDetails', anna, {
      type: 'instant_payment',
      fromAccount: from.accountId,
      countryCode: 'BR',
    });
    expect(brazil.isExtraParamsValid).toBe(false);
    expect(brazil.details.requirements.map((item) => item.code)).toEqual(['taxIdMissing']);
  });
});

describe('second factor and approvals', () => {
  it('an SMS-mode customer confirms a wire with a code naming the amount and the payee', async () => {
    await f
      .db()
      .update(customers)
      .set({ transactionApproveMode: 2 })
      .where(eq(customers.id, await f.customerIdOf('sms@ledgerline.test')));
    const from = await f.accountIn(sms, 'EUR');
    const before = await f.row(from.accountId);
    const submitted = await f.call(
      'transferWire',
      sms,
      sepaWire(from.accountId, { amount: '250' }),
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'pending', approveType: 2 });
    expect(
      new Money((await f.row(from.accountId)).pendingAmount).minus(before.pendingAmount).toFixed(2),
    ).toBe('250.50');
    const text = await lastSms(server, DEMO_SMS_PHONE);
    expect(text).toContain('250.5 EUR');
    expect(text).toContain('Jonas Weber (•••• 3000)');
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    const resent = await f.call('resendTransactionCode', sms, {
      operationId: submitted.body.operationId ?? undefined,
    });
    expect(resent.status).toBe(200);
    const again = await lastSms(server, DEMO_SMS_PHONE);
    expect(again).toContain('Jonas Weber (•••• 3000)');
    expect(code).toBeDefined();
    const newCode = /\b(\d{6})\b/.exec(again)![1]!;
    const confirmed = await f.call('confirmTransaction', sms, {
      operationId: submitted.body.operationId ?? undefined,
      code: newCode,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(new Money(before.balance).minus((await f.row(from.accountId)).balance).toFixed(2)).toBe(
      '250.50',
    );
    const { body: status } = await f.call('getExternalTransferStatus', sms, {
      transactionId: submitted.body.transactionId,
    });
    expect(status.status).toBe('submitted');
  });

  it('an initiate-only user’s wire waits for approval and moves money only once approved', async () => {
    const eur = await f.accountIn(clerk, 'EUR', { fromCustomerId: office });
    const before = await f.row(eur.accountId);
    const created = await f.call(
      'transferWire',
      clerk,
      sepaWire(eur.accountId, { amount: '300' }),
      office,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.status).toBe('approvalCreated');
    expect((await f.row(eur.accountId)).balance).toBe(before.balance);
    const { body: list } = await f.call(
      'getBusinessApprovals',
      ioana,
      { pageNumber: 1, pageSize: 50, status: 'pending' },
      office,
    );
    const request = list.requests.find((item) => item.transactionType === 'wire');
    expect(request).toMatchObject({ amount: '300', fee: '0.5' });
    expect(request!.destination).toMatchObject({ kind: 'external' });
    const { body: approved } = await approvalFixtures(() => server).decide(
      ioana,
      await f.userId('ioana@harbourlight.example'),
      [request!.id],
      office,
    );
    expect(approved.results[0]).toMatchObject({ status: 'approved' });
    expect(new Money(before.balance).minus((await f.row(eur.accountId)).balance).toFixed(2)).toBe(
      '300.50',
    );
    const [transfer] = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, approved.results[0]!.transactionId!));
    expect(transfer).toMatchObject({ kind: 'wire', status: 'settled' });
  });
});

describe('refusals', () => {
  it('refuses another customer’s account as not found, and a type the flags do not allow', async () => {
    const theirs = await f.accountIn(anna, 'EUR');
    const before = await f.postingCount();
    const calls: [string, Record<string, unknown>][] = [
      ['transferWire', sepaWire(theirs.accountId)],
      [
        'transferEft',
        {
          fromAccount: theirs.accountId,
          amount: '5',
          currency: 'EUR',
          countryCode: 'CA',
          beneficiaryName: 'X',
          accountNumber: '12345678',
          idempotencyKey: f.key(),
        },
      ],
      [
        'transferOct',
        {
          fromAccount: theirs.accountId,
          amount: '5',
          currency: 'EUR',
          countryCode: 'GB',
          cardNumber: CARD,
          cardholderName: 'X',
          idempotencyKey: f.key(),
        },
      ],
      [
        'getExternalTransferFee',
        {
          type: 'wire',
          fromAccount: theirs.accountId,
          countryCode: 'DE',
          currency: 'EUR',
          amount: '1',
        },
      ],
      [
        'getExternalMaxAmount',
        { type: 'wire', fromAccount: theirs.accountId, countryCode: 'DE', currency: 'EUR' },
      ],
      ['getExternalLimits', { type: 'wire', fromAccount: theirs.accountId, countryCode: 'DE' }],
      ['getTransferDetails', { type: 'wire', fromAccount: theirs.accountId, countryCode: 'DE' }],
    ];
    for (const [method, body] of calls) {
      const answer = await f.send(method, personal, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.responseCode).toBe('ENOA');
    }
    // Anna's own transfer is not the personal customer's to look at.
    const annas = await f.call('transferWire', anna, sepaWire(theirs.accountId, { amount: '5' }));
    expect(annas.status).toBe(200);
    const peek = await f.call('getExternalTransferStatus', personal, {
      transactionId: annas.body.transactionId,
    });
    expect(peek.status).toBe(404);

    const userId = await f.userId('personal@ledgerline.test');
    const customerId = await f.customerIdOf('personal@ledgerline.test');
    const [flags] = await f
      .db()
      .select()
      .from(transferPermissions)
      .where(
        and(eq(transferPermissions.userId, userId), eq(transferPermissions.customerId, customerId)),
      );
    await f
      .db()
      .update(transferPermissions)
      .set({ flags: { ...flags!.flags, 'otherPerson.wire': false } })
      .where(eq(transferPermissions.id, flags!.id));
    const mine = await f.accountIn(personal, 'EUR');
    const counted = await f.postingCount();
    const refused = await f.call('transferWire', personal, sepaWire(mine.accountId));
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
    // The own-account flag is a separate one: paying oneself abroad still works.
    const own = await f.call(
      'transferWire',
      personal,
      sepaWire(mine.accountId, {
        toOwnAccount: true,
        beneficiaryName: 'Petra Lindqvist',
        amount: '5',
      }),
    );
    expect(own.status).toBe(200);
    // The wire sent earlier is now hidden from the recent list unless asked for.
    const { body: recent } = await f.call('getRecentTransfers', personal, {
      type: 'wire',
      limit: 5,
      includeDisabled: true,
    });
    expect(recent.transfers.some((item) => item.isDisabled && item.permission === '3d')).toBe(true);
    await f
      .db()
      .update(transferPermissions)
      .set({ flags: flags!.flags })
      .where(eq(transferPermissions.id, flags!.id));
    expect(await f.postingCount()).toBeGreaterThan(counted);
    expect(counted).toBeGreaterThan(before);
  });
});

describe('fuzzing every external method', () => {
  it('answers a clear 4xx to any broken payload and posts nothing', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const theirs = await f.accountIn(anna, 'EUR');
    // Opened and funded by the Interac test above.
    const cad = await f.accountIn(personal, 'CAD');
    const badId = [theirs.accountId, ...HOSTILE_IDS, 'x', true, {}, []];
    const badAmount = [
      '0',
      '-1',
      '1.000000001',
      '0.005',
      '0.00000001',
      '1e3',
      '',
      'abc',
      12,
      '1'.repeat(30),
      '0.00',
      {},
      '99999999',
    ];
    const badText = [1, true, {}, [], 'x'.repeat(300)];
    const badKey = ['not-a-uuid', '', 1, {}];
    const badCountry = ['de', 'DEU', '', 1, {}];
    const badParams = [
      'x',
      [{ name: 'purposeOfPayment' }],
      [{ name: 'purposeOfPayment', value: 'NOPE' }],
      [{ name: 'x'.repeat(65), value: '1' }],
      [1],
      Array(31).fill({ name: 'a', value: 'b' }),
    ];
    const common = (valid: Record<string, unknown>) => ({
      fromAccount: badId,
      amount: badAmount,
      currency: ['usd', 'EURO', 1, 'USD'],
      countryCode: badCountry,
      idempotencyKey: badKey,
      description: badText,
      toOwnAccount: ['yes', 1],
      extraParams: badParams,
      ...valid,
    });
    const base: Record<string, { valid: Record<string, unknown>; bad: Record<string, unknown[]> }> =
      {
        transferWire: {
          valid: sepaWire(eur.accountId),
          bad: common({
            scheme: ['wire', 1],
            beneficiaryName: ['', ...badText],
            iban: ['DE00370400440532013000', 'X', 1, 'DE89 3704 0044 0532 0130 0!'],
            swift: ['ABC', 1],
            routingNumber: ['123', 'abcdefghi'],
            sortCode: ['12-34-56', 1],
          }),
        },
        transferEft: {
          valid: {
            fromAccount: eur.accountId,
            amount: '5',
            currency: 'EUR',
            countryCode: 'CA',
            beneficiaryName: 'X',
            accountNumber: '12345678',
            idempotencyKey: f.key(),
          },
          bad: common({
            countryCode: ['JP', 'BR', ...badCountry],
            accountNumber: ['1', '', 1, 'x'.repeat(40)],
            bankCode: ['', '!!', 1],
            branchCode: ['', '!!', 1],
          }),
        },
        transferOct: {
          valid: {
            fromAccount: eur.accountId,
            amount: '5',
            currency: 'EUR',
            countryCode: 'GB',
            cardNumber: CARD,
            cardholderName: 'X',
            idempotencyKey: f.key(),
          },
          bad: common({
            cardNumber: [BLOCKED_CARD, '4111111111111112', '1234', '', 1, 'x'.repeat(30)],
            cardholderName: ['', ...badText],
          }),
        },
        transferCryptoEft: {
          valid: {
            fromAccount: eur.accountId,
            amount: '20',
            currency: 'EUR',
            countryCode: 'DE',
            network: 'ethereum',
            walletAddress: ETH_WALLET,
            extraParams: [{ name: 'walletOwnership', value: 'self' }],
            idempotencyKey: f.key(),
          },
          bad: common({
            network: ['dogecoin', 1],
            walletAddress: ['0x1', '', 1, 'x'.repeat(120)],
            beneficiaryName: ['', ...badText],
          }),
        },
        transferInstantPayment: {
          valid: {
            fromAccount: eur.accountId,
            amount: '5',
            currency: 'EUR',
            countryCode: 'BR',
            instantKeyType: 'email',
            instantKey: 'ana@exemplo.com.br',
            idempotencyKey: f.key(),
          },
          bad: common({ instantKeyType: ['cpf', 1], instantKey: ['not-a-key', '', 1] }),
        },
        transferInterac: {
          valid: {
            fromAccount: cad.accountId,
            amount: '5',
            currency: 'CAD',
            countryCode: 'CA',
            beneficiaryName: 'X',
            email: 'x@example.ca',
            securityQuestion: 'Q?',
            securityAnswer: 'maple',
            idempotencyKey: f.key(),
          },
          bad: common({
            email: ['no-at', 1],
            phone: ['123', 1],
            securityQuestion: ['', 'x'.repeat(41), 1],
            securityAnswer: ['ab', 'two words', 1],
          }),
        },
        getExternalTransferFee: {
          valid: {
            type: 'wire',
            fromAccount: eur.accountId,
            countryCode: 'DE',
            currency: 'EUR',
            amount: '1',
          },
          bad: {
            type: ['p2p', 1],
            fromAccount: badId,
            countryCode: badCountry,
            currency: ['usd', 'USD', 1],
            amount: badAmount.filter((value) => value !== '99999999'),
            scheme: ['x', 1],
          },
        },
        getExternalMaxAmount: {
          valid: { type: 'oct', fromAccount: eur.accountId, countryCode: 'GB', currency: 'EUR' },
          bad: {
            type: ['p2p', 1],
            fromAccount: badId,
            countryCode: badCountry,
            currency: ['usd', 'USD', 1],
            scheme: ['x', 1],
          },
        },
        getExternalLimits: {
          valid: { type: 'oct', fromAccount: eur.accountId, countryCode: 'GB' },
          bad: { type: ['p2p', 1], fromAccount: badId, countryCode: badCountry },
        },
        getExtraParams: {
          valid: { type: 'wire', countryCode: 'DE', currency: 'EUR' },
          bad: { type: ['p2p', 1], countryCode: badCountry, currency: ['usd', 1] },
        },
        getTransferDetails: {
          valid: { type: 'wire', fromAccount: eur.accountId, countryCode: 'DE' },
          bad: { type: ['p2p', 1], fromAccount: badId, countryCode: badCountry },
        },
        getExternalTransferStatus: {
          valid: { transactionId: f.key() },
          bad: { transactionId: ['x', 1, {}, ''] },
        },
      };
    expect(Object.keys(base).sort()).toEqual(Object.keys(externalTransferMethods).sort());
    const methods = Object.keys(base);
    // Only the submits post: every one of them with a broken field must leave the ledger alone.
    const before = await f.postingCount();
    const payloads = fc.constantFrom(...methods).chain((method) => {
      const spec = base[method]!;
      const fields = Object.keys(spec.bad);
      const mutations = fc
        .uniqueArray(fc.constantFrom(...fields), {
          minLength: 1,
          maxLength: Math.min(3, fields.length),
        })
        .chain((chosen) =>
          fc.tuple(
            ...chosen.map((field) =>
              fc.tuple(fc.constant(field), fc.constantFrom(...spec.bad[field]!)),
            ),
          ),
        );
      return fc.tuple(fc.constant(method), mutations, fc.boolean());
    });
    await fc.assert(
      fc.asyncProperty(payloads, async ([method, mutations, extra]) => {
        const spec = base[method]!;
        const payload: Record<string, unknown> = {
          ...spec.valid,
          ...Object.fromEntries(mutations),
        };
        if (
          'idempotencyKey' in spec.valid &&
          !mutations.some(([field]) => field === 'idempotencyKey')
        )
          payload.idempotencyKey = f.key();
        if (extra) payload.unexpectedField = 1;
        const response = await server.main(method, jsonText(payload), { token: personal });
        const context = `${method} ${jsonText(payload).slice(0, 300)}`;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        expect(response.json().responseDescription.length, context).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
    expect(await f.postingCount()).toBe(before);
    // Nothing of another customer's was touched either.
    const annaTransfers = await f
      .db()
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.customerId, [await f.customerIdOf('anna@pebble.example')]));
    expect(annaTransfers.length).toBeGreaterThan(0);
  });
});

describe('amounts finer than the currency (issue 12)', () => {
  it('refuses every external transfer and its fee quote with the amount error, and posts nothing', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    // Opened and funded by the Interac test above.
    const cad = await f.accountIn(personal, 'CAD');
    const submits: Record<string, Record<string, unknown>> = {
      transferWire: sepaWire(eur.accountId),
      transferEft: {
        fromAccount: eur.accountId,
        currency: 'EUR',
        countryCode: 'CA',
        beneficiaryName: 'X',
        accountNumber: '12345678',
      },
      transferOct: {
        fromAccount: eur.accountId,
        currency: 'EUR',
        countryCode: 'GB',
        cardNumber: CARD,
        cardholderName: 'X',
      },
      transferCryptoEft: {
        fromAccount: eur.accountId,
        currency: 'EUR',
        countryCode: 'DE',
        network: 'ethereum',
        walletAddress: ETH_WALLET,
        extraParams: [{ name: 'walletOwnership', value: 'self' }],
      },
      transferInstantPayment: {
        fromAccount: eur.accountId,
        currency: 'EUR',
        countryCode: 'BR',
        instantKeyType: 'email',
        instantKey: 'ana@exemplo.com.br',
      },
      transferInterac: {
        fromAccount: cad.accountId,
        currency: 'CAD',
        countryCode: 'CA',
        beneficiaryName: 'X',
        email: 'x@example.ca',
        securityQuestion: 'Q?',
        securityAnswer: 'maple',
      },
    };
    const before = await f.postingCount();
    for (const [method, payload] of Object.entries(submits)) {
      for (const amount of ['0.005', '0.00000001', '20.001']) {
        const answer = await f.send(method, personal, {
          ...payload,
          amount,
          idempotencyKey: f.key(),
        });
        expect(answer.status, `${method} ${amount} ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.validationErrors).toEqual({ amount: 'validation.amountMinorUnits' });
      }
    }
    const fee = await f.call('getExternalTransferFee', personal, {
      type: 'wire',
      fromAccount: eur.accountId,
      countryCode: 'DE',
      currency: 'EUR',
      amount: '0.005',
    });
    expect(fee.status).toBe(400);
    expect(fee.body.validationErrors).toEqual({ amount: 'validation.amountMinorUnits' });
    expect(await f.postingCount()).toBe(before);
    // The same payment in whole cents goes through.
    const cents = await f.call(
      'transferWire',
      personal,
      sepaWire(eur.accountId, { amount: '20.01' }),
    );
    expect(cents.status, JSON.stringify(cents.body)).toBe(200);
  });
});

describe('the source account of an external transfer', () => {
  it('refuses a payout from a receiving account (it only takes money in), posting nothing, while money still moves from it to an own account', async () => {
    const payment = await f.accountIn(personal, 'EUR');
    const customerId = await f.customerIdOf('personal@ledgerline.test');
    const receiving = await f.db().transaction((tx) =>
      createCustomerAccount(tx, {
        customerId,
        type: ACCOUNT_TYPES.receiving,
        currencyCode: 'EUR',
      }),
    );
    const funded = await f.call('transferBetweenAccounts', personal, {
      fromAccount: payment.accountId,
      toAccount: receiving.id,
      toAmount: '200',
      currency: 'EUR',
      idempotencyKey: f.key(),
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const before = { postings: await f.postingCount(), balance: await balanceOf(receiving.id) };

    const wire = await f.call('transferWire', personal, sepaWire(receiving.id));
    expect(wire.status, JSON.stringify(wire.body)).toBe(400);
    expect(wire.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { fromAccount: 'validation.accountCannotSendExternally' },
    });
    expect(await f.postingCount()).toBe(before.postings);
    expect((await balanceOf(receiving.id)).toFixed()).toBe(before.balance.toFixed());

    const back = await f.call('transferBetweenAccounts', personal, {
      fromAccount: receiving.id,
      toAccount: payment.accountId,
      toAmount: '200',
      currency: 'EUR',
      idempotencyKey: f.key(),
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
});
