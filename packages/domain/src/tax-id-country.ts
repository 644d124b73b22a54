import { validateEntity, validatePerson } from 'stdnum';
import { hasTaxIdShape } from './tax-id';

/*
 * A tax number checked by its country's rule (spec 2 §5), from stdnum, a kept library of national
 * numbers with their check digits (NINO and UTR in GB, asmens kodas in LT, CNP in RO, CPF in BR,
 * NIF in PT and ES, Steuer-IdNr in DE, …). A person's number is checked against the country's
 * personal identifiers, a business's against its company and VAT numbers. A country without a
 * rule there gets the general shape only. Kept apart from tax-id.ts so the browser bundle does
 * not carry every country's tables.
 */

export type TaxIdHolder = 'person' | 'business';

/** Whether `taxId` (normalised) is a valid tax number of a holder resident in `countryCode`. */
export function isValidTaxIdFor(
  taxId: string,
  countryCode: string | null | undefined,
  holder: TaxIdHolder,
): boolean {
  if (!hasTaxIdShape(taxId)) return false;
  if (!countryCode) return true;
  const result =
    holder === 'person' ? validatePerson(countryCode, taxId) : validateEntity(countryCode, taxId);
  return !result.checked || result.isValid === true;
}
