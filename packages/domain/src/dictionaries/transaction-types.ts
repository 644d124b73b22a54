/**
 * Kinds of money movement named by the spec (spec 2 §3 "Transfers", §7). A type's id is its place
 * in this list counted from 1, so new kinds are only ever appended. The rail codes keep the spec's
 * wire spelling (eft, wire, oct, p2p, crypto_eft, instant_payment, interac) and betweenAccounts is
 * the spec's operation name; the rest follow the rails' snake_case.
 */
export const TRANSACTION_TYPE_CODES = [
  'betweenAccounts',
  'p2p',
  'wire',
  'eft',
  'oct',
  'crypto_eft',
  'instant_payment',
  'interac',
  'digital',
  'global_payout',
  'card_load',
  'card_purchase',
  'fee',
  'fx',
  'invoice_payment',
  'refund',
  'reversal',
  'mass_payout',
  'incoming_transfer',
  // Issue 18: a merchant's pull within a customer's pre-approval.
  'preapproved_pull',
] as const;
export type TransactionTypeCode = (typeof TRANSACTION_TYPE_CODES)[number];

export function transactionTypeId(code: TransactionTypeCode): number {
  return TRANSACTION_TYPE_CODES.indexOf(code) + 1;
}

export function transactionTypeCode(id: number): TransactionTypeCode | undefined {
  return id >= 1 ? TRANSACTION_TYPE_CODES[id - 1] : undefined;
}
