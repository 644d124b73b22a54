import { and, desc, eq, inArray } from 'drizzle-orm';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { extraParamRules, type ExtraParam, type TransferRequirement } from '@ledgerline/contract';
import { extraParamErrors as checkExtraParams } from '@ledgerline/domain/extra-params';
import {
  EXTERNAL_TRANSFER_TYPES,
  WIRE_SCHEME_CURRENCY,
  isSchemeCountry,
  needsBankAndBranchCode,
  type CryptoNetwork,
  type ExternalTransferType,
  type InstantKeyType,
  type RailStatus,
  type WireScheme,
} from '@ledgerline/domain/external-transfers';
import type { Language } from '@ledgerline/domain/languages';
import type { DbOrTx } from '../../db/client';
import {
  bankBranches,
  banks,
  customerAddresses,
  customers,
  ledgerTransfers,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isBlockedBin } from '../bank-directory';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import {
  extraParamLabel,
  extraParamValueLabel,
  type ExtraParamName,
  type ExtraParamValueCode,
} from './external-messages';
import { feeFor, loadFeeRule } from './fees';
import { usableExternalSource, type Quote } from './quote';
import { QuoteReads } from './quote-reads';

/*
 * External transfers (issue 5; spec 2 §3, §5, §7): what a transfer over a rail would do. The money
 * leaves the customer's account for the rail's clearing account (ledger system account 'clearing'
 * in the account's currency), the fee for fee revenue, in one ledger transfer that the second
 * factor settles like any other; the rail simulator (modules/rails) then delivers it or returns it.
 * Amounts are in the source account's currency: a rail that pays out in another currency converts
 * on its side (the rate is the rail's, outside our ledger).
 *
 * Nothing here stores a card number or an Interac answer in clear: the handler turns them into a
 * keyed fingerprint with the last four digits, and a hash, before the request is hashed or kept.
 */

export interface ExtraParamValue {
  name: string;
  value: string;
}

/** A submit of any external type, as the handler normalised it (every field of every type is optional here; the contract enforced each type's own). */
export interface ExternalInput {
  fromAccount: number;
  amount: string;
  currency: string;
  countryCode: string;
  description?: string | undefined;
  toOwnAccount?: boolean | undefined;
  extraParams?: ExtraParamValue[] | undefined;
  beneficiaryName?: string | undefined;
  beneficiaryAddress?: string | undefined;
  // wire
  scheme?: WireScheme | undefined;
  iban?: string | undefined;
  accountNumber?: string | undefined;
  swift?: string | undefined;
  routingNumber?: string | undefined;
  sortCode?: string | undefined;
  bankName?: string | undefined;
  bankAddress?: string | undefined;
  // eft
  bankCode?: string | undefined;
  branchCode?: string | undefined;
  // oct: never the card number itself
  cardBin?: string | undefined;
  cardLast4?: string | undefined;
  cardFingerprint?: string | undefined;
  cardholderName?: string | undefined;
  // crypto_eft
  network?: CryptoNetwork | undefined;
  walletAddress?: string | undefined;
  // instant_payment
  instantKeyType?: InstantKeyType | undefined;
  instantKey?: string | undefined;
  // interac
  email?: string | undefined;
  phone?: string | undefined;
  securityQuestion?: string | undefined;
  securityAnswerHash?: string | undefined;
}

export type ExternalRequest = { kind: ExternalTransferType } & ExternalInput;

export function isExternalKind(kind: string): kind is ExternalTransferType {
  return (EXTERNAL_TRANSFER_TYPES as readonly string[]).includes(kind);
}

/** The scheme a wire to a country in a currency goes by when the customer does not choose: the domestic one that fits, else SWIFT. */
export function defaultScheme(countryCode: string, currency: string): WireScheme {
  for (const scheme of ['sepa', 'ach', 'fasterPayments'] as const) {
    if (WIRE_SCHEME_CURRENCY[scheme] === currency && isSchemeCountry(scheme, countryCode))
      return scheme;
  }
  return 'swift';
}

/** The fee rule's operation name of a type (wires by scheme: a SEPA transfer costs less than a SWIFT one). */
export function feeOperationOf(type: ExternalTransferType, scheme: WireScheme | undefined): string {
  return type === 'wire' ? `wire.${scheme ?? 'swift'}` : type;
}

export async function externalFee(
  db: DbOrTx,
  brandId: string,
  type: ExternalTransferType,
  scheme: WireScheme | undefined,
  amount: Money,
  currency: string,
): Promise<Money> {
  return feeFor(
    await loadFeeRule(db, brandId, feeOperationOf(type, scheme), currency),
    amount,
    currency,
  );
}

