/*
 * Funding invoices (issue 16, spec 2 §3 "Invoices" with isFunding): a customer asks to add money
 * by bank transfer and quotes a reference the bank gives them. The reference is an ISO 11649
 * structured creditor reference ("RF" + two check digits + the body): a payer's bank may check it,
 * and one mistyped or swapped character is caught by its mod-97 check before it reaches anyone.
 */

/** A funding invoice's statuses with their statusId: waiting for the money, paid, cancelled. */
export const FUNDING_STATUSES = {
  awaitingPayment: 1,
  paid: 2,
  cancelled: 3,
} as const;
export type FundingStatus = keyof typeof FUNDING_STATUSES;
export const FUNDING_STATUS_NAMES = Object.keys(FUNDING_STATUSES) as FundingStatus[];

/**
 * A funding reference's body is digits only: easy to type on any keyboard, and mod 97 then catches
 * every single wrong digit and every swap of two neighbours (with letters, written as two digits
 * each, "M2" and "2M" both read 222 and a swap would slip through).
 */
export const REFERENCE_ALPHABET = '0123456789';
/** Body length: 10^12 references, so random ones do not meet in practice (the table's unique index guards). */
export const REFERENCE_BODY_LENGTH = 12;

/** Digits of the text with A=10 … Z=35 (ISO 7064 as ISO 11649 uses it). */
function numeric(text: string): string {
  return [...text]
    .map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)))
    .join('');
}

/** The remainder of a long decimal string by 97, piecewise (no float ever holds it). */
function mod97(digits: string): number {
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 7)
    remainder = Number(`${remainder}${digits.slice(index, index + 7)}`) % 97;
  return remainder;
}

/** A reference as written anywhere (spaces, dashes, lower case) in its compact form. */
export function compactReference(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The RF reference of a body of letters and digits (at most 21). */
export function creditorReference(body: string): string {
  const compact = compactReference(body);
  if (!/^[0-9A-Z]{1,21}$/.test(compact))
    throw new Error('A reference body is 1–21 letters or digits');
  const check = 98 - mod97(numeric(`${compact}RF00`));
  return `RF${String(check).padStart(2, '0')}${compact}`;
}

/** Whether the text is a well-formed RF reference whose check digits hold. */
export function isValidCreditorReference(value: string): boolean {
  const compact = compactReference(value);
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return mod97(numeric(`${compact.slice(4)}${compact.slice(0, 4)}`)) === 1;
}

/** Whether the text is a funding reference: a valid RF reference with a body of 12 digits. */
export function isFundingReference(value: string): boolean {
  const compact = compactReference(value);
  return /^RF\d{14}$/.test(compact) && isValidCreditorReference(compact);
}

/** The reference in groups of four, as it is printed for a person to type ("RF18 5390 0754 7034"). */
export function formatReference(value: string): string {
  return compactReference(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** A new reference from random numbers in [0, 1) (the caller passes crypto-strength ones). */
export function newFundingReference(random: () => number): string {
  let body = '';
  for (let index = 0; index < REFERENCE_BODY_LENGTH; index += 1)
    body += REFERENCE_ALPHABET[Math.floor(random() * REFERENCE_ALPHABET.length)];
  return creditorReference(body);
}
