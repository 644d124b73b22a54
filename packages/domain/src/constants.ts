/** Business constants from spec 1 §9 and spec 2 §9. Times are in milliseconds unless the name says otherwise. */
export const CLIENT_VERSION = '2.1.2';
export const CLIENT_VERSION_HEADER = 'X-Client-Version';
export const CUSTOMER_ID_HEADER = 'Customer-Id';

export const TIMING = {
  idleTimeout: 15 * 60_000,
  requestTimeout: 5 * 60_000,
  refreshBeforeExpiry: 10_000,
  defaultWait: 500,
  extrasDelayAfterLogin: 5_000,
  updateCheckInterval: 60_000,
  mobileReadyDelay: 100,
  accountFetchTimeout: 5_000,
  accountFetchThrottle: 3_000,
  notificationToast: 10_000,
} as const;

/** Viewport breakpoints (spec 1 §2) and the widths at which viewport flags flip (spec 1 §9). */
export const BREAKPOINTS = {
  mobile: 476,
  tablet: 768,
  phablet: 871,
  laptop: 1024,
  desktop: 1280,
} as const;
export const VIEWPORT_FLAG_WIDTHS = [1280, 992, 871, 576] as const;

export const ERROR_HEADER_CUTOFF = 50;

export const STAGING_INDEX_MIN = 1;
export const STAGING_INDEX_MAX = 15;

/** User access levels (spec 1 §3). */
export const ACCESS_LEVELS = {
  noAccess: 0,
  read: 1,
  fullAccess: 2,
  initiate: 3,
  confirmed: 4,
  uploading: 5,
} as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[keyof typeof ACCESS_LEVELS];

/** customerType values (spec 2 §1). */
export const CUSTOMER_TYPES = { personal: 0, oldBusiness: 1, business: 2 } as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[keyof typeof CUSTOMER_TYPES];

export function isBusinessCustomerType(type: number): boolean {
  return type === CUSTOMER_TYPES.oldBusiness || type === CUSTOMER_TYPES.business;
}

/** Currency symbols (spec 1 §9, spec 2 §9). */
export const CURRENCY_SYMBOLS: Record<string, string> = {
  EUR: '€',
  USD: '$',
  AUD: '$',
  CAD: '$',
  GBP: '£',
  RON: 'lei',
};
