import { ACCESS_LEVELS, isBusinessCustomerType } from './constants';
import { isSafeInitialPath } from './safe-path';

export { isSafeInitialPath } from './safe-path';

/**
 * The start page after sign-in (spec 1 §4 "Start page after loading customer info" and "After the
 * access info loads") as one pure decision. The caller loads what a decision asks for
 * (customer info, then the access info for business users) and asks again with the answer, until
 * the decision is a place to go.
 */

/** Document statuses of the tax-residency self-certification (spec 2 §3). */
export const SELF_CERTIFICATION_STATUSES = [
  'validated',
  'pending',
  'none',
  'notRequired',
  'rejected',
  'expiredSoon',
] as const;
export type SelfCertificationStatus = (typeof SELF_CERTIFICATION_STATUSES)[number];

/** Screens the start page may choose (spec 1 §2). */
export const START_PATHS = {
  home: '/home',
  adminOverview: '/admin-overview',
  profileUpdate: '/profile-update',
  kyc: '/kyc',
  selfCertification: '/self-certification',
  businessSelfCertificationSplash: '/self-certification-business-splash',
  companyDocuments: '/company-documents',
  companyChoice: '/company-access',
  login: '/login',
} as const;

/** The fields of customer info (spec 1 §3) the rules read. */
export interface StartPageCustomer {
  customerType: number;
  isAdmin: boolean;
  isHaveRelatedAccounts: boolean;
  useOldWeb: boolean;
  oldWebUrl: string | null;
  isNeedPersonalInfoUpdate: boolean;
  isNeedKyc: boolean;
  /** The server's answer to "is self-certification required" for a personal customer. */
  isNeedSelfCertification: boolean;
}

/** The fields of customer access info (spec 1 §3) the rules read, for the customer the session acts for. */
export interface StartPageAccessInfo {
  isNeedKyc: boolean;
  /** accessList.balanceInfo: the access level to balances; 0 marks a representative. */
  balanceInfoAccess: number;
  taxResidencySelfCertificationDocumentStatus: SelfCertificationStatus | null;
}

export type CustomerInfoOutcome =
  | { status: 'loaded'; customer: StartPageCustomer }
  /** No customer info, and the server answered TE / TERMS_ERROR: terms must be accepted. */
  | { status: 'termsPending' }
  | { status: 'failed' };

export type AccessInfoOutcome =
  | { status: 'failed' }
  | {
      status: 'loaded';
      /** How many customers the user may act for (the company choice lists them). */
      accessibleCustomers: number;
      /** The access info of the customer the session acts for, when there is one. */
      current: StartPageAccessInfo | undefined;
    };

/**
 * What a personal user who also acts for companies has of their own (issue 15): their own accounts
 * and the companies they may act for. A user whose only use is a company lands on it.
 */
export interface OwnUse {
  ownAccounts: number;
  /** The customers besides their own that the user may act for, in the access info's order. */
  companyIds: readonly number[];
}

export interface StartPageInput {
  customerInfo: CustomerInfoOutcome;
  /** The session acts for a chosen customer (fromCustomerId in the address, or a company chosen). */
  hasCustomCustomerId: boolean;
  /** A path stored before sign-in, opened once (spec 1 §4). */
  initialPath: string | undefined;
  /** Absent until the access info was asked for and loaded (business users only). */
  accessInfo?: AccessInfoOutcome;
  /** Absent until asked for with `loadOwnUse` (personal users with related accounts only). */
  ownUse?: OwnUse;
}

