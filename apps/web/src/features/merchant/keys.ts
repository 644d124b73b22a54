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
  webhooks: (customerId: number) => [...merchantKeys.of(customerId), 'webhooks'] as const,
  webhookLog: (customerId: number, filter?: WebhookLogFilter) =>
    filter === undefined
      ? ([...merchantKeys.of(customerId), 'webhook-log'] as const)
      : ([...merchantKeys.of(customerId), 'webhook-log', filter] as const),
  ipnSettings: (customerId: number) => [...merchantKeys.of(customerId), 'ipn-settings'] as const,
  ipnList: (customerId: number) => [...merchantKeys.of(customerId), 'ipn-list'] as const,
  ipn: (customerId: number, id: number) => [...merchantKeys.of(customerId), 'ipn', id] as const,
};