/**
 * What one transfer of a type may carry, in units of the source currency (the rails' own caps:
 * Interac e-Transfer 3 000, card payouts and instant payments 5 000, crypto 10 000, EFT 50 000,
 * wires 1 000 000). The customer's own limits apply on top.
 */
export const RAIL_BOUNDS: Record<ExternalTransferType, { min: string; max: string }> = {
  wire: { min: '1', max: '1000000' },
  eft: { min: '1', max: '50000' },
  oct: { min: '1', max: '5000' },
  crypto_eft: { min: '10', max: '10000' },
  instant_payment: { min: '0.01', max: '5000' },
  interac: { min: '1', max: '3000' },
};

/** Where an external transfer is on its rail, from its ledger status and what the rail simulator recorded. */
export function railStatusOf(status: string, details: Record<string, unknown>): RailStatus {
  if (status === 'pending') return 'awaitingConfirmation';
  if (status === 'rejected') return 'rejected';
  if (status === 'reversed') return 'returned';
  return typeof details.railSettledAt === 'string' ? 'settled' : 'submitted';
}

// ---- Extra parameters -------------------------------------------------------------------------

interface ParamSpec {
  name: ExtraParamName;
  type: 'text' | 'select';
  required: boolean;
  /** Anchored: the whole value must match. */
  pattern?: RegExp;
  maxLength?: number;
  values?: ExtraParamValueCode[];
  options?: { showWhen: string | null; extraParams: ParamSpec[] };
}

const PURPOSE: ParamSpec = {
  name: 'purposeOfPayment',
  type: 'select',
  required: true,
  values: ['GDDS', 'SCVE', 'SALA', 'RENT', 'OTHR'],
  options: {
    showWhen: 'OTHR',
    extraParams: [{ name: 'purposeDetails', type: 'text', required: true, maxLength: 140 }],
  },
};

/** The parameters a transfer of a type to a country in a currency asks for, beyond its own fields. */
function paramSpecs(
  type: ExternalTransferType,
  countryCode: string,
  currency: string,
  scheme: WireScheme | undefined,
): ParamSpec[] {
  switch (type) {
    case 'wire':
      // A SWIFT wire says who pays the correspondent banks; SEPA, ACH and Faster Payments are always shared.
      return (scheme ?? defaultScheme(countryCode, currency)) === 'swift'
        ? [
            PURPOSE,
            { name: 'chargeBearer', type: 'select', required: true, values: ['SHA', 'OUR', 'BEN'] },
          ]
        : [PURPOSE];
    case 'eft':
      if (countryCode === 'BR') {
        return [
          { name: 'accountType', type: 'select', required: true, values: ['checking', 'savings'] },
          {
            name: 'beneficiaryTaxId',
            type: 'text',
            required: true,
            pattern: /^(?:\d{11}|\d{14})$/,
            maxLength: 14,
          },
        ];
      }
      if (countryCode === 'JP') {
        return [
          { name: 'accountType', type: 'select', required: true, values: ['ordinary', 'current'] },
          {
            name: 'beneficiaryNameKana',
            type: 'text',
            required: true,
            pattern: /^[\u30A0-\u30FF\uFF65-\uFF9F ]+$/u,
            maxLength: 48,
          },
        ];
      }
      return [];
    case 'crypto_eft':
      // The travel rule: a payout to someone else's wallet names the owner's address.
      return [
        {
          name: 'walletOwnership',
          type: 'select',
          required: true,
          values: ['self', 'thirdParty'],
          options: {
            showWhen: 'thirdParty',
            extraParams: [
              { name: 'beneficiaryAddress', type: 'text', required: true, maxLength: 256 },
            ],
          },
        },
      ];
    case 'interac':
      return [{ name: 'message', type: 'text', required: false, maxLength: 256 }];
    default:
      return [];
  }
}

function toExtraParam(spec: ParamSpec, lang: Language): ExtraParam {
  return {
    name: spec.name,
    label: extraParamLabel(lang, spec.name),
    type: spec.type,
    required: spec.required,
    pattern: spec.pattern?.source ?? null,
    maxLength: spec.maxLength ?? null,
    values: (spec.values ?? []).map((value) => ({
      value,
      label: extraParamValueLabel(lang, value),
    })),
    options: spec.options
      ? {
          showWhen: spec.options.showWhen,
          extraParams: spec.options.extraParams.map((inner) => toExtraParam(inner, lang)),
        }
      : null,
  };
}

export function extraParamsFor(
  type: ExternalTransferType,
  countryCode: string,
  currency: string,
  scheme: WireScheme | undefined,
  lang: Language,
): ExtraParam[] {
  return paramSpecs(type, countryCode, currency, scheme).map((spec) => toExtraParam(spec, lang));
}

