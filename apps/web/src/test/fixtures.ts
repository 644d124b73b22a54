/** A signed-in personal customer as getCustomerInfo answers it; tests override what they need. */
export function demoCustomer(overrides: Record<string, unknown> = {}) {
  return {
    userId: 7,
    customerId: 70,
    customerType: 0,
    login: 'anna@pebble.example',
    firstName: 'Anna',
    lastName: 'Berg',
    businessName: null,
    birthDay: null,
    customerCreationDate: '2024-01-02',
    transactionApproveMode: 0,
    login2faMode: 'no',
    isAdmin: false,
    isHaveRelatedAccounts: false,
    useOldWeb: false,
    oldWebUrl: null,
    residenceCountryCode: 'GB',
    taxId: null,
    verified: true,
    limited: false,
    dueDiligenceLevel: 1,
    isNeedPersonalInfoUpdate: false,
    isNeedKyc: false,
    isNeedSelfCertification: false,
    ...overrides,
  };
}
