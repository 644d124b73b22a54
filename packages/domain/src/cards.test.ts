import { describe, expect, it } from 'vitest';
import {
  CARD_ACTIONS,
  CARD_STATUS,
  binFromCardNumber,
  cardActions,
  cardRoute,
  cardStatusKey,
  isCardActionAllowed,
  luhnValid,
  maskCardNumber,
  mayMovePrepaidMoney,
  type CardAction,
  type CardRoute,
  type CardRouteInput,
} from './cards';

describe('card status ids (spec 2 §4)', () => {
  it.each<[number, string]>([
    [0, 'submitted'],
    [2, 'active'],
    [4, 'canceled'],
    [18, 'fraud'],
    [19, 'printing'],
    [20, 'printed'],
    [21, 'shipped'],
    [23, 'pending'],
    [27, 'limited'],
    [38, 'expired'],
    [41, 'processing'],
    [65, 'pendingDocument'],
    [71, 'paused'],
  ])('%i is %s', (id, key) => {
    expect(cardStatusKey(id)).toBe(key);
  });

  it('names no status for an id the spec does not list', () => {
    expect(cardStatusKey(1)).toBeNull();
    expect(cardStatusKey(99)).toBeNull();
  });
});

const PIN: CardAction[] = ['changePin', 'showPin'];
const VIRTUAL_ONLY: CardAction[] = ['details', 'rename'];

describe('card actions by status and kind (spec 2 §4 and our additions)', () => {
  it.each<[string, number, boolean, CardAction[]]>([
    ['submitted physical', 0, false, [...PIN, 'upgradeShipping']],
    ['submitted virtual', 0, true, VIRTUAL_ONLY],
    [
      'active physical',
      2,
      false,
      ['balance', 'history', 'block', 'pause', 'load', 'enrollment', ...PIN, 'reissue'],
    ],
    [
      'active virtual',
      2,
      true,
      ['balance', 'history', 'block', 'pause', 'load', 'enrollment', ...VIRTUAL_ONLY, 'reissue'],
    ],
    ['canceled physical', 4, false, PIN],
    ['canceled virtual', 4, true, VIRTUAL_ONLY],
    ['fraud physical: no PIN and nothing else', 18, false, []],
    ['fraud virtual', 18, true, VIRTUAL_ONLY],
    ['printing physical', 19, false, [...PIN, 'upgradeShipping']],
    ['printing virtual', 19, true, VIRTUAL_ONLY],
    ['printed physical', 20, false, [...PIN, 'activate']],
    ['printed virtual', 20, true, VIRTUAL_ONLY],
    ['shipped physical', 21, false, [...PIN, 'activate']],
    ['shipped virtual', 21, true, VIRTUAL_ONLY],
    ['pending physical', 23, false, PIN],
    ['pending virtual', 23, true, VIRTUAL_ONLY],
    ['limited physical', 27, false, PIN],
    ['limited virtual', 27, true, VIRTUAL_ONLY],
    ['expired physical', 38, false, ['balance', 'history', 'block', 'pause', ...PIN, 'reissue']],
    [
      'expired virtual',
      38,
      true,
      ['balance', 'history', 'block', 'pause', ...VIRTUAL_ONLY, 'reissue'],
    ],
    ['processing physical', 41, false, PIN],
    ['processing virtual', 41, true, VIRTUAL_ONLY],
    ['pending document physical', 65, false, PIN],
    ['pending document virtual', 65, true, VIRTUAL_ONLY],
    ['paused physical', 71, false, ['unpause', ...PIN, 'reissue']],
    ['paused virtual', 71, true, ['unpause', ...VIRTUAL_ONLY, 'reissue']],
    ['unknown status physical', 99, false, []],
    ['unknown status virtual', 1, true, []],
  ])('%s (status %i)', (_name, statusId, isVirtual, expected) => {
    const card = { statusId, isVirtual };
    expect(cardActions(card)).toEqual(expected);
    for (const action of CARD_ACTIONS) {
      expect(isCardActionAllowed(card, action), action).toBe(expected.includes(action));
    }
  });

  // The spec's sentences, checked over every status and kind, so the table above cannot drift from them.
  const everyCard = Object.values(CARD_STATUS).flatMap((statusId) => [
    { statusId, isVirtual: false },
    { statusId, isVirtual: true },
  ]);
  const statusesWith = (action: CardAction, isVirtual: boolean): number[] =>
    everyCard
      .filter((card) => card.isVirtual === isVirtual && isCardActionAllowed(card, action))
      .map((card) => card.statusId);

  it.each<CardAction>(['balance', 'history', 'block'])(
    '%s: active and expired cards only',
    (action) => {
      expect(statusesWith(action, false)).toEqual([2, 38]);
      expect(statusesWith(action, true)).toEqual([2, 38]);
    },
  );

  it('pause is for active or expired cards; unpause for paused ones', () => {
    expect(statusesWith('pause', false)).toEqual([2, 38]);
    expect(statusesWith('unpause', true)).toEqual([71]);
  });

  it.each<CardAction>(['load', 'enrollment'])('%s: active cards only', (action) => {
    expect(statusesWith(action, false)).toEqual([2]);
    expect(statusesWith(action, true)).toEqual([2]);
  });

  it.each<CardAction>(['changePin', 'showPin'])(
    '%s: never for fraud, never for a virtual card',
    (action) => {
      expect(statusesWith(action, false)).not.toContain(18);
      expect(statusesWith(action, false)).toHaveLength(Object.keys(CARD_STATUS).length - 1);
      expect(statusesWith(action, true)).toEqual([]);
    },
  );

  it.each<CardAction>(['details', 'rename'])('%s: virtual cards only', (action) => {
    expect(statusesWith(action, false)).toEqual([]);
    expect(statusesWith(action, true)).toHaveLength(Object.keys(CARD_STATUS).length);
  });
});

