import { extraParamRules, type ExtraParam, type MainRequest } from '@ledgerline/contract';
import {
  extraParamProblem as checkExtraParam,
  type ExtraParamProblem,
} from '@ledgerline/domain/extra-params';
import {
  EXTERNAL_PERMISSION_OPERATION,
  EXTERNAL_TRANSFER_TYPES,
  WIRE_SCHEME_CURRENCY,
  externalPermissionFlag,
  type ExternalTransferType,
  type WireScheme,
} from '@ledgerline/domain/external-transfers';

/*
 * The external-transfer form as data: which types a user may use, the wire scheme a country and
 * currency imply, the extra parameters that apply, and the request each type's submit takes. Pure,
 * so the rules are tested without rendering; the contract's request schemas validate the result.
 */

export type { ExternalTransferType, WireScheme };

/** The submit method of each type (spec 2 §7 "External transfers": one call per type). */
export const SUBMIT_METHOD = {
  wire: 'transferWire',
  eft: 'transferEft',
  oct: 'transferOct',
  crypto_eft: 'transferCryptoEft',
  instant_payment: 'transferInstantPayment',
  interac: 'transferInterac',
} as const satisfies Record<ExternalTransferType, string>;

export type SubmitMethod = (typeof SUBMIT_METHOD)[ExternalTransferType];
export type SubmitRequest = MainRequest<SubmitMethod>;

/**
 * The types the user's permission flags allow (spec 2 §6), in the spec's order: a type is offered
 * when either group grants it — to someone else, or to the customer's own account at another bank.
 */
export function allowedTypes(
  permissions: Readonly<Record<string, boolean>>,
): ExternalTransferType[] {
  return EXTERNAL_TRANSFER_TYPES.filter(
    (type) =>
      permissions[externalPermissionFlag(type, false)] === true ||
      permissions[externalPermissionFlag(type, true)] === true,
  );
}

/** Whether the flag of one group allows the type (the "my own account" choice needs the own-account flag). */
export function groupAllows(
  permissions: Readonly<Record<string, boolean>>,
  type: ExternalTransferType,
  toOwnAccount: boolean,
): boolean {
  return (
    permissions[
      `${toOwnAccount ? 'ownAccount' : 'otherPerson'}.${EXTERNAL_PERMISSION_OPERATION[type]}`
    ] === true
  );
}

export interface SchemeCountries {
  sepa: readonly string[];
  ach: readonly string[];
  fasterPayments: readonly string[];
}

/**
 * The schemes a wire to a country in a currency can take: the domestic scheme that reaches the
 * country in its currency (SEPA in EUR, ACH in USD, Faster Payments in GBP) first, SWIFT always.
 */
export function wireSchemesFor(
  countries: SchemeCountries | undefined,
  countryCode: string,
  currency: string,
): WireScheme[] {
  const domestic: WireScheme[] = [];
  if (countries && countryCode) {
    const lists: [WireScheme, readonly string[]][] = [
      ['sepa', countries.sepa],
      ['ach', countries.ach],
      ['fasterPayments', countries.fasterPayments],
    ];
    for (const [scheme, list] of lists) {
      if (list.includes(countryCode) && WIRE_SCHEME_CURRENCY[scheme] === currency)
        domestic.push(scheme);
    }
  }
  return [...domestic, 'swift'];
}

/** Countries an instant payment or Interac transfer can reach: these rails are national. */
export const FIXED_COUNTRY: Partial<Record<ExternalTransferType, string>> = { interac: 'CA' };

/** Rails that move one currency only: the source account must hold it (Interac moves Canadian dollars). */
export const FIXED_CURRENCY: Partial<Record<ExternalTransferType, string>> = { interac: 'CAD' };

