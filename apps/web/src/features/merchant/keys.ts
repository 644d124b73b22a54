/** Query keys of the merchant screens, under the company the session acts for. */
export interface ApiLogFilter {
  apiKeyId: number;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/** The webhook request log's filter (spec 2 §7 public-api/webhookRequest). */
export interface WebhookLogFilter {
  query?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export const merchantKeys = {
  of: (customerId: number) => ['merchant', customerId] as const,
  apiKeys: (customerId: number) => [...merchantKeys.of(customerId), 'api-keys'] as const,
  allowedIps: (customerId: number) => [...merchantKeys.of(customerId), 'allowed-ips'] as const,
  apiLog: (customerId: number, filter: ApiLogFilter) =>
    [...merchantKeys.of(customerId), 'api-log', filter] as const,
  savedButtons: (customerId: number) => [...merchantKeys.of(customerId), 'saved-buttons'] as const,
  logos: (customerId: number) => [...merchantKeys.of(customerId), 'logos'] as const,
  pbn: (customerId: number) => [...merchantKeys.of(customerId), 'pbn'] as const,
  receivingAccounts: (customerId: number) =>
    [...merchantKeys.of(customerId), 'receiving-accounts'] as const,
  identities: (customerId: number) => [...merchantKeys.of(customerId), 'identities'] as const,
  identityList: (customerId: number, filter: { status?: string; query?: string }) =>
    [...merchantKeys.identities(customerId), 'list', filter] as const,
  identityHistory: (customerId: number, id: number | undefined) =>
    [...merchantKeys.identities(customerId), 'history', id ?? 'all'] as const,
  identityFee: (customerId: number, accountId: number) =>
    [...merchantKeys.identities(customerId), 'fee', accountId] as const,
  feeAccounts: (customerId: number) => [...merchantKeys.of(customerId), 'fee-accounts'] as const,
  reputation: (customerId: number, email: string, pageNumber: number) =>
    [...merchantKeys.of(customerId), 'reputation', email, pageNumber] as const,
  webhooks: (customerId: number) => [...merchantKeys.of(customerId), 'webhooks'] as const,
  webhookLog: (customerId: number, filter?: WebhookLogFilter) =>
    filter === undefined
      ? ([...merchantKeys.of(customerId), 'webhook-log'] as const)
      : ([...merchantKeys.of(customerId), 'webhook-log', filter] as const),
  ipnSettings: (customerId: number) => [...merchantKeys.of(customerId), 'ipn-settings'] as const,
  ipnList: (customerId: number) => [...merchantKeys.of(customerId), 'ipn-list'] as const,
  ipn: (customerId: number, id: number) => [...merchantKeys.of(customerId), 'ipn', id] as const,
};
