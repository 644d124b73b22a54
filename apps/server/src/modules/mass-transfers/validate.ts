import type { z } from 'zod';
import {
  CRYPTO_NETWORKS,
  INSTANT_KEY_TYPES,
  WIRE_SCHEMES,
  transferCryptoEftRequestSchema,
  transferEftRequestSchema,
  transferInstantPaymentRequestSchema,
  transferInteracRequestSchema,
  transferOctRequestSchema,
  transferP2PRequestSchema,
  transferWireRequestSchema,
} from '@ledgerline/contract';
import {
  MASS_COLUMNS,
  MASS_ROW_ERROR_KEY,
  MASS_TYPE_SINGLE_TRANSFER,
  type MassTransferType,
} from '@ledgerline/domain/mass-transfers';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { moneyText } from '../ledger';
import { checkLimits, quoteOf, type QuoteReads, type TransferRequest } from '../transfers';
import { quickWireData, ROW_IDEMPOTENCY_KEY } from './wire-check';

/*
 * One batch row checked with the rules of the single transfer of its type (issue 17): first the
 * contract's own request schema of that transfer (formats, Luhn, IBAN, scheme and country, …),
 * then the transfers module's quote (the source account, profile requirements, bank and branch
 * codes, blocked BINs, the P2P payee of the same brand, the rail's bounds, minor units, the fee)
 * and the customer's limits. Every error lands on the cell (column key) it is about, or on the row
 * ('_'), as the i18n key the single transfer would answer.
 *
 * A card number and an Interac answer are never kept: the row keeps the card's BIN, last four and
 * keyed fingerprint, and the answer's keyed hash (hidden fields), and shows them masked.
 */

const SCHEMAS: Record<MassTransferType, z.ZodType> = {
  wire: transferWireRequestSchema,
  eft: transferEftRequestSchema,
  oct: transferOctRequestSchema,
  digital: transferCryptoEftRequestSchema,
  instant_payment: transferInstantPaymentRequestSchema,
  interac: transferInteracRequestSchema,
  p2p: transferP2PRequestSchema,
};

/** Cells a customer may type in any case that the schema wants spelled one way. */
const SPELLINGS: Record<string, readonly string[]> = {
  scheme: WIRE_SCHEMES,
  network: CRYPTO_NETWORKS,
  instantKeyType: INSTANT_KEY_TYPES,
};
const UPPER_CASE = new Set(['currency', 'countryCode', 'swift', 'iban']);

/** Stands in for the fields the row itself does not give (the schema checks them too). */
const PLACEHOLDER_KEY = ROW_IDEMPOTENCY_KEY;
const MASK = '••••';
/** A Luhn-valid number standing in for a card already checked and kept only as its fingerprint. */
const KEPT_CARD = '4111111111111111';
const KEPT_ANSWER = 'kept-answer';

export interface RowEnv {
  type: MassTransferType;
  customerId: number;
  account: { id: number; currencyCode: string };
  limits: Parameters<typeof checkLimits>[0];
  /** The card vault's keyed fingerprint (card numbers, Interac answers). */
  fingerprint: (value: string) => string;
  /** The quote's reads, made once for the whole batch (the same account, brand, fee rules…). */
  reads: QuoteReads;
}

export interface RowCheck {
  /** The cells to keep: masked secrets and their hidden keyed forms. */
  fields: Record<string, string>;
  errors: Record<string, string>;
  status: 'valid' | 'invalid';
  amount: string | null;
  fee: string | null;
}

function spelled(key: string, value: string): string {
  const options = SPELLINGS[key];
  if (options)
    return options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value;
  return UPPER_CASE.has(key) ? value.toUpperCase() : value;
}

/** The cells the customer sees (the type's columns; hidden keyed fields left out). */
export function visibleFields(
  type: MassTransferType,
  fields: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    MASS_COLUMNS[type].map((column) => [column.key, fields[column.key] ?? '']),
  );
}

/** Keeps only secrets' keyed forms: a new card number or answer replaces the kept one. */
function protectSecrets(env: RowEnv, cells: Record<string, string>): Record<string, string> {
  const out = { ...cells };
  if (env.type === 'oct') {
    const typed = out.cardNumber ?? '';
    if (typed !== '' && !typed.startsWith(MASK)) {
      const digits = typed.replace(/\s/g, '');
      if (/^\d{12,19}$/.test(digits)) {
        out.cardBin = digits.slice(0, 8);
        out.cardLast4 = digits.slice(-4);
        out.cardFingerprint = env.fingerprint(digits);
        out.cardNumberValid = String(
          transferOctRequestSchema.shape.cardNumber.safeParse(typed).success,
        );
        out.cardNumber = `${MASK} ${digits.slice(-4)}`;
      } else {
        delete out.cardFingerprint;
      }
    }
  }
  if (env.type === 'interac') {
    const typed = out.securityAnswer ?? '';
    if (typed !== '' && typed !== MASK) {
      out.securityAnswerValid = String(
        transferInteracRequestSchema.shape.securityAnswer.safeParse(typed).success,
      );
      out.securityAnswerHash = env.fingerprint(`interac-answer:${typed.toLowerCase()}`);
      out.securityAnswer = MASK;
    }
  }
  return out;
}

