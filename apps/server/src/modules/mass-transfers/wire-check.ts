import { MAX_ID } from '@ledgerline/contract';
import { WIRE_SCHEME_CURRENCY, isSchemeCountry } from '@ledgerline/domain/external-transfers';

/*
 * A cheaper first look at a wire row than the contract's schema (issue 19: zod's wire schema was
 * about a third of a 10,000-row upload's work). It answers only for the rows it can vouch for: an
 * IBAN-paid SEPA or SWIFT row whose cells need no trimming. For those it gives exactly the data
 * the schema would give; for every other row it answers null and the schema checks the row, so
 * every error a customer sees (its key, its text, its cell) is still the schema's own.
 * wire-check.test.ts runs both over hostile rows: whatever this accepts, the schema accepts with
 * the same data.
 */

/** The idempotency key the batch rows give the schema (validate.ts): the one this accepts. */
export const ROW_IDEMPOTENCY_KEY = '00000000-0000-4000-8000-000000000000';

const KEYS = new Set([
  'fromAccount',
  'idempotencyKey',
  'beneficiaryName',
  'scheme',
  'iban',
  'swift',
  'countryCode',
  'amount',
  'currency',
  'description',
  'extraParams',
]);

// The contract's own patterns (transfers/methods.ts, bank-directory/methods.ts, dictionaries).
// eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
const AMOUNT = /^\d{1,18}(\.\d{1,8})?$/;
const NON_ZERO = /[1-9]/;
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/;
// eslint-disable-next-line security/detect-unsafe-regex -- anchored, fixed lengths, no nested repetition: linear on any input
const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** Text the schema keeps as it is: a string with nothing to trim, of at most `max` characters. */
function plain(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max && value.trim() === value;
}

/** The extra parameters as the schema gives them back, or null when the schema must look. */
function extraParamsOf(value: unknown): { name: string; value: string }[] | null {
  if (!Array.isArray(value) || value.length > 30) return null;
  const out: { name: string; value: string }[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
    if (Object.getPrototypeOf(entry) !== Object.prototype) return null;
    const { name, value: answer, ...rest } = entry as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return null;
    if (typeof name !== 'string' || name.length < 1 || name.length > 64) return null;
    if (!plain(answer, 256)) return null;
    out.push({ name, value: answer });
  }
  return out;
}

/**
 * The data transferWireRequestSchema gives for `input` when this can vouch that the schema
 * accepts it; null when the schema must decide (and name the errors).
 */
export function quickWireData(input: Record<string, unknown>): Record<string, unknown> | null {
  if (Object.getPrototypeOf(input) !== Object.prototype) return null;
  for (const key of Object.keys(input)) if (!KEYS.has(key)) return null;
  const { fromAccount, idempotencyKey, beneficiaryName, scheme, iban, amount, currency } = input;
  const countryCode = input.countryCode;
  if (
    typeof fromAccount !== 'number' ||
    !Number.isInteger(fromAccount) ||
    fromAccount < 1 ||
    fromAccount > MAX_ID
  )
    return null;
  if (idempotencyKey !== ROW_IDEMPOTENCY_KEY) return null;
  if (typeof amount !== 'string' || !AMOUNT.test(amount) || !NON_ZERO.test(amount)) return null;
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) return null;
  if (typeof countryCode !== 'string' || !COUNTRY.test(countryCode)) return null;
  if (scheme !== 'sepa' && scheme !== 'swift') return null;
  if (!plain(beneficiaryName, 140) || beneficiaryName.length === 0) return null;
  if (typeof iban !== 'string' || iban.length > 64) return null;
  const ibanOut = iban.replace(/[\s-]/g, '').toUpperCase();
  if (!IBAN.test(ibanOut)) return null;

  const data: Record<string, unknown> = {
    fromAccount,
    idempotencyKey,
    beneficiaryName,
    scheme,
    iban: ibanOut,
    countryCode,
    amount,
    currency,
  };
  if ('swift' in input) {
    const swift = input.swift;
    if (typeof swift !== 'string' || swift.length > 32) return null;
    const swiftOut = swift.replace(/\s/g, '').toUpperCase();
    if (!SWIFT.test(swiftOut)) return null;
    data.swift = swiftOut;
  } else if (scheme === 'swift') return null;
  if ('description' in input) {
    if (!plain(input.description, 140)) return null;
    data.description = input.description;
  }
  if ('extraParams' in input) {
    const extraParams = extraParamsOf(input.extraParams);
    if (extraParams === null) return null;
    data.extraParams = extraParams;
  }
  // The schema's scheme rules (its superRefine) for an IBAN-paid SEPA or SWIFT row.
  const schemeCurrency = WIRE_SCHEME_CURRENCY[scheme];
  if (schemeCurrency !== null && currency !== schemeCurrency) return null;
  if (!isSchemeCountry(scheme, countryCode)) return null;
  return data;
}
