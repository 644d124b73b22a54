import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';

/**
 * Customer info and access info belong to the session: the start page decides with them, the
 * guards read them and screens show them. Keyed by the customer the session acts for, so acting
 * for another company never shows the last one's data.
 */
export const sessionKeys = {
  all: ['session'] as const,
  customerInfo: (customerId: number | undefined) =>
    [...sessionKeys.all, 'customer-info', customerId ?? 'own'] as const,
  accessInfo: (customerId: number | undefined) =>
    [...sessionKeys.all, 'access-info', customerId ?? 'own'] as const,
  verificationInfo: (customerId: number | undefined) =>
    [...sessionKeys.all, 'verification-info', customerId ?? 'own'] as const,
};

export function customerInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: sessionKeys.customerInfo(customerId),
    queryFn: () => client.main('getCustomerInfo', {}),
  });
}

export function accessInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: sessionKeys.accessInfo(customerId),
    queryFn: () => client.main('getCustomerAccessInfo', {}),
  });
}

/**
 * The verification facts behind the account-status banner (spec 2 §4), read by the home screen
 * and the /unverified-account and /limited-account pages alike.
 */
export function verificationInfoQueryOptions(client: ApiClient, customerId: number | undefined) {
  return queryOptions({
    queryKey: sessionKeys.verificationInfo(customerId),
    queryFn: () => client.main('getVerificationInfo', {}),
  });
}