/** Every field of every type's form; a type uses its own and ignores the rest. */
export interface ExternalFormValues {
  fromAccount: string;
  countryCode: string;
  amount: string;
  description: string;
  toOwnAccount: boolean;
  scheme: string;
  beneficiaryName: string;
  beneficiaryAddress: string;
  iban: string;
  accountNumber: string;
  swift: string;
  routingNumber: string;
  sortCode: string;
  bankName: string;
  bankAddress: string;
  bankCode: string;
  branchCode: string;
  cardNumber: string;
  cardholderName: string;
  network: string;
  walletAddress: string;
  instantKeyType: string;
  instantKey: string;
  email: string;
  phone: string;
  securityQuestion: string;
  securityAnswer: string;
  /** Answers to the extra parameters, by parameter name. */
  extra: Record<string, string>;
}

export function emptyValues(): ExternalFormValues {
  return {
    fromAccount: '',
    countryCode: '',
    amount: '',
    description: '',
    toOwnAccount: false,
    scheme: '',
    beneficiaryName: '',
    beneficiaryAddress: '',
    iban: '',
    accountNumber: '',
    swift: '',
    routingNumber: '',
    sortCode: '',
    bankName: '',
    bankAddress: '',
    bankCode: '',
    branchCode: '',
    cardNumber: '',
    cardholderName: '',
    network: '',
    walletAddress: '',
    instantKeyType: '',
    instantKey: '',
    email: '',
    phone: '',
    securityQuestion: '',
    securityAnswer: '',
    extra: {},
  };
}

/** The fields each type's form shows (beside account, country, amount and description). */
export const TYPE_FIELDS: Record<ExternalTransferType, readonly (keyof ExternalFormValues)[]> = {
  wire: [
    'scheme',
    'beneficiaryName',
    'beneficiaryAddress',
    'iban',
    'accountNumber',
    'swift',
    'routingNumber',
    'sortCode',
    'bankName',
    'bankAddress',
  ],
  eft: ['beneficiaryName', 'accountNumber', 'bankCode', 'branchCode', 'bankName'],
  oct: ['cardNumber', 'cardholderName'],
  crypto_eft: ['network', 'walletAddress', 'beneficiaryName'],
  instant_payment: ['instantKeyType', 'instantKey', 'beneficiaryName'],
  interac: ['beneficiaryName', 'email', 'phone', 'securityQuestion', 'securityAnswer'],
};

/**
 * The wire fields a scheme asks for: SEPA an IBAN; SWIFT the BIC with an IBAN or an account
 * number; ACH the account and ABA routing numbers; Faster Payments the account number and sort code.
 */
export function wireFieldsFor(scheme: string): (keyof ExternalFormValues)[] {
  const shared: (keyof ExternalFormValues)[] = ['beneficiaryName', 'beneficiaryAddress'];
  switch (scheme) {
    case 'sepa':
      return [...shared, 'iban'];
    case 'ach':
      return [...shared, 'accountNumber', 'routingNumber', 'bankName'];
    case 'fasterPayments':
      return [...shared, 'accountNumber', 'sortCode', 'bankName'];
    default:
      return [...shared, 'iban', 'accountNumber', 'swift', 'bankName', 'bankAddress'];
  }
}

/**
 * The extra parameters that apply with the answers given so far, flat: a select's nested list
 * (options.extraParams) joins when the select's answer is options.showWhen (or always, without it).
 */
export function visibleExtraParams(
  params: readonly ExtraParam[],
  answers: Readonly<Record<string, string>>,
): ExtraParam[] {
  const out: ExtraParam[] = [];
  for (const param of params) {
    out.push(param);
    const nested = param.options;
    if (
      nested &&
      nested.extraParams.length > 0 &&
      (nested.showWhen === null || answers[param.name] === nested.showWhen)
    ) {
      out.push(...visibleExtraParams(nested.extraParams, answers));
    }
  }
  return out;
}

/** The first thing wrong with an extra parameter's answer, as an i18n key (domain's one rule, as the server checks it); undefined when it is fine. */
export function extraParamProblem(
  param: ExtraParam,
  answer: string | undefined,
): ExtraParamProblem | undefined {
  const [rule] = extraParamRules([param]);
  return rule ? checkExtraParam(rule, answer) : undefined;
}

