/** The merchant screens built so far (issue 18, spec 1 §2 merchant routes). */
export const MERCHANT_PATHS = {
  apiKeys: '/merchant/internal/api_key',
  apiLog: '/merchant/internal/api_log',
  savedButtons: '/merchant/buttons/my_saved_buttons',
  businessLogos: '/merchant/buttons/business_logos',
  pbnSettings: '/merchant/buttons/pbn_settings',
  subscribers: '/merchant/accounts/subscribers',
  verification: '/merchant/security/verification',
  verificationHistory: '/merchant/security/verification/history',
  reputation: '/merchant/security/reputation',
  webhookLog: '/merchant/internal/webhook_log',
  ipnHistory: '/merchant/ipn/history',
  ipnSettings: '/merchant/ipn/settings',
} as const;

export type MerchantScreen = keyof typeof MERCHANT_PATHS;
