/*
 * Global payouts (issue 17; spec 2 §3 "Global payout (recipient side)" and "Mass and global
 * batch", §4 "Global payout, recipient flow" and "Global-pay batch"). A business sends a batch of
 * payments to people by e-mail; each recipient claims theirs through a link, choosing a country
 * and a payout method. The country → method table and the fee rule live here, once, for the
 * server and the web.
 */

/** How a recipient is paid: a card payout (OCT, to a card number) or a bank transfer (wire, IBAN + BIC). */
export const GLOBAL_PAY_METHODS = ['cardPayout', 'bankTransfer'] as const;
export type GlobalPayMethod = (typeof GLOBAL_PAY_METHODS)[number];

/** The rail each method leaves by (spec 2 §3 "transfer method option (transferType)"). */
export const GLOBAL_PAY_TRANSFER_TYPES: Record<GlobalPayMethod, 'oct' | 'wire'> = {
  cardPayout: 'oct',
  bankTransfer: 'wire',
};

/**
 * Where a payout may go, and in which currencies each method pays there. A country not listed
 * cannot be chosen; a method with no currencies is not offered there.
 */
export const GLOBAL_PAY_COUNTRIES: Record<string, Record<GlobalPayMethod, readonly string[]>> = {
  AT: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  BE: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  BR: { cardPayout: ['BRL', 'USD'], bankTransfer: [] },
  CA: { cardPayout: ['CAD', 'USD'], bankTransfer: ['CAD'] },
  DE: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  ES: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  FR: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  GB: { cardPayout: ['GBP', 'EUR', 'USD'], bankTransfer: ['GBP'] },
  IE: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  IN: { cardPayout: ['INR', 'USD'], bankTransfer: [] },
  IT: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  MD: { cardPayout: ['MDL', 'EUR', 'USD'], bankTransfer: ['MDL'] },
  MX: { cardPayout: ['MXN', 'USD'], bankTransfer: [] },
  NL: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  PL: { cardPayout: ['PLN', 'EUR', 'USD'], bankTransfer: ['PLN', 'EUR'] },
  PT: { cardPayout: ['EUR', 'USD'], bankTransfer: ['EUR'] },
  RO: { cardPayout: ['RON', 'EUR', 'USD'], bankTransfer: ['RON', 'EUR'] },
  UA: { cardPayout: ['UAH', 'USD', 'EUR'], bankTransfer: ['UAH'] },
  US: { cardPayout: ['USD'], bankTransfer: ['USD'] },
};

export const GLOBAL_PAY_COUNTRY_CODES = Object.keys(GLOBAL_PAY_COUNTRIES).sort();

/** The methods a country offers, with their currencies; empty for a country we do not pay to. */
export function countryMethods(
  countryCode: string,
): { name: GlobalPayMethod; currencies: readonly string[] }[] {
  const row = Object.hasOwn(GLOBAL_PAY_COUNTRIES, countryCode)
    ? GLOBAL_PAY_COUNTRIES[countryCode]
    : undefined;
  if (!row) return [];
  return GLOBAL_PAY_METHODS.filter((name) => row[name].length > 0).map((name) => ({
    name,
    currencies: row[name],
  }));
}

/**
 * The fee of one payout, in the batch's currency: a percentage with a floor and a ceiling, the
 * same for every method (so what a sender reserves for a fee they pay is known at submit,
 * before the recipient chooses; docs/decisions.md). Who pays it is the payment's feeShare.
 */
export const GLOBAL_PAY_FEE = { percent: '1', min: '1', max: '20' } as const;

/** Who pays a payment's fee: the sender (on top of the amount) or the beneficiary (out of it). */
export const GLOBAL_PAY_FEE_SHARES = ['sender', 'beneficiary'] as const;
export type GlobalPayFeeShare = (typeof GLOBAL_PAY_FEE_SHARES)[number];

export const GLOBAL_PAY_BENEFICIARY_TYPES = ['individual', 'business'] as const;

/**
 * A payment's life: draft (in a batch not sent yet), removed (dropped from a draft, may be
 * restored), reserved (sent: money held, the link works), claimed (the recipient approved; on
 * the rail), paid, refused (by the recipient), expired (unclaimed after expireDays), cancelled
 * (by the sender, or with its draft batch). The last four returned or never took money.
 */
export const GLOBAL_PAYMENT_STATUSES = [
  'draft',
  'removed',
  'reserved',
  'claimed',
  'paid',
  'refused',
  'expired',
  'cancelled',
] as const;
export type GlobalPaymentStatus = (typeof GLOBAL_PAYMENT_STATUSES)[number];

/** The statuses the global summary counts (spec: reserved, claimed, paid, refused, expired, cancelled). */
export const GLOBAL_SUMMARY_STATUSES = [
  'reserved',
  'claimed',
  'paid',
  'refused',
  'expired',
  'cancelled',
] as const satisfies readonly GlobalPaymentStatus[];

/** A batch: draft until submitted, running while any payment is reserved or claimed, then done. */
export const GLOBAL_BATCH_STATUSES = ['draft', 'running', 'done', 'rejected'] as const;
export type GlobalBatchStatus = (typeof GLOBAL_BATCH_STATUSES)[number];

/** Days a recipient has to claim (spec 2 §3 expireDays). */
export const GLOBAL_PAY_EXPIRE_DAYS = 14;
/** Payments in one batch (the mass limit of issue 17). */
export const GLOBAL_PAY_MAX_PAYMENTS = 10_000;
/** Wrong approval codes before a claim's code is spent; resends allowed per claim. */
export const GLOBAL_PAY_CODE_ATTEMPTS = 5;
export const GLOBAL_PAY_CODE_RESENDS = 5;
/** A claim secret: 32 random bytes in base64url (256 bits), the last part of /receive/<secret>. */
export const CLAIM_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
