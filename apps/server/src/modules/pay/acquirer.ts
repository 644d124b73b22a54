import type { CardBrand } from '@ledgerline/contract';

/*
 * The card acquiring simulator (issue 18 "card"): stands in for the acquirer a real bank would
 * send a hosted pay page's card payment to, as the rails and the card processor simulators stand
 * in for theirs. It decides at once, from the card number only, so tests and demos can choose the
 * outcome (README "Card payments on the pay page"; docs/decisions.md):
 * - 4000 0000 0000 0002 is declined for insufficient funds;
 * - 4000 0000 0000 0069 is declined as an expired card;
 * - 4000 0000 0000 0119 is declined by the issuer ("do not honour");
 * - any other Luhn-valid Visa or Mastercard number is approved.
 * It never sees or keeps the security code beyond its presence: nothing here is stored.
 */

export const ACQUIRER_DECLINES = {
  '4000000000000002': 'insufficientFunds',
  '4000000000000069': 'expiredCard',
  '4000000000000119': 'doNotHonour',
} as const;

export type DeclineReason = (typeof ACQUIRER_DECLINES)[keyof typeof ACQUIRER_DECLINES];

export type AcquirerDecision = { approved: true } | { approved: false; reason: DeclineReason };

export interface CardCharge {
  /** Digits only. */
  cardNumber: string;
  brand: CardBrand;
  amount: string;
  currencyCode: string;
}

function isDeclined(number: string): number is keyof typeof ACQUIRER_DECLINES {
  return Object.hasOwn(ACQUIRER_DECLINES, number);
}

/** The acquirer's answer to one charge. */
export function authoriseCharge(charge: CardCharge): AcquirerDecision {
  if (isDeclined(charge.cardNumber))
    return { approved: false, reason: ACQUIRER_DECLINES[charge.cardNumber] };
  return { approved: true };
}

/** The refusal key a payer reads for a decline (validation.cardDeclined…). */
export const DECLINE_KEYS: Record<DeclineReason, string> = {
  insufficientFunds: 'validation.cardDeclinedInsufficientFunds',
  expiredCard: 'validation.cardDeclinedExpired',
  doNotHonour: 'validation.cardDeclined',
};
