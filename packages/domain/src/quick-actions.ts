import { actingRights } from './acting-rights';
import { ACCESS_LEVELS } from './constants';
import { EXTERNAL_PERMISSION_OPERATION } from './external-transfers';

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
  | 'linkExternalCard'
  /** Move money between the customer's own accounts (/transfer/account). */
  | 'transferBetweenAccounts'
  /** Send money to another customer by e-mail (/transfer/p2p). */
  | 'sendToPerson'
  /** Pay out to another bank, a card, a wallet… (/transfer/external). */
  | 'transferExternal';

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

/**
 * What the user may do with the customer's products (acting-rights.ts, the one rule): open an
 * account or a wallet with full access only (the server's requireFullAccess); order or link a card
 * with full access, initiate or confirmed (cards' assertMayManageCards). Read-only users look;
 * representatives (uploading, 5) never get balance access. balanceInfo is the level itself for
 * every level that sees balances.
 */
function rightsOf(input: QuickActionsInput) {
  return actingRights({
    accessRights: input.accessList.balanceInfo,
    balanceInfo: input.accessList.balanceInfo,
  });
}

/** The transfer screens of spec 2 §2, each shown only to a user whose flags allow it (spec 2 §6). */
export type TransferScreen =
  'account' | 'p2p' | 'external' | 'invoices' | 'preapproved' | 'mass' | 'approved';

export interface TransferScreensInput {
  /** From getCustomerAccessInfo: the user's level for transfers of the customer acted for. */
  accessList: { transfers: number };
  /** From getCustomerAccessInfo: the `group.operation` transfer flags (default false, spec 2 §6). */
  permissions: Readonly<Record<string, boolean>>;
  /** The customer acted for is a company: its transfers may wait for an approver (maker-checker). */
  actsForBusiness?: boolean;
}

/** Every flag that opens the external screen: any rail, to oneself at another bank or to someone else. */
const EXTERNAL_FLAGS = [...new Set(Object.values(EXTERNAL_PERMISSION_OPERATION))].flatMap(
  (operation) => [`ownAccount.${operation}`, `otherPerson.${operation}`],
);

/** The per-user flag of spec 2 §6 "request money": asking another customer of the brand for money. */
export const REQUEST_MONEY_FLAG = 'otherPerson.requestMoney';

/**
 * The transfer screens the user may open, in display order: only full access (2) and initiate (3)
 * start transfers at all (the server refuses others the same way); then each screen needs its flag
 * — between accounts `ownAccount.betweenAccounts`, P2P `otherPerson.p2p`, external any rail flag.
 * Invoices (issue 16) pay another customer as P2P does, or ask one for money: either flag opens
 * them. The approvals list is for company users who start or approve transfers.
 */
export function transferScreens(input: TransferScreensInput): TransferScreen[] {
  const level = input.accessList.transfers;
  if (level !== ACCESS_LEVELS.fullAccess && level !== ACCESS_LEVELS.initiate) return [];
  const flag = (name: string) => input.permissions[name] === true;
  const screens: TransferScreen[] = [];
  if (flag('ownAccount.betweenAccounts')) screens.push('account');
  if (flag('otherPerson.p2p')) screens.push('p2p');
  if (EXTERNAL_FLAGS.some(flag)) screens.push('external');
  if (flag('otherPerson.p2p') || flag(REQUEST_MONEY_FLAG)) screens.push('invoices');
  // Issue 18: letting a merchant pull money is a standing payment to another customer; it is the
  // full-access user's to give (an initiator's payments wait for an approver, a pull cannot).
  if (flag('otherPerson.p2p') && level === ACCESS_LEVELS.fullAccess) screens.push('preapproved');
  if (massTransferKinds(input.permissions).length > 0) screens.push('mass');
  if (input.actsForBusiness === true) screens.push('approved');
  return screens;
}

/**
 * The mass transfer screens of spec 2 §2 (/transfer/mass/wire … /global, /transfer/mass/p2p), in
 * display order. Issue 17: each needs its flag of the mass group (spec 2 §6); instant and interac
 * are mass flags without a screen of their own.
 */
export const MASS_TRANSFER_KINDS = ['wire', 'eft', 'oct', 'digital', 'global', 'p2p'] as const;
export type MassTransferKind = (typeof MASS_TRANSFER_KINDS)[number];

/** The mass transfer screens the user's `mass.*` flags open (the level is checked by transferScreens). */
export function massTransferKinds(
  permissions: Readonly<Record<string, boolean>>,
): MassTransferKind[] {
  return MASS_TRANSFER_KINDS.filter((kind) => permissions[`mass.${kind}`] === true);
}

const TRANSFER_ACTIONS: Partial<Record<TransferScreen, QuickAction>> = {
  account: 'transferBetweenAccounts',
  p2p: 'sendToPerson',
  external: 'transferExternal',
};

/** Transfer quick actions: one per transfer screen the user's access and flags allow (the approvals list is no quick action). */
function transferQuickActions(input: QuickActionsInput): QuickAction[] {
  return transferScreens(input).flatMap((screen) => {
    const action = TRANSFER_ACTIONS[screen];
    return action ? [action] : [];
  });
}

/** The quick actions to show, in display order. */
export function quickActions(input: QuickActionsInput): QuickAction[] {
  const rights = rightsOf(input);
  if (!rights.seesBalances) return [];
  const actions: QuickAction[] = [];
  if (input.hasPaymentDetails) actions.push('addMoney');
  if (rights.opensAccounts) actions.push('addCurrency', 'createWallet');
  actions.push(...transferQuickActions(input));
  if (input.hasCards) actions.push('cards');
  if (rights.managesCards && input.canApplyForCard) actions.push('applyForCard');
  if (rights.managesCards) actions.push('linkExternalCard');
  return actions;
}

/** The few actions home puts first, as a bank's home does (issue 13): send, add money, exchange. */
export type PrimaryAction = 'send' | 'addMoney' | 'exchange';

export interface HomeActions {
  /** In this order; each is there only when its quick action is allowed. */
  primary: { action: PrimaryAction; opens: QuickAction }[];
  /** Every other allowed quick action, in quickActions order, for the "More actions" menu. */
  more: QuickAction[];
}

/**
 * Splits the allowed quick actions for home: "send" opens the person-to-person screen, else the
 * other-bank one (the one not taken stays in the menu); "add money" the payment details;
 * "exchange" the screen between own accounts, where currencies are exchanged. The rest go in the
 * menu, so nothing the customer may do is lost.
 */
export function homeActions(actions: readonly QuickAction[]): HomeActions {
  const allowed = new Set(actions);
  const send = (['sendToPerson', 'transferExternal'] as const).find((action) =>
    allowed.has(action),
  );
  const candidates: [PrimaryAction, QuickAction | undefined][] = [
    ['send', send],
    ['addMoney', allowed.has('addMoney') ? 'addMoney' : undefined],
    ['exchange', allowed.has('transferBetweenAccounts') ? 'transferBetweenAccounts' : undefined],
  ];
  const primary = candidates.flatMap(([action, opens]) => (opens ? [{ action, opens }] : []));
  const taken = new Set(primary.map((item) => item.opens));
  return { primary, more: actions.filter((action) => !taken.has(action)) };
}
