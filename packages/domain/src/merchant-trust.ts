/*
 * The merchant's trust tools (issue 18, spec 2 §3 "Reputation entries, filtered by email";
 * "Identity verification: list 'identities'; fee {amount, currencyCode} per accountId"; §5; §9):
 * what a verification request costs, the states it goes through, and the page sizes. Pure rules,
 * used by the server and by the web's merchant screens.
 */

/** Page sizes (spec 2 §9): reputation 100, the identity list 1000. */
export const REPUTATION_PAGE_SIZE = 100;
export const IDENTITY_LIST_PAGE_SIZE = 1000;

/**
 * The fee for one identity verification request, in the currency of the account it is paid from
 * (decision 96). A currency not listed here cannot pay it.
 */
export const IDENTITY_REQUEST_FEES: Readonly<Record<string, string>> = {
  EUR: '2.50',
  USD: '2.90',
  GBP: '2.20',
  CHF: '2.40',
  PLN: '10.80',
  RON: '12.40',
  CZK: '62.00',
  SEK: '28.50',
  DKK: '18.60',
  NOK: '29.00',
  HUF: '980',
  JPY: '430',
};

export function identityRequestFee(currencyCode: string): string | null {
  return Object.hasOwn(IDENTITY_REQUEST_FEES, currencyCode)
    ? (IDENTITY_REQUEST_FEES[currencyCode] ?? null)
    : null;
}

/**
 * Where a request stands: sent (the person has the link), submitted (pictures sent, waiting for the
 * provider), accepted, rejected, nameMismatch (the provider's answer), expired (the link was not used in time).
 */
export const IDENTITY_REQUEST_STATUSES = [
  'sent',
  'submitted',
  'accepted',
  'rejected',
  'nameMismatch',
  'expired',
] as const;
export type IdentityRequestStatus = (typeof IDENTITY_REQUEST_STATUSES)[number];

/** Reputation search trims the e-mail (spec 2 §5) and compares it without regard to case. */
export function normaliseReputationEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The identity list drops empty filter values and records whether the filter is empty (spec 2 §5).
 */
export function identityListFilter(input: {
  status?: string | undefined;
  query?: string | undefined;
}): {
  filter: { status?: string; query?: string };
  isEmpty: boolean;
} {
  const filter: { status?: string; query?: string } = {};
  const status = input.status?.trim();
  const query = input.query?.trim();
  if (status) filter.status = status;
  if (query) filter.query = query;
  return { filter, isEmpty: Object.keys(filter).length === 0 };
}