/**
 * The rules of a kind of transfer's extra parameters, built once per type, country, currency and
 * scheme (all checked codes: a bounded set) and kept: a 10,000-row batch asks for the same few.
 * The labels do not take part in the check: any language gives the same rules.
 */
const RULES = new Map<string, ReturnType<typeof extraParamRules>>();
function rulesOf(
  type: ExternalTransferType,
  countryCode: string,
  currency: string,
  scheme: WireScheme | undefined,
): ReturnType<typeof extraParamRules> {
  const key = `${type}:${countryCode}:${currency}:${scheme ?? ''}`;
  let rules = RULES.get(key);
  if (!rules) {
    rules = extraParamRules(extraParamsFor(type, countryCode, currency, scheme, 'en'));
    RULES.set(key, rules);
  }
  return rules;
}

/**
 * Checks the answers against the parameters by domain's one rule (nested ones count only when
 * their select has the showWhen value); answers the validation errors by `extraParams.{name}`
 * (empty when fine).
 */
export function extraParamErrors(
  type: ExternalTransferType,
  countryCode: string,
  currency: string,
  scheme: WireScheme | undefined,
  answers: ExtraParamValue[],
): Record<string, string> {
  const rules = rulesOf(type, countryCode, currency, scheme);
  return Object.fromEntries(
    Object.entries(checkExtraParams(rules, answers)).map(([name, problem]) => [
      `extraParams.${name}`,
      problem,
    ]),
  );
}

// ---- Transfer details: what the customer's profile must hold ----------------------------------

export interface TransferDetailsAnswer {
  hasRequirements: boolean;
  type: ExternalTransferType;
  details: {
    requirements: TransferRequirement[];
    address: {
      address1: string;
      city: string;
      postalCode: string | null;
      countryCode: string;
    } | null;
  };
  isCustomerAddressDateValid: boolean;
  isExtraParamsValid: boolean;
  isCustomerAddressMatchesActive: boolean;
}

const PROFILE_LINK = '/profile';

/**
 * Whether the customer's stored data lets a transfer of a type to a country go (the payer's name
 * and address travel with every cross-border payment: FATF recommendation 16). The active address
 * is the latest confirmed one; its proof must not be out of date or rejected, and it must be in
 * the residence country of the profile. Brazil's rails need the payer's tax id (CPF/CNPJ) for EFT
 * and instant payments, and a crypto payout needs a person's date of birth.
 */
export async function transferDetails(
  db: DbOrTx,
  customerId: number,
  type: ExternalTransferType,
  countryCode: string,
): Promise<TransferDetailsAnswer> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  const [active] = await db
    .select()
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.addressStatus, 'confirmed'),
      ),
    )
    .orderBy(desc(customerAddresses.id))
    .limit(1);
  const requirements: TransferRequirement[] = [];
  let dateValid = true;
  let matches = true;
  if (!active) {
    dateValid = false;
    matches = false;
    requirements.push({
      code: 'addressMissing',
      check: 'isCustomerAddressMatchesActive',
      link: PROFILE_LINK,
    });
  } else {
    if (active.isDocumentOutOfDate || active.proofOfResidenceStatus === 'rejected') {
      dateValid = false;
      requirements.push({
        code: 'addressOutOfDate',
        check: 'isCustomerAddressDateValid',
        link: PROFILE_LINK,
      });
    }
    if (
      customer.residenceCountryCode !== null &&
      customer.residenceCountryCode !== active.countryCode
    ) {
      matches = false;
      requirements.push({
        code: 'addressNotActive',
        check: 'isCustomerAddressMatchesActive',
        link: PROFILE_LINK,
      });
    }
  }
  let extraValid = true;
  if (countryCode === 'BR' && (type === 'eft' || type === 'instant_payment') && !customer.taxId) {
    extraValid = false;
    requirements.push({ code: 'taxIdMissing', check: 'isExtraParamsValid', link: PROFILE_LINK });
  }
  if (type === 'crypto_eft' && customer.customerType === 0 && !customer.birthDay) {
    extraValid = false;
    requirements.push({ code: 'birthDayMissing', check: 'isExtraParamsValid', link: PROFILE_LINK });
  }
  return {
    hasRequirements: requirements.length > 0,
    type,
    details: {
      requirements,
      address: active
        ? {
            address1: active.address1,
            city: active.city,
            postalCode: active.postalCode,
            countryCode: active.countryCode,
          }
        : null,
    },
    isCustomerAddressDateValid: dateValid,
    isExtraParamsValid: extraValid,
    isCustomerAddressMatchesActive: matches,
  };
}

