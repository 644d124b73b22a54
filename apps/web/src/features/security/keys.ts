/**
 * Query keys of the security centre. Everything here belongs to the signed-in user (not to a
 * customer a business user acts for), so the keys carry no customer id.
 */
export interface LoginHistoryFilter {
  fromDate?: string | undefined;
  toDate?: string | undefined;
  pageNumber: number;
}

export const securityKeys = {
  all: ['security'] as const,
  settings: () => [...securityKeys.all, 'settings'] as const,
  devices: () => [...securityKeys.all, 'devices'] as const,
  ipWhitelist: () => [...securityKeys.all, 'ip-whitelist'] as const,
  loginHistoryAll: () => [...securityKeys.all, 'login-history'] as const,
  loginHistory: (filter: LoginHistoryFilter) =>
    [
      ...securityKeys.loginHistoryAll(),
      filter.fromDate ?? '',
      filter.toDate ?? '',
      filter.pageNumber,
    ] as const,
  payoutBlacklist: () => [...securityKeys.all, 'payout-blacklist'] as const,
};
