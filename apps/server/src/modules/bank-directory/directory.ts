import { and, asc, eq, sql } from 'drizzle-orm';
import { electronicFormatIBAN, extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { BankByIban, BankBySwift } from '@ledgerline/contract';
import {
  ACH_COUNTRIES,
  FASTER_PAYMENTS_COUNTRIES,
  RESPONSE_CODES,
  SEPA_COUNTRY_CODES,
} from '@ledgerline/domain';
import type { Language } from '@ledgerline/domain/languages';
import type { DbOrTx } from '../../db/client';
import { bankBranches, banks, blockedBins } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { listCountries } from '../dictionaries';

/*
 * The bank directory (issue 5): bank lists, branch codes, bank details by SWIFT and by IBAN, the
 * payment-scheme country lists and the blocked BIN list. Read-only reference data; the rows come
 * from db/seed-bank-directory.ts (or an operator's load of a real directory).
 */

type BankRow = typeof banks.$inferSelect;
type BranchRow = typeof bankBranches.$inferSelect;

// Names sort the same on PGlite and PostgreSQL whatever the database collation.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A bank or branch missing from the directory: "not found" (404) naming the field it came from. */
function notInDirectory(
  field: string,
  key: 'validation.bankNotFound' | 'validation.branchNotFound',
  description: string,
): AppError {
  return new AppError(RESPONSE_CODES.noAccess, description, {
    httpStatus: 404,
    validationErrors: { [field]: key },
  });
}

/** The directory's banks of a country, by name; only the instant-payment participants when asked. */
export async function listBanks(
  db: DbOrTx,
  countryCode: string,
  options: { instantOnly?: boolean } = {},
): Promise<{ code: string; name: string }[]> {
  const rows = await db
    .select({ code: banks.bankCode, name: banks.name })
    .from(banks)
    .where(
      options.instantOnly
        ? and(eq(banks.countryCode, countryCode), eq(banks.instantPayments, true))
        : eq(banks.countryCode, countryCode),
    );
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code));
}

export async function findBank(
  db: DbOrTx,
  countryCode: string,
  bankCode: string,
): Promise<BankRow | undefined> {
  const [row] = await db
    .select()
    .from(banks)
    .where(and(eq(banks.countryCode, countryCode), eq(banks.bankCode, bankCode)));
  return row;
}

export async function branchesOf(db: DbOrTx, bankId: number): Promise<BranchRow[]> {
  return db
    .select()
    .from(bankBranches)
    .where(eq(bankBranches.bankId, bankId))
    .orderBy(asc(bankBranches.code));
}

/** Whether the directory holds any bank of a country (then a bank code there must be one of them). */
export async function hasBanksIn(db: DbOrTx, countryCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(eq(banks.countryCode, countryCode))
    .limit(1);
  return row !== undefined;
}

/** The branch codes of a directory bank; an unknown bank is "not found". */
export async function listBranches(
  db: DbOrTx,
  countryCode: string,
  bankCode: string,
): Promise<{ code: string; name: string; city: string }[]> {
  const bank = await findBank(db, countryCode, bankCode.toUpperCase());
  if (!bank)
    throw notInDirectory(
      'bankCode',
      'validation.bankNotFound',
      `No bank with code ${bankCode} in ${countryCode} in the directory`,
    );
  return (await branchesOf(db, bank.id)).map((branch) => ({
    code: branch.code,
    name: branch.name,
    city: branch.city,
  }));
}

/** An 8-character BIC names the head office, like the same BIC with "XXX". */
function elevenCharacterBic(swift: string): string {
  return swift.length === 8 ? `${swift}XXX` : swift;
}

/** A BIC's bank and branch in the directory: the branch's own BIC first, then the bank's. */
export async function findBySwift(
  db: DbOrTx,
  swift: string,
): Promise<{ bank: BankRow; branch: BranchRow | null } | null> {
  const bic = elevenCharacterBic(swift.toUpperCase());
  const [branchHit] = await db
    .select({ bank: banks, branch: bankBranches })
    .from(bankBranches)
    .innerJoin(banks, eq(banks.id, bankBranches.bankId))
    .where(eq(bankBranches.swift, bic))
    .limit(1);
  if (branchHit) return branchHit;
  const [bank] = await db
    .select()
    .from(banks)
    .where(eq(banks.swift, bic))
    .orderBy(asc(banks.id))
    .limit(1);
  return bank ? { bank, branch: null } : null;
}

/** Bank details by SWIFT/BIC (spec 2 §3): a malformed BIC is TA1, one the directory lacks "not found". */
export async function bankBySwift(db: DbOrTx, swift: string): Promise<BankBySwift> {
  if (!isValidBIC(swift))
    throw AppError.invalid({ swift: 'validation.swift' }, 'Not a valid SWIFT/BIC code');
  const found = await findBySwift(db, swift);
  if (!found)
    throw notInDirectory(
      'swift',
      'validation.bankNotFound',
      `No bank with SWIFT code ${swift} in the directory`,
    );
  const place = found.branch ?? found.bank;
  return {
    address: place.address,
    city: place.city,
    zipCode: place.zipCode,
    countryIsoCode: found.bank.countryCode,
    bankName: found.bank.name,
    code: elevenCharacterBic(swift.toUpperCase()),
  };
}

