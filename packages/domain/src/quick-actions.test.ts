import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from './constants';
import {
  homeActions,
  quickActions,
  transferScreens,
  massTransferKinds,
  type QuickAction,
  type QuickActionsInput,
  type TransferScreen,
  type TransferScreensInput,
} from './quick-actions';

const owner: QuickActionsInput = {
  accessList: { balanceInfo: ACCESS_LEVELS.fullAccess, transfers: ACCESS_LEVELS.fullAccess },
  permissions: { viewBalances: true, initiateTransfers: true },
  hasPaymentDetails: true,
  hasCards: true,
  canApplyForCard: true,
};

const cases: { name: string; input: Partial<QuickActionsInput>; expected: QuickAction[] }[] = [
  {
    name: 'an owner with cards who may apply gets every action',
    input: {},
    expected: [
      'addMoney',
      'addCurrency',
      'createWallet',
      'cards',
      'applyForCard',
      'linkExternalCard',
    ],
  },
  {
    name: 'an owner without cards is not offered the cards list',
    input: { hasCards: false },
    expected: ['addMoney', 'addCurrency', 'createWallet', 'applyForCard', 'linkExternalCard'],
  },
  {
    name: 'a customer who may not apply for a card is not offered it',
    input: { canApplyForCard: false },
    expected: ['addMoney', 'addCurrency', 'createWallet', 'cards', 'linkExternalCard'],
  },
  {
    name: 'without any payment details there is nothing for "add money" to open',
    input: { hasPaymentDetails: false },
    expected: ['addCurrency', 'createWallet', 'cards', 'applyForCard', 'linkExternalCard'],
  },
  {
    name: 'a read-only user sees payment details and cards but changes nothing',
    input: { accessList: { balanceInfo: ACCESS_LEVELS.read, transfers: ACCESS_LEVELS.noAccess } },
    expected: ['addMoney', 'cards'],
  },
  {
    // Issue 15: the server opens accounts for full access only (requireFullAccess); it lets
    // initiate users order and link cards (cards' assertMayManageCards).
    name: 'a user with initiate rights orders cards but opens no accounts',
    input: {
      accessList: { balanceInfo: ACCESS_LEVELS.initiate, transfers: ACCESS_LEVELS.initiate },
      hasCards: false,
    },
    expected: ['addMoney', 'applyForCard', 'linkExternalCard'],
  },
  {
    name: 'a representative without balance access gets nothing',
    input: {
      accessList: { balanceInfo: ACCESS_LEVELS.noAccess, transfers: ACCESS_LEVELS.noAccess },
    },
    expected: [],
  },
  {
    name: 'no balance access wins over cards and apply flags',
    input: {
      accessList: { balanceInfo: ACCESS_LEVELS.noAccess, transfers: ACCESS_LEVELS.fullAccess },
      permissions: {},
    },
    expected: [],
  },
];

describe('quickActions', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    expect(quickActions({ ...owner, ...input })).toEqual(expected);
  });

  it('offers no transfer action without a transfer flag, whatever the area permissions say', () => {
    const actions: string[] = quickActions({
      ...owner,
      permissions: { initiateTransfers: true, sendMoneyToProductUser: true },
    });
    expect(actions.filter((action) => /transfer|send|request/i.test(action))).toEqual([]);
  });

  it('puts the transfer actions the flags allow after the account actions', () => {
    const permissions = {
      'ownAccount.betweenAccounts': true,
      'otherPerson.p2p': true,
      'otherPerson.wire': true,
    };
    expect(quickActions({ ...owner, permissions })).toEqual([
      'addMoney',
      'addCurrency',
      'createWallet',
      'transferBetweenAccounts',
      'sendToPerson',
      'transferExternal',
      'cards',
      'applyForCard',
      'linkExternalCard',
    ]);
  });
});

