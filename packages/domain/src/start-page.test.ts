import { describe, expect, it } from 'vitest';
import {
  decideStartPage,
  isSafeInitialPath,
  type AccessInfoOutcome,
  type StartPageAccessInfo,
  type StartPageCustomer,
  type StartPageDecision,
  type StartPageInput,
} from './start-page';

const personal: StartPageCustomer = {
  customerType: 0,
  isAdmin: false,
  isHaveRelatedAccounts: false,
  useOldWeb: false,
  oldWebUrl: null,
  isNeedPersonalInfoUpdate: false,
  isNeedKyc: false,
  isNeedSelfCertification: false,
};
const business: StartPageCustomer = { ...personal, customerType: 2 };
const oldBusiness: StartPageCustomer = { ...personal, customerType: 1 };

const access: StartPageAccessInfo = {
  isNeedKyc: false,
  balanceInfoAccess: 2,
  taxResidencySelfCertificationDocumentStatus: 'validated',
};
const loadedAccess = (
  current: Partial<StartPageAccessInfo> | undefined,
  accessibleCustomers = 1,
): AccessInfoOutcome => ({
  status: 'loaded',
  accessibleCustomers,
  current: current === undefined ? undefined : { ...access, ...current },
});

function input(
  customer: Partial<StartPageCustomer> | 'termsPending' | 'failed',
  rest: Partial<Omit<StartPageInput, 'customerInfo'>> = {},
): StartPageInput {
  return {
    customerInfo:
      typeof customer === 'string'
        ? { status: customer }
        : { status: 'loaded', customer: { ...personal, ...customer } },
    hasCustomCustomerId: false,
    initialPath: undefined,
    ...rest,
  };
}

const to = (path: string, usesInitialPath = false): StartPageDecision => ({
  kind: 'navigate',
  path,
  usesInitialPath,
});

const OLD_WEB = 'https://old.example/web';

