/** Cards: status ids, the actions each status allows, the /cards routing rules and card-number rules (spec 2 §2, §4, §5, §9). */

/** Card status ids (spec 2 §4). For a card account, accountStatusId is one of these. */
export const CARD_STATUS = {
  submitted: 0,
  active: 2,
  canceled: 4,
  fraud: 18,
  printing: 19,
  printed: 20,
  shipped: 21,
  pending: 23,
  limited: 27,
  expired: 38,
  processing: 41,
  pendingDocument: 65,
  paused: 71,
} as const;
export type CardStatusKey = keyof typeof CARD_STATUS;
export type CardStatusId = (typeof CARD_STATUS)[CardStatusKey];

const STATUS_KEY_BY_ID = new Map<number, CardStatusKey>(
  (Object.entries(CARD_STATUS) as [CardStatusKey, CardStatusId][]).map(([key, id]) => [id, key]),
);

/** The name of a card status id, or null for an id the spec does not list. */
export function cardStatusKey(id: number): CardStatusKey | null {
  return STATUS_KEY_BY_ID.get(id) ?? null;
}

/** Every card action, in the order screens list them. */
export const CARD_ACTIONS = [
  'balance',
  'history',
  'block',
  'pause',
  'unpause',
  'load',
  'enrollment',
  'changePin',
  'showPin',
  'details',
  'rename',
  'activate',
  'reissue',
  'upgradeShipping',
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

export interface CardKindAndStatus {
  statusId: number;
  isVirtual: boolean;
}

/**
 * Actions a card's status allows (spec 2 §4 "Card actions by status"):
 * - balance, history and block: active and expired;
 * - pause: active or expired; unpause: paused;
 * - load and enrollment: active only;
 * - changePin and showPin: every status but fraud (the spec restricts no other status);
 * - details and rename: every status (they depend on the kind, below).
 * Our additions, which the spec leaves open:
 * - activate: printed or shipped — the card is in the customer's hands or on its way;
 * - reissue: active, expired or paused — a card that exists for the customer to replace;
 * - upgradeShipping: submitted or printing — the card has not left the printer yet.
 * A Record over every status key, so a new status fails to compile until its actions are decided.
 */
const ANY_STATUS: readonly CardAction[] = ['changePin', 'showPin', 'details', 'rename'];
const ACTIONS_BY_STATUS: Record<CardStatusKey, readonly CardAction[]> = {
  submitted: [...ANY_STATUS, 'upgradeShipping'],
  active: [...ANY_STATUS, 'balance', 'history', 'block', 'pause', 'load', 'enrollment', 'reissue'],
  canceled: ANY_STATUS,
  fraud: ['details', 'rename'],
  printing: [...ANY_STATUS, 'upgradeShipping'],
  printed: [...ANY_STATUS, 'activate'],
  shipped: [...ANY_STATUS, 'activate'],
  pending: ANY_STATUS,
  limited: ANY_STATUS,
  expired: [...ANY_STATUS, 'balance', 'history', 'block', 'pause', 'reissue'],
  processing: ANY_STATUS,
  pendingDocument: ANY_STATUS,
  paused: [...ANY_STATUS, 'unpause', 'reissue'],
};

/**
 * Actions that depend on the kind of card: a virtual card has no PIN and is never printed or
 * shipped (so it is not activated and has no shipping); only a virtual card shows its details
 * (number, expiry, CVV) and can be renamed (spec 2 §4).
 */
const PHYSICAL_ONLY: ReadonlySet<CardAction> = new Set([
  'changePin',
  'showPin',
  'activate',
  'upgradeShipping',
]);
const VIRTUAL_ONLY: ReadonlySet<CardAction> = new Set(['details', 'rename']);

/** The actions allowed for a card, in CARD_ACTIONS order. A status id the spec does not list allows nothing. */
export function cardActions(card: CardKindAndStatus): CardAction[] {
  const key = cardStatusKey(card.statusId);
  if (key === null) return [];
  const byStatus = new Set(ACTIONS_BY_STATUS[key]);
  return CARD_ACTIONS.filter(
    (action) =>
      byStatus.has(action) &&
      !(card.isVirtual ? PHYSICAL_ONLY.has(action) : VIRTUAL_ONLY.has(action)),
  );
}

export function isCardActionAllowed(card: CardKindAndStatus, action: CardAction): boolean {
  return cardActions(card).includes(action);
}

export type CardRoutePath = 'list' | 'physical' | 'virtual' | { accountId: number };
export interface CardRouteInput {
  /** The customer's card accounts the card screens list. */
  cards: readonly { accountId: number; isVirtual: boolean }[];
  /** /cards, /cards/physical, /cards/virtual or /cards/{accountId}. */
  path: CardRoutePath;
}
export type CardRouteTarget = 'physicalList' | 'virtualList' | 'details' | 'list' | 'home';
export interface CardRoute {
  to: CardRouteTarget;
  accountId?: number;
}

/**
 * Where a card path leads (spec 2 §2 "Card routing rules"):
 * - /cards is not a screen of its own: it opens the physical list, or the virtual list when there
 *   are no physical cards;
 * - exactly one card of one kind and none of the other goes straight to that card's details. On
 *   /cards this wins over "no physical cards → virtual list" (a single virtual card is shown, not
 *   a list of one). On /cards/physical and /cards/virtual it applies to the kind asked for, so a
 *   customer with one physical card can still open the virtual list (and apply for one there);
 * - a known card id opens its details; an unknown one goes back to the cards list when there are
 *   several card accounts, otherwise home.
 */
export function cardRoute(input: CardRouteInput): CardRoute {
  const { cards, path } = input;
  if (typeof path === 'object') {
    if (cards.some((card) => card.accountId === path.accountId)) {
      return { to: 'details', accountId: path.accountId };
    }
    return cards.length > 1 ? { to: 'list' } : { to: 'home' };
  }
  const physical = cards.filter((card) => !card.isVirtual);
  const virtual = cards.filter((card) => card.isVirtual);
  const single = (list: typeof cards, others: typeof cards): CardRoute | null => {
    const [only] = list;
    return only && list.length === 1 && others.length === 0
      ? { to: 'details', accountId: only.accountId }
      : null;
  };
  switch (path) {
    case 'physical':
      return single(physical, virtual) ?? { to: 'physicalList' };
    case 'virtual':
      return single(virtual, physical) ?? { to: 'virtualList' };
    case 'list':
      return (
        single(physical, virtual) ??
        single(virtual, physical) ??
        (physical.length === 0 ? { to: 'virtualList' } : { to: 'physicalList' })
      );
  }
}

/** Spaces are how people type card numbers; rules read the number without them (spec 2 §5). */
function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Card numbers of at least 16 characters (spaces removed) are masked to the last four (spec 2 §5, §9). */
export const CARD_MASK_MIN_LENGTH = 16;

/** `•••• 1234` for a full card number; a shorter value is not a card number and is shown as given. */
export function maskCardNumber(value: string): string {
  const compact = withoutSpaces(value);
  if (compact.length < CARD_MASK_MIN_LENGTH) return value;
  return `•••• ${compact.slice(-4)}`;
}

/** The BIN looked up while a card number is typed: its first six digits, spaces removed (spec 2 §5). */
export function binFromCardNumber(value: string): string | null {
  const bin = withoutSpaces(value).slice(0, 6);
  return /^\d{6}$/.test(bin) ? bin : null;
}

/** The Luhn check digit test, for a card number of 12 to 19 digits (ISO/IEC 7812), spaces allowed. */
export function luhnValid(value: string): boolean {
  const digits = withoutSpaces(value);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The flag of spec 2 §6 (other-person group) that loading and unloading a prepaid card follow. */
export const LOAD_PREPAID_CARD_FLAG = 'otherPerson.loadPrepaidCard';

export interface PrepaidMoneyInput extends CardKindAndStatus {
  subType: 'DEBIT' | 'PREPAID';
  /** getCustomerAccessInfo's permission flags. */
  permissions: Readonly<Record<string, boolean>>;
  /** The user's transfer access level for the customer (ACCESS_LEVELS: 2 full access). */
  transfersAccess: number;
}

/**
 * Whether money may be loaded onto (and taken back from) a card (issue 16): a prepaid card the
 * card rules allow to load (active only, spec 2 §4), the "load prepaid card" flag, and full
 * access — an initiate-only user would need an approval request, which cards do not make. The
 * server refuses the same; whether the product allows unloading is the card's own answer.
 */
export function mayMovePrepaidMoney(input: PrepaidMoneyInput): boolean {
  return (
    input.subType === 'PREPAID' &&
    isCardActionAllowed(input, 'load') &&
    input.permissions[LOAD_PREPAID_CARD_FLAG] === true &&
    input.transfersAccess === 2
  );
}
