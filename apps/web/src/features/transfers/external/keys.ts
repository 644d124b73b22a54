import { transferKeys } from '../keys';

/**
 * Query keys of the external-transfer screen. What depends on the customer (accounts, fees,
 * limits, templates, recent transfers) lives under the transfers feature's keys, so the shared
 * confirmation's one invalidation after a transfer refreshes it; it is keyed by the customer the
 * session acts for. Directory answers (scheme lists, banks, BINs) do not change during a visit and
 * sit apart, so a transfer does not fetch them again.
 */
type Owner = number | undefined;

const directory = ['transfer-directory'] as const;

export const externalKeys = {
  of: (customerId: Owner) => [...transferKeys.of(customerId), 'external'] as const,
  accounts: (customerId: Owner) => transferKeys.accounts(customerId),
  countries: (language: string) => [...directory, 'countries', language] as const,
  schemes: () => [...directory, 'schemes'] as const,
  blockedBins: () => [...directory, 'blocked-bins'] as const,
  banks: (countryCode: string) => [...directory, 'banks', countryCode] as const,
  branches: (countryCode: string, bankCode: string) =>
    [...directory, 'branches', countryCode, bankCode] as const,
  bankByIban: (iban: string) => [...directory, 'bank-by-iban', iban] as const,
  bankBySwift: (swift: string) => [...directory, 'bank-by-swift', swift] as const,
  extraParams: (
    language: string,
    type: string,
    countryCode: string,
    currency: string,
    scheme: string,
  ) => [...directory, 'extra-params', language, type, countryCode, currency, scheme] as const,
  instantInfo: (customerId: Owner, countryCode: string) =>
    [...externalKeys.of(customerId), 'instant-info', countryCode] as const,
  details: (customerId: Owner, request: object) =>
    [...externalKeys.of(customerId), 'details', request] as const,
  fee: (customerId: Owner, request: object) =>
    [...externalKeys.of(customerId), 'fee', request] as const,
  maxAmount: (customerId: Owner, request: object) =>
    [...externalKeys.of(customerId), 'max-amount', request] as const,
  limits: (customerId: Owner, request: object) =>
    [...externalKeys.of(customerId), 'limits', request] as const,
  templates: (customerId: Owner, type: string) =>
    [...externalKeys.of(customerId), 'templates', type] as const,
  recent: (customerId: Owner) => [...externalKeys.of(customerId), 'recent'] as const,
};
