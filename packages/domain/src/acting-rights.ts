import { ACCESS_LEVELS } from './constants';

/**
 * What the signed-in user may do for the customer the session acts for, read from the customer
 * access info (spec 1 §3, spec 2 §6). One rule for every screen: a screen offers an action only
 * when its right is true here, and each right mirrors the server's own refusal, so nothing is
 * offered that the server would answer with a bare error.
 */
export interface ActingRightsInput {
  /** The user's level for the acting customer (accessRights; 0–5, spec 2 §3 "Access levels"). */
  accessRights: number;
  /** accessList.balanceInfo: 0 for a documents-only representative. */
  balanceInfo: number;
}

export interface ActingRights {
  /** Balances, accounts, history and payment details (server: requireBalanceAccess). */
  seesBalances: boolean;
  /** Opening a currency account or a wallet (server: requireFullAccess, full access only). */
  opensAccounts: boolean;
  /**
   * Card changes, applying for or linking a card (server: cards' assertMayManageCards): full
   * access, initiate or confirmed; a read-only user and a representative only look.
   */
  managesCards: boolean;
  /** Showing a card's PIN or details (server: requireFullAccess). */
  seesCardSecrets: boolean;
  /** Changing the company's contact details, financial details and due diligence (full access). */
  editsCompany: boolean;
  /** The user's transfers wait for an approver (initiate, 3; spec 2 §4 "Transaction approval"). */
  transfersNeedApproval: boolean;
}

const NOTHING: ActingRights = {
  seesBalances: false,
  opensAccounts: false,
  managesCards: false,
  seesCardSecrets: false,
  editsCompany: false,
  transfersNeedApproval: false,
};

export function actingRights(input: ActingRightsInput): ActingRights {
  const level = input.accessRights;
  const seesBalances = input.balanceInfo !== ACCESS_LEVELS.noAccess;
  if (!seesBalances && level !== ACCESS_LEVELS.uploading) return NOTHING;
  const isFull = level === ACCESS_LEVELS.fullAccess;
  return {
    seesBalances,
    opensAccounts: seesBalances && isFull,
    managesCards:
      seesBalances &&
      (isFull || level === ACCESS_LEVELS.initiate || level === ACCESS_LEVELS.confirmed),
    seesCardSecrets: seesBalances && isFull,
    editsCompany: isFull,
    transfersNeedApproval: level === ACCESS_LEVELS.initiate,
  };
}