const REQUIREMENT_TEXT: Record<TransferRequirement['code'], string> = {
  addressMissing: 'Add your home address in your profile before you send money abroad',
  addressOutOfDate: 'Your proof of address is out of date: update it in your profile',
  addressNotActive:
    'Your address does not match your country of residence: update it in your profile',
  taxIdMissing: 'Add your tax number (CPF/CNPJ) in your profile for payments to Brazil',
  birthDayMissing: 'Add your date of birth in your profile for crypto payouts',
};

function requirementError(requirement: TransferRequirement): AppError {
  const field = requirement.code.startsWith('address')
    ? 'address'
    : requirement.code === 'taxIdMissing'
      ? 'taxId'
      : 'birthDay';
  return AppError.invalid(
    { [field]: `validation.${requirement.code}` },
    REQUIREMENT_TEXT[requirement.code],
  );
}

// ---- The quote ----------------------------------------------------------------------------------

/** For countries whose EFT needs bank and branch codes: when the directory knows the country's banks, the codes must be among them. */
async function checkBankAndBranch(
  db: DbOrTx,
  countryCode: string,
  bankCode: string,
  branchCode: string,
): Promise<void> {
  const [anyBank] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(eq(banks.countryCode, countryCode))
    .limit(1);
  if (!anyBank) return;
  const [bank] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.countryCode, countryCode), eq(banks.bankCode, bankCode)));
  if (!bank)
    throw AppError.invalid(
      { bankCode: 'validation.bankNotFound' },
      'This bank code is not known for the country',
    );
  const [branch] = await db
    .select({ id: bankBranches.id })
    .from(bankBranches)
    .where(and(eq(bankBranches.bankId, bank.id), eq(bankBranches.code, branchCode)));
  if (!branch)
    throw AppError.invalid(
      { branchCode: 'validation.branchNotFound' },
      'This branch code is not known for the bank',
    );
}

function masked(value: string, keep = 4): string {
  return value.length <= keep ? value : `•••• ${value.slice(-keep)}`;
}

/** Who is paid, for the second factor (PSD2 dynamic linking: the destination is bound into the code) and the lists. */
async function destinationOf(
  reads: QuoteReads,
  request: ExternalRequest,
): Promise<{ key: string; shown: string; name: string }> {
  const name = request.beneficiaryName ?? request.cardholderName ?? '';
  switch (request.kind) {
    case 'wire': {
      if (request.iban) {
        const iban = electronicFormatIBAN(request.iban) ?? '';
        if (!isValidIBAN(iban))
          throw AppError.invalid({ iban: 'validation.iban' }, 'The IBAN is not valid');
        if (request.scheme === 'sepa' && !isSchemeCountry('sepa', iban.slice(0, 2)))
          throw AppError.invalid(
            { iban: 'validation.schemeCountry' },
            'A SEPA transfer needs an IBAN of a SEPA country',
          );
        return { key: `iban:${iban}`, shown: masked(iban), name };
      }
      if (request.swift && !isValidBIC(request.swift.toUpperCase()))
        throw AppError.invalid({ swift: 'validation.swift' }, 'The SWIFT/BIC code is not valid');
      const bank = request.routingNumber ?? request.sortCode ?? request.swift?.toUpperCase() ?? '';
      return {
        key: `account:${bank}:${request.accountNumber ?? ''}`,
        shown: masked(request.accountNumber ?? ''),
        name,
      };
    }
    case 'eft': {
      if (needsBankAndBranchCode(request.countryCode))
        await reads.once(
          ['bankAndBranch', request.countryCode, request.bankCode, request.branchCode],
          (db) =>
            checkBankAndBranch(
              db,
              request.countryCode,
              request.bankCode ?? '',
              request.branchCode ?? '',
            ),
        );
      return {
        key: `eft:${request.countryCode}:${request.bankCode ?? ''}:${request.branchCode ?? ''}:${request.accountNumber ?? ''}`,
        shown: masked(request.accountNumber ?? ''),
        name,
      };
    }
    case 'oct': {
      if (
        await reads.once(['blockedBin', request.cardBin], (db) =>
          isBlockedBin(db, request.cardBin ?? ''),
        )
      )
        throw AppError.invalid(
          { cardNumber: 'validation.binBlocked' },
          'Payouts to this card are not possible',
        );
      return {
        key: `card:${request.cardFingerprint ?? ''}`,
        shown: `•••• ${request.cardLast4 ?? ''}`,
        name,
      };
    }
    case 'crypto_eft':
      return {
        key: `wallet:${request.network ?? ''}:${request.walletAddress ?? ''}`,
        shown: `${request.network ?? ''} ${masked(request.walletAddress ?? '', 6)}`,
        name,
      };
    case 'instant_payment':
      return {
        key: `instant:${request.instantKeyType ?? ''}:${request.instantKey ?? ''}`,
        shown: request.instantKey ?? '',
        name,
      };
    case 'interac': {
      const to = request.email?.toLowerCase() ?? request.phone ?? '';
      return { key: `interac:${to}`, shown: to, name };
    }
  }
}

