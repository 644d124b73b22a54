import type { FundingInstructions } from '@ledgerline/contract';
import { BRAND_IDS, getBrand, isBrandId, type BrandId } from '@ledgerline/domain/brands';
import { compactReference, formatReference } from '@ledgerline/domain/funding';
import { instructionNumbers } from '../accounts';

/*
 * The brand's collection account per currency: where a customer sends money to fund their own
 * account (issue 16B). Its numbers come from the same scheme as every account's payment
 * instructions (accounts/payment-instructions.ts) with account number 0, which no customer account
 * has (ids start at 1): the brand's own account at its settlement bank, derived, never stored, so
 * every node and the PDF show the same numbers. The beneficiary is the brand's legal entity.
 */

const COLLECTION_ACCOUNT_ID = 0;

/** The instructions a funding invoice shows: the brand's collection account and the reference. */
export function collectionInstructions(
  brandId: string,
  currencyCode: string,
  reference: string,
): FundingInstructions {
  const brand = getBrand(isBrandId(brandId) ? brandId : 'pebble');
  const numbers = instructionNumbers({ accountId: COLLECTION_ACCOUNT_ID, currencyCode, brandId });
  return {
    beneficiaryName: brand.accountConfirmation.name,
    bankName: numbers.bankName,
    bankAddress: numbers.bankAddress,
    iban: numbers.iban,
    bankAccountNumber: numbers.bankAccountNumber,
    swift: numbers.swift,
    sortCode: numbers.sortCode,
    routingNumber: numbers.routingNumber,
    transitNumber: numbers.transitNumber,
    institutionNumber: numbers.institutionNumber,
    reference: formatReference(reference),
  };
}

/**
 * The brands whose collection account in the currency the payer named (IBAN or account number,
 * spaced or not). Empty: not a collection account. A domestic account number alone (USD, GBP, CAD)
 * is the same for every brand, their routing or sort codes tell them apart: all are answered and
 * the funding invoice's own brand must be among them.
 */
export function collectionBrandsOf(
  given: { iban?: string | undefined; accountNumber?: string | undefined },
  currencyCode: string,
): BrandId[] {
  const wanted = compactReference(given.iban ?? given.accountNumber ?? '');
  if (wanted === '') return [];
  return BRAND_IDS.filter((brandId) => {
    const numbers = instructionNumbers({ accountId: COLLECTION_ACCOUNT_ID, currencyCode, brandId });
    const mine = given.iban !== undefined ? numbers.iban : numbers.bankAccountNumber;
    return mine !== null && compactReference(mine) === wanted;
  });
}
