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

/** A successful main-API answer as the test API server sends it. */
export const ok = (body: Record<string, unknown>) => ({
  body: { responseCode: '00', responseDescription: 'OK', ...body },
});

/** renderApp options that start the page signed in (a token in memory, as after a sign-in). */
export const signedIn = {
  prepareSession: (session: {
    signIn: (tokens: { accessToken: string; expiresIn: number }) => void;
  }) => session.signIn({ accessToken: 'tok', expiresIn: 300 }),
};

/**
 * getVerificationInfo of a verified customer with nothing left to do (the banner's "checked"):
 * identity, address, phone and tax forms all in order. Tests take parts away to reach other states.
 */
export function verificationInfo(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 0,
    verified: true,
    limited: false,
    isRepresentative: false,
    dueDiligenceLevel: 2,
    finalReview: false,
    verificationInProgress: false,
    limitReasons: [],
    limitDocumentsUploaded: false,
    duplicateDocuments: null,
    documents: [{ id: 1, statusId: 2, documentTypeId: 4, categoryId: 1, expiresDate: null }],
    address: {
      addressStatus: 'confirmed',
      isDocumentOutOfDate: false,
      isCardDocumentRequired: false,
      proofOfResidenceStatus: 'validated',
    },
    identity: { status: 'validated', expiresDate: '2030-01-01' },
    phones: [{ id: 1, confirmed: true }],
    taxForms: { status: 'validated' },
    videoIdentity: { status: 'none' },
    ...overrides,
  };
}

/** A EUR payment account (type 1001) as getAccounts answers it. */
export function paymentAccount(overrides: Record<string, unknown> = {}) {
  return {
    accountId: 100,
    type: 1001,
    subType: 'DEBIT',
    accountStatusId: 2,
    balance: '1250.5',
    pendingAmount: '0',
    accountBalanceMin: '0',
    currencyCode: 'EUR',
    customerId: 70,
    name: null,
    cardIsVirtual: null,
    cardExpiryMonth: null,
    cardExpiryYear: null,
    cardReissuedStatusId: null,
    settlementAccountId: null,
    maskedCardNumber: null,
    cardAliasName: null,
    cardBrand: null,
    createdAt: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}