const trimmed = (value: string) => {
  const text = value.trim();
  return text === '' ? undefined : text;
};

/** Drops the keys whose value is undefined (the contract's schemas are strict about unknown keys, not absent ones). */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/**
 * The request of a type's submit (without the idempotency key) from the form's values: only the
 * fields the type (and, for a wire, its scheme) takes, blanks left out, amounts as typed (strings).
 */
export function buildRequest(
  type: ExternalTransferType,
  values: ExternalFormValues,
  context: { currency: string; extraParams: readonly ExtraParam[] },
): Omit<SubmitRequest, 'idempotencyKey'> {
  const extra = visibleExtraParams(context.extraParams, values.extra)
    .map((param) => ({ name: param.name, value: (values.extra[param.name] ?? '').trim() }))
    .filter((answer) => answer.value !== '');
  const common = compact({
    fromAccount: Number(values.fromAccount),
    amount: values.amount.trim().replace(',', '.'),
    currency: context.currency,
    countryCode: FIXED_COUNTRY[type] ?? values.countryCode,
    description: trimmed(values.description),
    toOwnAccount: values.toOwnAccount ? true : undefined,
    extraParams: extra.length > 0 ? extra : undefined,
  });
  const pick = (fields: readonly (keyof ExternalFormValues)[]) =>
    compact(
      Object.fromEntries(
        fields.map((field) => [
          field,
          typeof values[field] === 'string' ? trimmed(values[field]) : undefined,
        ]),
      ),
    );
  switch (type) {
    case 'wire':
      return { ...common, scheme: values.scheme, ...pick(wireFieldsFor(values.scheme)) } as Omit<
        SubmitRequest,
        'idempotencyKey'
      >;
    case 'eft':
      return { ...common, ...pick(TYPE_FIELDS.eft) } as Omit<SubmitRequest, 'idempotencyKey'>;
    case 'oct':
      return {
        ...common,
        ...pick(['cardholderName']),
        cardNumber: values.cardNumber.replace(/\s/g, ''),
      } as Omit<SubmitRequest, 'idempotencyKey'>;
    case 'crypto_eft':
      return { ...common, ...pick(TYPE_FIELDS.crypto_eft) } as Omit<
        SubmitRequest,
        'idempotencyKey'
      >;
    case 'instant_payment':
      return { ...common, ...pick(TYPE_FIELDS.instant_payment) } as Omit<
        SubmitRequest,
        'idempotencyKey'
      >;
    case 'interac':
      return { ...common, ...pick(TYPE_FIELDS.interac) } as Omit<SubmitRequest, 'idempotencyKey'>;
  }
}

/** The card's BIN is on the blocked list (card payouts there are refused, spec 2 §7 "Blocked bin list"). */
export function isBinBlocked(
  cardNumber: string,
  blockedBins: readonly (string | number)[],
): boolean {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.length < 6) return false;
  // The list's items may arrive as numbers (the client's number coercion): compare as text.
  return blockedBins.some((bin) => digits.startsWith(String(bin)));
}

/** Who the money goes to, as the confirmation shows it (amount and payee are what the customer approves). */
export function payeeOf(type: ExternalTransferType, values: ExternalFormValues): string {
  const name = values.beneficiaryName.trim() || values.cardholderName.trim();
  const where = (() => {
    switch (type) {
      case 'wire':
        return values.iban.replace(/\s/g, '') || values.accountNumber.trim();
      case 'eft':
        return values.accountNumber.trim();
      case 'oct': {
        const digits = values.cardNumber.replace(/\D/g, '');
        return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : '';
      }
      case 'crypto_eft':
        return values.walletAddress.trim();
      case 'instant_payment':
        return values.instantKey.trim();
      case 'interac':
        return values.email.trim() || values.phone.trim();
    }
  })();
  return [name, where].filter((part) => part !== '').join(' · ');
}