describe('start page after sign-in (spec 1 §4)', () => {
  it.each<[string, StartPageInput, StartPageDecision]>([
    // No customer info
    ['terms pending (TE): the terms screen', input('termsPending'), { kind: 'terms' }],
    ['no customer info and no terms: back to login', input('failed'), { kind: 'login' }],

    // Rule 1: old web
    [
      'old-web user without a custom customer id: the old-web URL',
      input({ useOldWeb: true, oldWebUrl: OLD_WEB }),
      { kind: 'oldWeb', url: OLD_WEB },
    ],
    [
      'old-web rule comes before admin and business rules',
      input({ ...business, useOldWeb: true, oldWebUrl: OLD_WEB, isAdmin: true }),
      { kind: 'oldWeb', url: OLD_WEB },
    ],
    [
      'old-web user acting with a custom customer id stays here',
      input({ useOldWeb: true, oldWebUrl: OLD_WEB }, { hasCustomCustomerId: true }),
      to('/home'),
    ],
    [
      'old-web flag without a URL cannot leave: the other rules apply',
      input({ useOldWeb: true, oldWebUrl: null }),
      to('/home'),
    ],

    // Rule 2: admin
    ['admin: admin overview', input({ isAdmin: true }), to('/admin-overview')],
    [
      'admin rule comes before the business and personal rules',
      input({ ...business, isAdmin: true, isNeedKyc: true }),
      to('/admin-overview'),
    ],

    // Rule 3: business without related accounts
    [
      'business without related accounts: load the authorised-user (access) info first',
      input(business),
      { kind: 'loadAccessInfo' },
    ],
    ['old business type (1) counts as business', input(oldBusiness), { kind: 'loadAccessInfo' }],
    [
      'business without related accounts, access info failed: login',
      input(business, { accessInfo: { status: 'failed' } }),
      { kind: 'login' },
    ],
    [
      'business without related accounts, no own access info: login',
      input(business, { accessInfo: loadedAccess(undefined, 0) }),
      { kind: 'login' },
    ],
    [
      'business without related accounts, access info loaded: its rules (home)',
      input(business, { accessInfo: loadedAccess({}) }),
      to('/home'),
    ],

    // Rule 4: business with related accounts
    [
      'business with related accounts: load the access info first',
      input({ ...business, isHaveRelatedAccounts: true }),
      { kind: 'loadAccessInfo' },
    ],
    [
      'business with related accounts and accesses: company choice',
      input(
        { ...business, isHaveRelatedAccounts: true },
        { accessInfo: loadedAccess(undefined, 2) },
      ),
      { kind: 'companyChoice' },
    ],
    [
      'business with related accounts and accesses, even with own info: company choice',
      input({ ...business, isHaveRelatedAccounts: true }, { accessInfo: loadedAccess({}, 3) }),
      { kind: 'companyChoice' },
    ],
    [
      'business with related accounts but no accesses: login',
      input(
        { ...business, isHaveRelatedAccounts: true },
        { accessInfo: loadedAccess(undefined, 0) },
      ),
      { kind: 'login' },
    ],
    [
      'business with related accounts, access info failed: login',
      input({ ...business, isHaveRelatedAccounts: true }, { accessInfo: { status: 'failed' } }),
      { kind: 'login' },
    ],
    [
      'business with a company chosen: the chosen company’s access rules',
      input(
        { ...business, isHaveRelatedAccounts: true },
        { hasCustomCustomerId: true, accessInfo: loadedAccess({ isNeedKyc: true }, 2) },
      ),
      to('/kyc'),
    ],

    // Rule 5: personal
    [
      'personal needing a personal-info update: profile update',
      input({ isNeedPersonalInfoUpdate: true, isNeedKyc: true, isNeedSelfCertification: true }),
      to('/profile-update'),
    ],
    [
      'personal needing KYC: KYC',
      input({ isNeedKyc: true, isNeedSelfCertification: true }, { initialPath: '/statements' }),
      to('/kyc'),
    ],
    [
      'personal needing self-certification: self-certification',
      input({ isNeedSelfCertification: true }, { initialPath: '/statements' }),
      to('/self-certification'),
    ],
    [
      'personal with a stored initial path: that path, used once',
      input({}, { initialPath: '/statements?page=2' }),
      to('/statements?page=2', true),
    ],
    [
      'personal with an unsafe stored path: home',
      input({}, { initialPath: '//evil.example/x' }),
      to('/home'),
    ],
    ['personal otherwise: home', input({}), to('/home')],
    [
      'personal with related accounts: first what they have of their own',
      input({ isHaveRelatedAccounts: true }),
      { kind: 'loadOwnUse' },
    ],
    [
      'personal with related accounts and accounts of their own: home, no company choice',
      input({ isHaveRelatedAccounts: true }, { ownUse: { ownAccounts: 2, companyIds: [7] } }),
      to('/home'),
    ],
    [
      'personal whose only use is one company: acts for that company',
      input({ isHaveRelatedAccounts: true }, { ownUse: { ownAccounts: 0, companyIds: [7] } }),
      { kind: 'actFor', customerId: 7 },
    ],
    [
      'personal whose only use is several companies: the company choice',
      input({ isHaveRelatedAccounts: true }, { ownUse: { ownAccounts: 0, companyIds: [7, 9] } }),
      { kind: 'companyChoice' },
    ],
    [
      'personal without accounts and without companies: home (where accounts are opened)',
      input({ isHaveRelatedAccounts: true }, { ownUse: { ownAccounts: 0, companyIds: [] } }),
      to('/home'),
    ],
    [
      'personal acting for a chosen customer already: home',
      input({ isHaveRelatedAccounts: true }, { hasCustomCustomerId: true }),
      to('/home'),
    ],
    [
      'personal needing KYC goes to KYC before any company',
      input(
        { isHaveRelatedAccounts: true, isNeedKyc: true },
        { ownUse: { ownAccounts: 0, companyIds: [7] } },
      ),
      to('/kyc'),
    ],
  ])('%s', (_name, given, expected) => {
    expect(decideStartPage(given)).toEqual(expected);
  });

  describe('after the access info loads', () => {
    const business1 = (
      current: Partial<StartPageAccessInfo>,
      initialPath?: string,
    ): StartPageInput => input(business, { accessInfo: loadedAccess(current), initialPath });

    it.each<[string, StartPageInput, StartPageDecision]>([
      [
        '1. KYC needed: KYC (before everything else)',
        business1({ isNeedKyc: true, balanceInfoAccess: 0 }, '/statements'),
        to('/kyc'),
      ],
      [
        '2. no balance-info access: company documents (representative)',
        business1({ balanceInfoAccess: 0 }, '/statements'),
        to('/company-documents'),
      ],
      [
        '3. a stored initial path: that path, used once',
        business1({ taxResidencySelfCertificationDocumentStatus: 'none' }, '/statements'),
        to('/statements', true),
      ],
      [
        '4. self-certification validated: home',
        business1({ taxResidencySelfCertificationDocumentStatus: 'validated' }),
        to('/home'),
      ],
      [
        '4. self-certification pending: home',
        business1({ taxResidencySelfCertificationDocumentStatus: 'pending' }),
        to('/home'),
      ],
      ...(['none', 'notRequired', 'rejected', 'expiredSoon', null] as const).map(
        (status): [string, StartPageInput, StartPageDecision] => [
          `5. self-certification ${String(status)}: the business self-certification splash`,
          business1({ taxResidencySelfCertificationDocumentStatus: status }),
          to('/self-certification-business-splash'),
        ],
      ),
      ['read access to balances is access', business1({ balanceInfoAccess: 1 }), to('/home')],
    ])('%s', (_name, given, expected) => {
      expect(decideStartPage(given)).toEqual(expected);
    });
  });
});

describe('isSafeInitialPath', () => {
  it.each<[string | undefined, boolean]>([
    ['/statements', true],
    ['/history?page=2#top', true],
    ['/', true],
    [undefined, false],
    ['', false],
    ['statements', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['/a\nb', false],
    [`/${'a'.repeat(2048)}`, false],
  ])('%j → %s', (path, safe) => {
    expect(isSafeInitialPath(path)).toBe(safe);
  });
});
