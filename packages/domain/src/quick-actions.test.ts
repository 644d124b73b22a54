import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from './constants';
import { quickActions, type QuickAction, type QuickActionsInput } from './quick-actions';

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
    expected: ['addMoney', 'addCurrency', 'createWallet', 'cards', 'applyForCard', 'linkExternalCard'],
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
    name: 'a user with initiate rights manages accounts',
    input: { accessList: { balanceInfo: ACCESS_LEVELS.initiate, transfers: ACCESS_LEVELS.initiate }, hasCards: false },
    expected: ['addMoney', 'addCurrency', 'createWallet', 'applyForCard', 'linkExternalCard'],
  },
  {
    name: 'a representative without balance access gets nothing',
    input: { accessList: { balanceInfo: ACCESS_LEVELS.noAccess, transfers: ACCESS_LEVELS.noAccess } },
    expected: [],
  },
  {
    name: 'no balance access wins over cards and apply flags',
    input: { accessList: { balanceInfo: ACCESS_LEVELS.noAccess, transfers: ACCESS_LEVELS.fullAccess }, permissions: {} },
    expected: [],
  },
];

describe('quickActions', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    expect(quickActions({ ...owner, ...input })).toEqual(expected);
  });

  it('offers no transfer action before the transfer screens exist', () => {
    const actions: string[] = quickActions({ ...owner, permissions: { initiateTransfers: true, sendMoneyToProductUser: true } });
    expect(actions.filter((action) => /transfer|send|request/i.test(action))).toEqual([]);
  });
});
