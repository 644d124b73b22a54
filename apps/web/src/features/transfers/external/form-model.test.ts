import { describe, expect, it } from 'vitest';
import {
  transferInteracRequestSchema,
  transferOctRequestSchema,
  transferWireRequestSchema,
  type ExtraParam,
} from '@ledgerline/contract';
import {
  allowedTypes,
  buildRequest,
  emptyValues,
  extraParamProblem,
  isBinBlocked,
  payeeOf,
  visibleExtraParams,
  wireSchemesFor,
} from './form-model';

const KEY = '3f1c2b7a-9d4e-4f6a-8b2c-1d0e9f8a7b6c';
const SCHEMES = { sepa: ['DE', 'ES', 'FR', 'GB'], ach: ['US'], fasterPayments: ['GB'] };

function param(overrides: Partial<ExtraParam> & { name: string }): ExtraParam {
  return {
    label: overrides.name,
    type: 'text',
    required: false,
    pattern: null,
    maxLength: null,
    values: [],
    options: null,
    ...overrides,
  };
}

describe('allowedTypes', () => {
  it.each([
    [{}, []],
    [{ 'otherPerson.wire': true }, ['wire']],
    [{ 'ownAccount.eft': true }, ['eft']],
    [
      { 'otherPerson.digital': true, 'otherPerson.instant': true },
      ['crypto_eft', 'instant_payment'],
    ],
    [
      { 'otherPerson.oct': false, 'ownAccount.oct': false, 'otherPerson.interac': true },
      ['interac'],
    ],
    [{ 'otherPerson.p2p': true, 'ownAccount.betweenAccounts': true }, []],
    [
      {
        'otherPerson.wire': true,
        'otherPerson.eft': true,
        'otherPerson.oct': true,
        'otherPerson.digital': true,
        'otherPerson.instant': true,
        'otherPerson.interac': true,
      },
      ['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac'],
    ],
  ])('flags %j offer %j', (flags, types) => {
    expect(allowedTypes(flags)).toEqual(types);
  });
});

describe('wireSchemesFor', () => {
  it.each([
    ['ES', 'EUR', ['sepa', 'swift']],
    ['ES', 'USD', ['swift']],
    ['US', 'USD', ['ach', 'swift']],
    ['GB', 'GBP', ['fasterPayments', 'swift']],
    ['GB', 'EUR', ['sepa', 'swift']],
    ['JP', 'EUR', ['swift']],
    ['', 'EUR', ['swift']],
  ])('%s in %s travels by %j', (country, currency, schemes) => {
    expect(wireSchemesFor(SCHEMES, country, currency)).toEqual(schemes);
  });

  it('offers SWIFT alone while the scheme lists are not there yet', () => {
    expect(wireSchemesFor(undefined, 'ES', 'EUR')).toEqual(['swift']);
  });
});

describe('extra parameters', () => {
  const nested: ExtraParam[] = [
    param({
      name: 'purpose',
      type: 'select',
      required: true,
      values: [
        { value: 'salary', label: 'Salary' },
        { value: 'other', label: 'Other' },
      ],
      options: {
        showWhen: 'other',
        extraParams: [param({ name: 'purposeText', required: true, maxLength: 5 })],
      },
    }),
    param({ name: 'taxCode', pattern: '[0-9]{4}' }),
  ];

  it('shows a nested list only when its select has the answer that opens it', () => {
    expect(visibleExtraParams(nested, {}).map((item) => item.name)).toEqual(['purpose', 'taxCode']);
    expect(visibleExtraParams(nested, { purpose: 'salary' }).map((item) => item.name)).toEqual([
      'purpose',
      'taxCode',
    ]);
    expect(visibleExtraParams(nested, { purpose: 'other' }).map((item) => item.name)).toEqual([
      'purpose',
      'purposeText',
      'taxCode',
    ]);
  });

  it('checks required, offered values, length and the server pattern', () => {
    const [purpose, taxCode] = nested as [ExtraParam, ExtraParam];
    const purposeText = purpose.options?.extraParams[0] as ExtraParam;
    expect(extraParamProblem(purpose, '')).toBe('validation.required');
    expect(extraParamProblem(purpose, 'bribe')).toBe('validation.option');
    expect(extraParamProblem(purpose, 'salary')).toBeUndefined();
    expect(extraParamProblem(purposeText, 'toolong')).toBe('validation.tooLong');
    expect(extraParamProblem(taxCode, '')).toBeUndefined();
    expect(extraParamProblem(taxCode, '12a4')).toBe('validation.format');
    expect(extraParamProblem(taxCode, '1234')).toBeUndefined();
  });

  it('sends only the answers of parameters that apply', () => {
    const values = {
      ...emptyValues(),
      fromAccount: '100',
      countryCode: 'ES',
      amount: '10',
      scheme: 'sepa',
      beneficiaryName: 'Ana',
      iban: 'ES9121000418450200051332',
    };
    const request = buildRequest(
      'wire',
      { ...values, extra: { purpose: 'salary', purposeText: 'stale', taxCode: ' ' } },
      { currency: 'EUR', extraParams: nested },
    );
    expect(request.extraParams).toEqual([{ name: 'purpose', value: 'salary' }]);
  });
});