const full = ACCESS_LEVELS.fullAccess;
const transferCases: { name: string; input: TransferScreensInput; expected: TransferScreen[] }[] = [
  {
    name: 'no flag: no screen',
    input: { accessList: { transfers: full }, permissions: {} },
    expected: [],
  },
  {
    name: 'between own accounts only',
    input: { accessList: { transfers: full }, permissions: { 'ownAccount.betweenAccounts': true } },
    expected: ['account'],
  },
  {
    name: 'P2P only: paying invoices and pre-approved payments come with it',
    input: { accessList: { transfers: full }, permissions: { 'otherPerson.p2p': true } },
    expected: ['p2p', 'invoices', 'preapproved'],
  },
  {
    name: 'requesting money alone opens the invoices',
    input: { accessList: { transfers: full }, permissions: { 'otherPerson.requestMoney': true } },
    expected: ['invoices'],
  },
  {
    name: 'a mass P2P flag is not a single P2P: it opens the mass screens only (issue 17)',
    input: { accessList: { transfers: full }, permissions: { 'mass.p2p': true } },
    expected: ['mass'],
  },
  {
    name: 'a wire to oneself opens external',
    input: { accessList: { transfers: full }, permissions: { 'ownAccount.wire': true } },
    expected: ['external'],
  },
  {
    name: 'a crypto payout (digital) to someone opens external',
    input: { accessList: { transfers: full }, permissions: { 'otherPerson.digital': true } },
    expected: ['external'],
  },
  {
    name: 'an instant payment opens external',
    input: { accessList: { transfers: full }, permissions: { 'otherPerson.instant': true } },
    expected: ['external'],
  },
  {
    name: 'loading a prepaid card is no external transfer',
    input: {
      accessList: { transfers: full },
      permissions: { 'otherPerson.loadPrepaidCard': true },
    },
    expected: [],
  },
  {
    name: 'a flag set to false counts as not granted',
    input: { accessList: { transfers: full }, permissions: { 'otherPerson.p2p': false } },
    expected: [],
  },
  {
    name: 'every flag, acting for a company: all six screens in order',
    input: {
      accessList: { transfers: full },
      permissions: {
        'otherPerson.p2p': true,
        'otherPerson.eft': true,
        'ownAccount.betweenAccounts': true,
      },
      actsForBusiness: true,
    },
    expected: ['account', 'p2p', 'external', 'invoices', 'preapproved', 'approved'],
  },
  {
    name: 'an initiate-only company user starts transfers and sees the approvals list',
    input: {
      accessList: { transfers: ACCESS_LEVELS.initiate },
      permissions: { 'ownAccount.betweenAccounts': true },
      actsForBusiness: true,
    },
    expected: ['account', 'approved'],
  },
  {
    name: 'issue 17: a mass flag opens the mass screens, before the approvals list',
    input: {
      accessList: { transfers: full },
      permissions: { 'mass.wire': true, 'mass.p2p': true },
      actsForBusiness: true,
    },
    expected: ['mass', 'approved'],
  },
  {
    name: 'issue 18: an initiator with P2P pays invoices but gives no pre-approval',
    input: {
      accessList: { transfers: ACCESS_LEVELS.initiate },
      permissions: { 'otherPerson.p2p': true },
      actsForBusiness: true,
    },
    expected: ['p2p', 'invoices', 'approved'],
  },
  {
    name: 'issue 17: mass instant alone has no mass screen to open',
    input: { accessList: { transfers: full }, permissions: { 'mass.instant': true } },
    expected: [],
  },
  {
    name: 'read access moves nothing, flags or not',
    input: {
      accessList: { transfers: ACCESS_LEVELS.read },
      permissions: { 'ownAccount.betweenAccounts': true, 'otherPerson.p2p': true },
      actsForBusiness: true,
    },
    expected: [],
  },
  {
    name: 'no transfer access moves nothing',
    input: {
      accessList: { transfers: ACCESS_LEVELS.noAccess },
      permissions: { 'otherPerson.p2p': true },
    },
    expected: [],
  },
  {
    name: 'a representative (uploading) moves nothing',
    input: {
      accessList: { transfers: ACCESS_LEVELS.uploading },
      permissions: { 'otherPerson.p2p': true },
      actsForBusiness: true,
    },
    expected: [],
  },
];

describe('transferScreens', () => {
  it.each(transferCases)('$name', ({ input, expected }) => {
    expect(transferScreens(input)).toEqual(expected);
  });
});

describe('massTransferKinds', () => {
  it('lists the mass screens the flags open, in display order', () => {
    expect(
      massTransferKinds({
        'mass.p2p': true,
        'mass.wire': true,
        'mass.eft': false,
        'mass.global': true,
      }),
    ).toEqual(['wire', 'global', 'p2p']);
  });
});

describe('home actions (issue 13: a few first, the rest in a menu)', () => {
  it('puts send, add money and exchange first and keeps every other action in the menu', () => {
    const all: QuickAction[] = [
      'addMoney',
      'addCurrency',
      'createWallet',
      'transferBetweenAccounts',
      'sendToPerson',
      'transferExternal',
      'cards',
      'applyForCard',
      'linkExternalCard',
    ];
    expect(homeActions(all)).toEqual({
      primary: [
        { action: 'send', opens: 'sendToPerson' },
        { action: 'addMoney', opens: 'addMoney' },
        { action: 'exchange', opens: 'transferBetweenAccounts' },
      ],
      more: [
        'addCurrency',
        'createWallet',
        'transferExternal',
        'cards',
        'applyForCard',
        'linkExternalCard',
      ],
    });
  });

  it('sends to another bank when person-to-person is not allowed', () => {
    expect(homeActions(['transferExternal', 'cards'])).toEqual({
      primary: [{ action: 'send', opens: 'transferExternal' }],
      more: ['cards'],
    });
  });

  it('offers no primary action a user may not take', () => {
    expect(homeActions(['addMoney', 'cards'])).toEqual({
      primary: [{ action: 'addMoney', opens: 'addMoney' }],
      more: ['cards'],
    });
    expect(homeActions([])).toEqual({ primary: [], more: [] });
  });
});
