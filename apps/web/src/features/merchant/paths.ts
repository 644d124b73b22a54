/** The merchant screens built so far (issue 18, spec 1 §2 merchant routes). */
export const MERCHANT_PATHS = {
  apiKeys: '/merchant/internal/api_key',
  apiLog: '/merchant/internal/api_log',
  webhookLog: '/merchant/internal/webhook_log',
  ipnHistory: '/merchant/ipn/history',
  ipnSettings: '/merchant/ipn/settings',
} as const;

export type MerchantScreen = keyof typeof MERCHANT_PATHS;
