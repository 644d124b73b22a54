import { ACCESS_LEVELS } from './constants';

/**
 * The quick actions of the home screen (spec 2 §6 "Roles and permissions"): only the ones the
 * acting user's access and permission flags allow are offered.
 */
export type QuickAction =
  /** Opens the account's payment details: what others need to pay into it. */
  | 'addMoney'
  /** Opens a payment account in another currency. */
  | 'addCurrency'
  /** Opens a prepaid funding wallet in a currency. */
  | 'createWallet'
  /** The cards the customer holds. */
  | 'cards'
  /** Apply for a new card. */
  | 'applyForCard'
  /** Link a card held at another bank (to fund accounts from it). */
  | 'linkExternalCard';

export interface QuickActionsInput {
  /** From getCustomerAccessInfo: the user's level per area for the customer acted for. */
  accessList: { balanceInfo: number; transfers: number };
  /** From getCustomerAccessInfo: the per-user permission flags (default false, spec 2 §6). */
  permissions: Readonly<Record<string, boolean>>;
  /** At least one account has payment details to show (what "add money" opens). */
  hasPaymentDetails: boolean;
  /** The customer holds at least one card account. */
  hasCards: boolean;
  /** The customer may order a card now (the caller decides, e.g. a verified, unlimited customer). */
  canApplyForCard: boolean;
}

/** Sees accounts at all: a representative without balance access sees company documents only (spec 2 §6). */
function seesAccounts(input: QuickActionsInput): boolean {
  return input.accessList.balanceInfo !== ACCESS_LEVELS.noAccess;
}

/**
 * May change the customer's products (open an account, order or link a card): any level from full
 * access up. Read-only users look; representatives (uploading, 5) never get balance access.
 */
function managesAccounts(input: QuickActionsInput): boolean {
  return seesAccounts(input) && input.accessList.balanceInfo >= ACCESS_LEVELS.fullAccess;
}

/**
 * Transfer quick actions (between accounts, P2P, external, request money) arrive with the transfers
 * issue: they will be gated by accessList.transfers and the permission groups of spec 2 §6
 * (own-account, other-person, mass, funding). None is offered before their screens exist.
 */
function transferQuickActions(_input: QuickActionsInput): QuickAction[] {
  return [];
}

/** The quick actions to show, in display order. */
export function quickActions(input: QuickActionsInput): QuickAction[] {
  if (!seesAccounts(input)) return [];
  const manages = managesAccounts(input);
  const actions: QuickAction[] = [];
  if (input.hasPaymentDetails) actions.push('addMoney');
  if (manages) actions.push('addCurrency', 'createWallet');
  actions.push(...transferQuickActions(input));
  if (input.hasCards) actions.push('cards');
  if (manages && input.canApplyForCard) actions.push('applyForCard');
  if (manages) actions.push('linkExternalCard');
  return actions;
}