/**
 * The quote of an external transfer: the customer's own usable account in the currency, the
 * profile requirements, the extra parameters, the destination checks (IBAN, BIC, bank and branch
 * codes, blocked BINs), the rail's bounds and the fee. `db` must be a transaction when the quote
 * is executed (the clearing account is created on first use).
 */
export async function quoteExternal(
  db: DbOrTx,
  customerId: number,
  request: ExternalRequest,
  reads = QuoteReads.direct(db),
): Promise<Quote> {
  const brandId = await reads.brand(customerId);
  const from = await reads.account(customerId, request.fromAccount);
  usableExternalSource(from, 'fromAccount');
  if (request.currency !== from.currencyCode)
    throw AppError.invalid(
      { currency: 'validation.currencyMismatch' },
      'The currency must be the source account’s',
    );
  requireMinorUnits(request.amount, from.currencyCode, 'amount');
  const details = await reads.once(
    ['transferDetails', customerId, request.kind, request.countryCode],
    (db) => transferDetails(db, customerId, request.kind, request.countryCode),
  );
  const first = details.details.requirements[0];
  if (first) throw requirementError(first);
  const paramErrors = extraParamErrors(
    request.kind,
    request.countryCode,
    request.currency,
    request.scheme,
    request.extraParams ?? [],
  );
  if (Object.keys(paramErrors).length > 0)
    throw AppError.invalid(
      paramErrors,
      'Some extra details of the transfer are missing or not valid',
    );
  const destination = await destinationOf(reads, request);
  const amount = new Money(request.amount);
  const bounds = RAIL_BOUNDS[request.kind];
  if (amount.lessThan(bounds.min))
    throw AppError.invalid(
      { amount: 'validation.railMinimum' },
      `The smallest amount this transfer can carry is ${bounds.min} ${from.currencyCode}`,
    );
  if (amount.greaterThan(bounds.max))
    throw AppError.invalid(
      { amount: 'validation.railMaximum' },
      `The largest amount this transfer can carry is ${bounds.max} ${from.currencyCode}`,
    );
  const fee = feeFor(
    await reads.feeRule(brandId, feeOperationOf(request.kind, request.scheme), from.currencyCode),
    amount,
    from.currencyCode,
  );
  const clearing = await reads.systemAccount('clearing', from.currencyCode);
  const payeeText = destination.name
    ? `${destination.name} (${destination.shown})`
    : destination.shown;
  return {
    kind: request.kind,
    from,
    to: clearing,
    sourceAmount: amount,
    toAmount: amount,
    fee,
    rate: '1',
    payeeText,
    payeeKey: destination.key,
    details: {
      fromAccount: from.id,
      toAccount: null,
      toAmount: moneyText(amount),
      toCurrency: from.currencyCode,
      rate: '1',
      fee: moneyText(fee),
      email: null,
      name: destination.name || null,
      description: request.description ?? null,
      beneficiary: payeeText,
      payeeText,
      toOwnAccount: request.toOwnAccount === true,
      countryCode: request.countryCode,
      rail: {
        type: request.kind,
        scheme: request.scheme ?? null,
        destination: destination.shown,
        bankCode: request.bankCode ?? null,
        branchCode: request.branchCode ?? null,
        swift: request.swift?.toUpperCase() ?? null,
        network: request.network ?? null,
        instantKeyType: request.instantKeyType ?? null,
        securityQuestion: request.securityQuestion ?? null,
        extraParams: request.extraParams ?? [],
      },
    },
  };
}

/** An external transfer of the customer and the reversal that returned it, if any; another's is not found. */
export async function externalTransferWithReversal(
  db: DbOrTx,
  customerId: number,
  transferId: string,
) {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.id, transferId),
        eq(ledgerTransfers.customerId, customerId),
        inArray(ledgerTransfers.kind, [...EXTERNAL_TRANSFER_TYPES]),
      ),
    );
  if (!row) throw AppError.notFound('Transfer not found');
  const [reversal] = await db
    .select({ id: ledgerTransfers.id, createdAt: ledgerTransfers.createdAt })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reversesTransferId, row.id));
  return { row, reversal };
}