describe('buildRequest', () => {
  it('makes a SEPA wire with only the fields SEPA takes, valid for the contract', () => {
    const values = {
      ...emptyValues(),
      fromAccount: '100',
      countryCode: 'ES',
      amount: ' 125,50 ',
      scheme: 'sepa',
      beneficiaryName: ' Lucía Fernández ',
      iban: 'ES91 2100 0418 4502 0005 1332',
      accountNumber: '12345678',
      swift: 'CAIXESBBXXX',
      description: '',
    };
    const request = buildRequest('wire', values, { currency: 'EUR', extraParams: [] });
    expect(request).toEqual({
      fromAccount: 100,
      amount: '125.50',
      currency: 'EUR',
      countryCode: 'ES',
      scheme: 'sepa',
      beneficiaryName: 'Lucía Fernández',
      iban: 'ES91 2100 0418 4502 0005 1332',
    });
    expect(transferWireRequestSchema.safeParse({ ...request, idempotencyKey: KEY }).success).toBe(
      true,
    );
  });

  it('refuses (through the contract) a SEPA wire without an IBAN, naming the field', () => {
    const values = {
      ...emptyValues(),
      fromAccount: '100',
      countryCode: 'ES',
      amount: '10',
      scheme: 'sepa',
      beneficiaryName: 'Ana',
    };
    const parsed = transferWireRequestSchema.safeParse({
      ...buildRequest('wire', values, { currency: 'EUR', extraParams: [] }),
      idempotencyKey: KEY,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toContain('iban');
  });

  it('sends a card number without spaces and an Interac transfer to Canada whatever the country field says', () => {
    const oct = buildRequest(
      'oct',
      {
        ...emptyValues(),
        fromAccount: '7',
        countryCode: 'GB',
        amount: '10',
        cardNumber: '4111 1111 1111 1111',
        cardholderName: 'Ana Pop',
      },
      { currency: 'EUR', extraParams: [] },
    );
    expect(oct).toMatchObject({ cardNumber: '4111111111111111', cardholderName: 'Ana Pop' });
    expect(transferOctRequestSchema.safeParse({ ...oct, idempotencyKey: KEY }).success).toBe(true);

    const interac = buildRequest(
      'interac',
      {
        ...emptyValues(),
        fromAccount: '7',
        countryCode: 'ES',
        amount: '10',
        beneficiaryName: 'Ana',
        email: 'ana@example.ca',
        securityQuestion: 'Pet?',
        securityAnswer: 'Rex123',
        toOwnAccount: true,
      },
      { currency: 'CAD', extraParams: [] },
    );
    expect(interac).toMatchObject({ countryCode: 'CA', toOwnAccount: true });
    expect(interac).not.toHaveProperty('phone');
    expect(
      transferInteracRequestSchema.safeParse({ ...interac, idempotencyKey: KEY }).success,
    ).toBe(true);
  });
});

describe('isBinBlocked', () => {
  it.each([
    ['5105 1051 0510 5100', ['510510'], true],
    ['4571 7360 1234 5678', ['45717360'], true],
    ['4571 7361 1234 5678', ['45717360'], false],
    ['4111111111111111', [510510, '401288'], false],
    ['51051', ['510510'], false],
    // The list's items arrive as numbers after the client's number coercion.
    ['5105105105105100', [510510], true],
  ])('%s against %j is %s', (card, bins, blocked) => {
    expect(isBinBlocked(card, bins)).toBe(blocked);
  });
});

describe('payeeOf', () => {
  it('names the payee and where the money goes, a card only by its last four digits', () => {
    expect(
      payeeOf('wire', {
        ...emptyValues(),
        beneficiaryName: 'Ana',
        iban: 'ES91 2100 0418 4502 0005 1332',
      }),
    ).toBe('Ana · ES9121000418450200051332');
    expect(
      payeeOf('oct', {
        ...emptyValues(),
        cardholderName: 'Ana Pop',
        cardNumber: '4111 1111 1111 1111',
      }),
    ).toBe('Ana Pop · •••• 1111');
  });
});
