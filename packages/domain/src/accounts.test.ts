import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUS,
  ACCOUNT_TYPES,
  accountKind,
  availableBalance,
  FALLBACK_MAIN_CURRENCY,
  mainAccount,
  mainCurrency,
  isExternalSourceAccount,
  isTransferableAccount,
  defaultHistoryAccount,
  isCardAccountType,
  sortAccounts,
  type AccountKind,
} from './accounts';

describe('account types (spec 2 §3)', () => {
  it.each<[number, AccountKind]>([
    [1001, 'payment'],
    [4001, 'prepaidFunding'],
    [4002, 'receiving'],
    [11, 'closed'],
    [2005, 'other'],
    [2006, 'card'],
    [2070, 'card'],
    [2135, 'card'],
    [2136, 'other'],
    [0, 'other'],
    [1002, 'other'],
  ])('type %i is %s', (type, kind) => {
    expect(accountKind(type)).toBe(kind);
  });

  it.each<[number, boolean]>([
    [ACCOUNT_TYPES.cardMin, true],
    [ACCOUNT_TYPES.cardMax, true],
    [ACCOUNT_TYPES.cardMin - 1, false],
    [ACCOUNT_TYPES.cardMax + 1, false],
    [2006.5, false],
    [ACCOUNT_TYPES.payment, false],
  ])('isCardAccountType(%d) is %s', (type, card) => {
    expect(isCardAccountType(type)).toBe(card);
  });
});

describe('account order (spec 2 §3: sorted by accountStatusId, the first is the default for history)', () => {
  const list = [
    { accountId: 1, accountStatusId: 4 },
    { accountId: 2, accountStatusId: 2 },
    { accountId: 3, accountStatusId: 0 },
    { accountId: 4, accountStatusId: 2 },
    { accountId: 5, accountStatusId: 71 },
  ];

  it('sorts by accountStatusId ascending, keeping the given order for equal statuses', () => {
    expect(sortAccounts(list).map((account) => account.accountId)).toEqual([3, 2, 4, 1, 5]);
  });

  it('does not reorder the list it was given', () => {
    const copy = [...list];
    sortAccounts(list);
    expect(list).toEqual(copy);
  });

  it('keeps every field of the accounts it sorts', () => {
    expect(sortAccounts([{ accountStatusId: 1, currencyCode: 'EUR' }])).toEqual([
      { accountStatusId: 1, currencyCode: 'EUR' },
    ]);
  });

  it('takes the first account after sorting as the default history account', () => {
    expect(defaultHistoryAccount(list)?.accountId).toBe(3);
  });

  it('has no default history account without accounts', () => {
    expect(defaultHistoryAccount([])).toBeNull();
  });
});

describe('accounts money can move from (spec 2 §3 types)', () => {
  it.each<[number, number, boolean, boolean]>([
    // type, accountStatusId, inside the bank, to another bank
    [ACCOUNT_TYPES.payment, ACCOUNT_STATUS.active, true, true],
    [ACCOUNT_TYPES.prepaidFunding, ACCOUNT_STATUS.active, true, true],
    [ACCOUNT_TYPES.receiving, ACCOUNT_STATUS.active, true, false],
    [ACCOUNT_TYPES.payment, ACCOUNT_STATUS.closed, false, false],
    [ACCOUNT_TYPES.closed, ACCOUNT_STATUS.active, false, false],
    [ACCOUNT_TYPES.cardMin, ACCOUNT_STATUS.active, false, false],
    [0, ACCOUNT_STATUS.active, false, false],
  ])('type %i with status %i: transferable %s, external source %s', (type, status, inside, out) => {
    const account = { type, accountStatusId: status };
    expect(isTransferableAccount(account)).toBe(inside);
    expect(isExternalSourceAccount(account)).toBe(out);
  });
});

describe('availableBalance', () => {
  it.each([
    // balance, pending, minimum → available
    ['100', '0', '0', '100'],
    ['100', '30.5', '10', '59.5'],
    ['100', '60', '40', '0'],
    // already under its minimum: nothing to move, never a negative amount
    ['5', '0', '10', '0'],
    ['-3', '0', '0', '0'],
    ['0.00000001', '0', '0', '0.00000001'],
    // 22 integer digits and 8 decimals stay exact
    ['9999999999999999999999.99999999', '0.00000001', '0', '9999999999999999999999.99999998'],
  ])(
    'balance %s, pending %s, minimum %s: %s',
    (balance, pendingAmount, accountBalanceMin, expected) => {
      expect(availableBalance({ balance, pendingAmount, accountBalanceMin })).toBe(expected);
    },
  );
});

describe('the main account and currency (home overview)', () => {
  const account = (accountId: number, type: number, currencyCode: string, accountStatusId = 2) => ({
    accountId,
    type,
    currencyCode,
    accountStatusId,
  });

  it('is the open payment account opened first, whatever the list order', () => {
    const list = [
      account(9, ACCOUNT_TYPES.payment, 'USD'),
      account(3, ACCOUNT_TYPES.prepaidFunding, 'GBP'),
      account(5, ACCOUNT_TYPES.payment, 'EUR'),
      account(1, 2006, 'RON', 0),
    ];
    expect(mainAccount(list)?.accountId).toBe(5);
    expect(mainCurrency(list)).toBe('EUR');
  });

  it('passes over a closed payment account', () => {
    const list = [
      account(1, ACCOUNT_TYPES.payment, 'GBP', ACCOUNT_STATUS.closed),
      account(2, ACCOUNT_TYPES.payment, 'USD'),
    ];
    expect(mainCurrency(list)).toBe('USD');
  });

  it('falls back to the account history opens on when there is no payment account', () => {
    const list = [account(4, ACCOUNT_TYPES.prepaidFunding, 'GBP'), account(2, 2006, 'USD', 0)];
    expect(mainAccount(list)?.accountId).toBe(2);
    expect(mainCurrency(list)).toBe('USD');
  });

  it('is the euro for a customer with no account', () => {
    expect(mainAccount([])).toBeNull();
    expect(mainCurrency([])).toBe(FALLBACK_MAIN_CURRENCY);
  });
});