/** What the schema reads: the row's cells, spelled, with the kept secrets standing in. */
function schemaInput(env: RowEnv, fields: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {
    fromAccount: env.account.id,
    idempotencyKey: PLACEHOLDER_KEY,
  };
  const extraParams: { name: string; value: string }[] = [];
  for (const column of MASS_COLUMNS[env.type]) {
    const value = fields[column.key] ?? '';
    if (value === '') continue;
    if (column.extraParam) extraParams.push({ name: column.key, value });
    else input[column.key] = spelled(column.key, value);
  }
  if (extraParams.length > 0) input.extraParams = extraParams;
  if (env.type === 'interac') input.countryCode = 'CA';
  if (env.type === 'p2p') delete input.currency;
  if (env.type === 'oct' && fields.cardFingerprint)
    input.cardNumber = fields.cardNumberValid === 'true' ? KEPT_CARD : 'not-a-card';
  if (env.type === 'interac' && fields.securityAnswerHash)
    input.securityAnswer = fields.securityAnswerValid === 'true' ? KEPT_ANSWER : ' ';
  return input;
}

/** The cell an error is about: a column, an extra parameter's column (`extraParams.name`), else the row. */
function cellOf(env: RowEnv, path: string): string {
  const key = path.startsWith('extraParams.') ? path.slice('extraParams.'.length) : path;
  return MASS_COLUMNS[env.type].some((column) => column.key === key) ? key : MASS_ROW_ERROR_KEY;
}

/** The transfers module's request of a row that passed the schema. */
function transferRequest(
  env: RowEnv,
  parsed: Record<string, unknown>,
  fields: Record<string, string>,
): TransferRequest {
  const { idempotencyKey: _key, ...rest } = parsed;
  if (env.type === 'p2p')
    return { kind: 'p2p', ...(rest as Omit<Extract<TransferRequest, { kind: 'p2p' }>, 'kind'>) };
  const external: Record<string, unknown> = { ...rest };
  if (env.type === 'oct') {
    delete external.cardNumber;
    external.cardBin = fields.cardBin;
    external.cardLast4 = fields.cardLast4;
    external.cardFingerprint = fields.cardFingerprint;
  }
  if (env.type === 'interac') {
    delete external.securityAnswer;
    external.securityAnswerHash = fields.securityAnswerHash;
    if (typeof external.email === 'string') external.email = external.email.toLowerCase();
  }
  return { kind: MASS_TYPE_SINGLE_TRANSFER[env.type], ...external } as TransferRequest;
}

function readableAmount(value: string | undefined): string | null {
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
  return value !== undefined && /^\d{1,18}(\.\d{1,8})?$/.test(value) ? value : null;
}

/** Checks one row in `tx` (the quote may create the rail's clearing account on first use). */
export async function checkRow(
  tx: Tx,
  env: RowEnv,
  cells: Record<string, string>,
): Promise<RowCheck> {
  const fields = protectSecrets(env, cells);
  const errors: Record<string, string> = {};
  const amount = readableAmount(fields.amount);
  const invalid = (): RowCheck => ({ fields, errors, status: 'invalid', amount, fee: null });

  if (
    env.type === 'p2p' &&
    fields.currency &&
    fields.currency.toUpperCase() !== env.account.currencyCode
  )
    errors.currency = 'validation.currencyMismatch';
  const input = schemaInput(env, fields);
  // A plain wire row is vouched for without the schema (wire-check.ts); any other goes through it.
  const quick = env.type === 'wire' ? quickWireData(input) : null;
  const parsed = quick
    ? { success: true as const, data: quick }
    : SCHEMAS[env.type].safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = cellOf(
        env,
        issue.path[0] === 'extraParams' ? MASS_ROW_ERROR_KEY : String(issue.path[0] ?? ''),
      );
      // A cell left empty is absent from the request: zod's own words become the form's 'required'.
      errors[key] ??= issue.code === 'invalid_type' ? 'validation.required' : issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return invalid();

  try {
    const quote = await quoteOf(
      tx,
      env.customerId,
      transferRequest(env, parsed.data as Record<string, unknown>, fields),
      env.reads,
    );
    checkLimits(env.limits, quote.sourceAmount);
    return {
      fields,
      errors,
      status: 'valid',
      amount: moneyText(quote.sourceAmount),
      fee: moneyText(quote.fee),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const found = Object.entries(error.validationErrors ?? {});
    if (found.length === 0) errors[MASS_ROW_ERROR_KEY] = 'validation.massRowRefused';
    for (const [key, message] of found) errors[cellOf(env, key)] ??= message;
    return invalid();
  }
}
