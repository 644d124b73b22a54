import { composeIBAN } from 'ibantools';
import { BRAND_IDS, getBrand, isBrandId, type BrandId } from '@ledgerline/domain/brands';

/*
 * Payment instructions: the bank details a customer gives others to pay into one account
 * (issue 4). They are derived from the account id and the customer's brand alone, so the same
 * account always shows the same numbers. Every bank code, sort code, routing, transit and
 * institution number and BIC here is fictional: the brand's four-letter code is not a registered
 * bank, the Lithuanian bank codes 39xxx and the sort codes 23-90-xx are made up for the demo.
 *
 * - EUR and every currency without a domestic scheme below: an IBAN (LT, the brand's EEA
 *   settlement account) and the brand's BIC.
 * - GBP: an 8-digit account number and sort code (plus the GB IBAN built from them).
 * - USD: an account number and a 9-digit ABA routing number (with its check digit).
 * - CAD: an account number, a 5-digit transit and a 3-digit institution number; routingNumber
 *   holds the electronic routing number 0 + institution + transit.
 */

export interface InstructionNumbers {
  bankName: string;
  bankAddress: string;
  bankAccountNumber: string;
  iban: string | null;
  swift: string;
  sortCode: string | null;
  routingNumber: string | null;
  transitNumber: string | null;
  institutionNumber: string | null;
  reference: string;
}

/** Four fictional letters per brand: the bank part of its BIC and of its GB IBANs. */
const BANK_LETTERS: Record<BrandId, string> = {
  pebble: 'PBBL',
  northmere: 'NMRE',
  quillpay: 'QLPY',
  amberline: 'AMBL',
  baltvale: 'BLTV',
  thistle: 'THSL',
};

function brandIndex(brandId: BrandId): number {
  return BRAND_IDS.indexOf(brandId) + 1;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** ABA routing check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaCheckDigit(eightDigits: string): string {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = [...eightDigits].reduce(
    (total, digit, index) => total + Number(digit) * weights[index]!,
    0,
  );
  return String((10 - (sum % 10)) % 10);
}

export function isValidAbaRouting(routing: string): boolean {
  return /^\d{9}$/.test(routing) && abaCheckDigit(routing.slice(0, 8)) === routing[8];
}

function iban(countryCode: string, bban: string): string {
  const value = composeIBAN({ countryCode, bban });
  if (!value) throw new Error(`payment instructions: ${countryCode} ${bban} does not make an IBAN`);
  return value;
}

/** The numbers of one account's payment instructions; the same input always gives the same numbers. */
export function instructionNumbers(input: {
  accountId: number;
  currencyCode: string;
  brandId: string;
}): InstructionNumbers {
  const brandId: BrandId = isBrandId(input.brandId) ? input.brandId : 'pebble';
  const brand = getBrand(brandId);
  const letters = BANK_LETTERS[brandId];
  const index = brandIndex(brandId);
  const swift = `${letters}LT2V`;
  const common = {
    bankName: brand.accountConfirmation.name,
    bankAddress: brand.accountConfirmation.address,
    reference: `${letters}${pad(input.accountId, 10)}`,
  };
  const none = {
    sortCode: null,
    routingNumber: null,
    transitNumber: null,
    institutionNumber: null,
  };

  switch (input.currencyCode) {
    case 'GBP': {
      // Account numbers have 8 digits: beyond 10^8 accounts the reference still tells them apart.
      const accountNumber = pad(input.accountId % 100_000_000, 8);
      const sortCode = `2390${pad(index, 2)}`;
      return {
        ...common,
        ...none,
        bankAccountNumber: accountNumber,
        iban: iban('GB', `${letters}${sortCode}${accountNumber}`),
        swift: `${letters}GB2L`,
        sortCode: `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4, 6)}`,
      };
    }
    case 'USD': {
      const prefix = `0260${pad(index, 4)}`;
      return {
        ...common,
        ...none,
        bankAccountNumber: `8${pad(input.accountId, 10)}`,
        iban: null,
        swift: `${letters}US33`,
        routingNumber: `${prefix}${abaCheckDigit(prefix)}`,
      };
    }
    case 'CAD': {
      const institution = `9${pad(index, 2)}`;
      const transit = `10${pad(index, 3)}`;
      return {
        ...common,
        ...none,
        bankAccountNumber: pad(input.accountId % 10_000_000, 7),
        iban: null,
        swift: `${letters}CATT`,
        routingNumber: `0${institution}${transit}`,
        transitNumber: transit,
        institutionNumber: institution,
      };
    }
    default: {
      const value = iban('LT', `39${pad(index, 3)}${pad(input.accountId, 11)}`);
      return { ...common, ...none, bankAccountNumber: value, iban: value, swift };
    }
  }
}
