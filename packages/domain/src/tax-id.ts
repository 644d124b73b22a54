/*
 * The shape every tax number has, wherever it was issued (spec 2 §5 "Tax ID validity is checked"):
 * letters and digits, with single spaces, dots, slashes or dashes between them, 4 to 64
 * characters with at least four letters or digits. Two shapes are refused although they fit:
 * a number in exponent form (1E309) and a date (9999-99-99), which are what a spreadsheet or a
 * parser makes of other data, never a tax number (issue 12). The country's own rule, where it
 * has one, is in tax-id-country.ts (server side: it carries every country's tables).
 */

// eslint-disable-next-line security/detect-unsafe-regex -- anchored and bounded (64 characters): linear on any input
const TAX_ID_SHAPE = /^[A-Z0-9](?:[A-Z0-9 ./-]{0,62}[A-Z0-9])?$/;
// eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded by the 64 characters above: linear on any input
const EXPONENT_NUMBER = /^\d+(?:\.\d+)?E[+-]?\d+$/;
const DATE_LIKE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{4}$/;

/** A tax number as people type it, in our one spelling: spaces collapsed, trimmed, capitals. */
export function normalizeTaxId(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toUpperCase();
}

/** Whether a normalised tax number has the shape any country's has (see above). */
export function hasTaxIdShape(taxId: string): boolean {
  return (
    taxId.length <= 64 &&
    TAX_ID_SHAPE.test(taxId) &&
    taxId.replace(/[^A-Z0-9]/g, '').length >= 4 &&
    !EXPONENT_NUMBER.test(taxId) &&
    !DATE_LIKE.test(taxId)
  );
}