export interface ResolvedIban {
  /** Electronic form (no spaces, capitals). */
  iban: string;
  countryCode: string;
  bankIdentifier: string;
  branchIdentifier: string | null;
  /** Null when the directory does not hold the IBAN's bank. */
  bank: BankRow | null;
  branch: BranchRow | null;
}

/**
 * Checks an IBAN (country format and check digits, ibantools) and finds its bank by the bank
 * identifier it carries, and its branch by the branch identifier where the country has one (GB
 * sort code, FR guichet, ES oficina, IT CAB, BR agência). A bad IBAN is TA1 on `field`.
 */
export async function resolveIban(db: DbOrTx, raw: string, field = 'iban'): Promise<ResolvedIban> {
  const iban = electronicFormatIBAN(raw);
  if (!iban || !isValidIBAN(iban))
    throw AppError.invalid({ [field]: 'validation.iban' }, 'Not a valid IBAN');
  const parts = extractIBAN(iban);
  const countryCode = parts.countryCode ?? iban.slice(0, 2);
  const bankIdentifier = parts.bankIdentifier ?? '';
  const branchIdentifier = parts.branchIdentifier ?? null;
  const [bank] = bankIdentifier
    ? await db
        .select()
        .from(banks)
        .where(and(eq(banks.countryCode, countryCode), eq(banks.ibanBankCode, bankIdentifier)))
        .orderBy(asc(banks.id))
        .limit(1)
    : [];
  if (!bank)
    return { iban, countryCode, bankIdentifier, branchIdentifier, bank: null, branch: null };
  // An IBAN may carry a branch code longer than the national one (Brazil's five digits for a four-digit agência).
  const branch = branchIdentifier
    ? ((await branchesOf(db, bank.id)).find(
        (row) => row.code.padStart(branchIdentifier.length, '0') === branchIdentifier,
      ) ?? null)
    : null;
  return { iban, countryCode, bankIdentifier, branchIdentifier, bank, branch };
}

function countryName(countryCode: string, lang: Language): string {
  return listCountries(lang).find((country) => country.code === countryCode)?.name ?? countryCode;
}

/** Bank details by IBAN (spec 2 §3); a bank the directory lacks is "not found". */
export async function bankByIban(db: DbOrTx, raw: string, lang: Language): Promise<BankByIban> {
  const resolved = await resolveIban(db, raw);
  const { bank, branch } = resolved;
  if (!bank)
    throw notInDirectory(
      'iban',
      'validation.bankNotFound',
      `No bank with code ${resolved.bankIdentifier} in ${resolved.countryCode} in the directory`,
    );
  const place = branch ?? bank;
  return {
    address: place.address,
    branch: branch?.name ?? null,
    city: place.city,
    zipCode: place.zipCode,
    countryIsoCode: resolved.countryCode,
    country: countryName(resolved.countryCode, lang),
    bankName: bank.name,
    swift: branch?.swift ?? bank.swift,
    bankCode: bank.bankCode,
    branchCode: branch?.code ?? resolved.branchIdentifier,
    iban: resolved.iban,
  };
}

/**
 * The countries each domestic scheme reaches: SEPA as the EPC's scope (docs/decisions.md #10, the
 * list getCountries marks isSepa), ACH the United States, Faster Payments the United Kingdom.
 */
export function paymentSchemeCountries(): {
  sepa: string[];
  ach: string[];
  fasterPayments: string[];
} {
  return {
    sepa: [...SEPA_COUNTRY_CODES].sort(),
    ach: [...ACH_COUNTRIES],
    fasterPayments: [...FASTER_PAYMENTS_COUNTRIES],
  };
}

export async function listBlockedBins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ bin: blockedBins.bin })
    .from(blockedBins)
    .orderBy(asc(blockedBins.bin));
  return rows.map((row) => row.bin);
}

/**
 * Whether card payouts (OCT) to a card are refused: some blocked prefix (6 to 8 digits) starts the
 * card number. Takes the number or its first digits; spaces and dashes are ignored.
 */
export async function isBlockedBin(db: DbOrTx, cardNumberOrBin: string): Promise<boolean> {
  const digits = cardNumberOrBin.replace(/[\s-]/g, '');
  if (!/^\d{6,19}$/.test(digits)) return false;
  const [row] = await db
    .select({ id: blockedBins.id })
    .from(blockedBins)
    .where(sql`${digits} like ${blockedBins.bin} || '%'`)
    .limit(1);
  return row !== undefined;
}