describe('card routing (spec 2 §2 "Card routing rules")', () => {
  const physical = (accountId: number) => ({ accountId, isVirtual: false });
  const virtual = (accountId: number) => ({ accountId, isVirtual: true });

  it.each<[string, CardRouteInput, CardRoute]>([
    // With no physical cards, /cards goes to the virtual list.
    [
      'no physical cards: /cards opens the virtual list',
      { cards: [virtual(1), virtual(2)], path: 'list' },
      { to: 'virtualList' },
    ],
    [
      'no cards at all: /cards opens the virtual list',
      { cards: [], path: 'list' },
      { to: 'virtualList' },
    ],
    [
      'physical cards: /cards opens the physical list',
      { cards: [physical(1), virtual(2)], path: 'list' },
      { to: 'physicalList' },
    ],
    [
      'several physical cards: /cards opens the physical list',
      { cards: [physical(1), physical(2)], path: 'list' },
      { to: 'physicalList' },
    ],

    // Exactly one card of a kind and none of the other: its details.
    [
      'one virtual card and no physical: /cards opens its details',
      { cards: [virtual(7)], path: 'list' },
      { to: 'details', accountId: 7 },
    ],
    [
      'one physical card and no virtual: /cards opens its details',
      { cards: [physical(8)], path: 'list' },
      { to: 'details', accountId: 8 },
    ],
    [
      'one physical card and no virtual: /cards/physical opens its details',
      { cards: [physical(8)], path: 'physical' },
      { to: 'details', accountId: 8 },
    ],
    [
      'one virtual card and no physical: /cards/virtual opens its details',
      { cards: [virtual(7)], path: 'virtual' },
      { to: 'details', accountId: 7 },
    ],
    [
      'one physical and one virtual: /cards/physical stays a list',
      { cards: [physical(1), virtual(2)], path: 'physical' },
      { to: 'physicalList' },
    ],
    [
      'one physical and one virtual: /cards/virtual stays a list',
      { cards: [physical(1), virtual(2)], path: 'virtual' },
      { to: 'virtualList' },
    ],
    [
      'one physical card only: /cards/virtual still opens the virtual list',
      { cards: [physical(1)], path: 'virtual' },
      { to: 'virtualList' },
    ],
    [
      'two virtual cards: /cards/virtual is the list',
      { cards: [virtual(1), virtual(2)], path: 'virtual' },
      { to: 'virtualList' },
    ],

    // A card id.
    [
      'a known card id opens its details',
      { cards: [physical(1), virtual(2)], path: { accountId: 2 } },
      { to: 'details', accountId: 2 },
    ],
    [
      'an unknown card id with several card accounts goes to the cards list',
      { cards: [physical(1), virtual(2)], path: { accountId: 9 } },
      { to: 'list' },
    ],
    [
      'an unknown card id with one card account goes home',
      { cards: [physical(1)], path: { accountId: 9 } },
      { to: 'home' },
    ],
    [
      'an unknown card id without card accounts goes home',
      { cards: [], path: { accountId: 9 } },
      { to: 'home' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(cardRoute(input)).toEqual(expected);
  });
});

describe('card numbers (spec 2 §5, §9)', () => {
  it.each<[string, string]>([
    ['4111111111111111', '•••• 1111'],
    ['4111 1111 1111 1234', '•••• 1234'],
    ['4111111111111111234', '•••• 1234'],
    ['411111111111111', '411111111111111'],
    ['4111 1111 1111 111', '4111 1111 1111 111'],
    ['', ''],
  ])('masks %j as %j', (value, masked) => {
    expect(maskCardNumber(value)).toBe(masked);
  });

  it.each<[string, string | null]>([
    ['4111111111111111', '411111'],
    ['4111 11', '411111'],
    [' 5 4 1 3 3 3 0 0', '541333'],
    ['41111', null],
    ['4111 1', null],
    ['41a111111', null],
    ['', null],
  ])('the BIN of %j is %j', (value, bin) => {
    expect(binFromCardNumber(value)).toBe(bin);
  });

  it.each<[string, boolean]>([
    ['4111111111111111', true],
    ['4111 1111 1111 1111', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4111111111111112', false],
    ['79927398713', false], // Luhn-valid but shorter than any card number
    ['4111-1111-1111-1111', false],
    ['41111111111111111111', false],
    ['', false],
  ])('luhnValid(%j) is %s', (value, valid) => {
    expect(luhnValid(value)).toBe(valid);
  });
});

describe('mayMovePrepaidMoney (issue 16)', () => {
  const base = {
    statusId: CARD_STATUS.active,
    isVirtual: true,
    subType: 'PREPAID' as const,
    permissions: { 'otherPerson.loadPrepaidCard': true },
    transfersAccess: 2,
  };
  it('allows an active prepaid card with the flag and full access', () => {
    expect(mayMovePrepaidMoney(base)).toBe(true);
  });
  it('refuses a debit card, another status, a missing flag and initiate access', () => {
    expect(mayMovePrepaidMoney({ ...base, subType: 'DEBIT' })).toBe(false);
    for (const statusId of [CARD_STATUS.paused, CARD_STATUS.expired, CARD_STATUS.submitted])
      expect(mayMovePrepaidMoney({ ...base, statusId })).toBe(false);
    expect(mayMovePrepaidMoney({ ...base, permissions: {} })).toBe(false);
    expect(mayMovePrepaidMoney({ ...base, transfersAccess: 3 })).toBe(false);
  });
});