export type StartPageDecision =
  /** Go to a screen of this app. `usesInitialPath`: the stored initial path is now used up. */
  | { kind: 'navigate'; path: string; usesInitialPath: boolean }
  /** Leave for the old web client (rule 1). */
  | { kind: 'oldWeb'; url: string }
  /** Show the terms to accept; accepting continues the sign-in. */
  | { kind: 'terms' }
  /** Load the customer access info, then decide again with it (rules 3 and 4). */
  | { kind: 'loadAccessInfo' }
  /** A business user with related accounts picks the company to act for (rule 4). */
  | { kind: 'companyChoice' }
  /** Load the user's own accounts and companies (OwnUse), then decide again (issue 15). */
  | { kind: 'loadOwnUse' }
  /** Act for this customer (the session's Customer-Id), then decide again from its customer info. */
  | { kind: 'actFor'; customerId: number }
  /** Back to the sign-in page: nothing the rules allow. */
  | { kind: 'login' };

const go = (path: string, usesInitialPath = false): StartPageDecision => ({
  kind: 'navigate',
  path,
  usesInitialPath,
});

function storedInitialPath(input: StartPageInput): string | undefined {
  return isSafeInitialPath(input.initialPath) ? input.initialPath : undefined;
}

/** "After the access info loads" (spec 1 §4), in order. */
function afterAccessInfo(input: StartPageInput, info: StartPageAccessInfo): StartPageDecision {
  if (info.isNeedKyc) return go(START_PATHS.kyc);
  if (info.balanceInfoAccess === ACCESS_LEVELS.noAccess) return go(START_PATHS.companyDocuments);
  const initialPath = storedInitialPath(input);
  if (initialPath) return go(initialPath, true);
  const status = info.taxResidencySelfCertificationDocumentStatus;
  if (status === 'validated' || status === 'pending') return go(START_PATHS.home);
  return go(START_PATHS.businessSelfCertificationSplash);
}

/** The first matching rule of spec 1 §4 decides. */
export function decideStartPage(input: StartPageInput): StartPageDecision {
  const { customerInfo } = input;
  if (customerInfo.status === 'termsPending') return { kind: 'terms' };
  if (customerInfo.status === 'failed') return { kind: 'login' };
  const customer = customerInfo.customer;

  // 1. An old-web user without a custom customer id goes to the old web client.
  if (customer.useOldWeb && !input.hasCustomCustomerId && customer.oldWebUrl) {
    return { kind: 'oldWeb', url: customer.oldWebUrl };
  }
  // 2. An administrator goes to the admin overview.
  if (customer.isAdmin) return go(START_PATHS.adminOverview);

  if (isBusinessCustomerType(customer.customerType)) {
    const access = input.accessInfo;
    if (access === undefined) return { kind: 'loadAccessInfo' };
    if (access.status === 'failed') return { kind: 'login' };
    // 3. Without related accounts: the user's own access info decides, or back to login.
    if (!customer.isHaveRelatedAccounts) {
      return access.current ? afterAccessInfo(input, access.current) : { kind: 'login' };
    }
    // 4. With related accounts: once a company is chosen its access info decides; until then
    //    the company choice, or back to login when there is nothing to choose.
    if (input.hasCustomCustomerId && access.current) return afterAccessInfo(input, access.current);
    return access.accessibleCustomers > 0 ? { kind: 'companyChoice' } : { kind: 'login' };
  }

  // 5. A personal user.
  if (customer.isNeedPersonalInfoUpdate) return go(START_PATHS.profileUpdate);
  if (customer.isNeedKyc) return go(START_PATHS.kyc);
  if (customer.isNeedSelfCertification) return go(START_PATHS.selfCertification);
  // Issue 15: a person who acts for companies but has no accounts of their own (an employee, a
  // clerk) would land on an empty personal home: the one company opens instead, or the choice.
  if (customer.isHaveRelatedAccounts && !input.hasCustomCustomerId) {
    const own = input.ownUse;
    if (own === undefined) return { kind: 'loadOwnUse' };
    const [only, ...others] = own.companyIds;
    if (own.ownAccounts === 0 && only !== undefined)
      return others.length === 0 ? { kind: 'actFor', customerId: only } : { kind: 'companyChoice' };
  }
  const initialPath = storedInitialPath(input);
  if (initialPath) return go(initialPath, true);
  return go(START_PATHS.home);
}
