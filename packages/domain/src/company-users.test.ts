import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ACCESS_LEVELS,
  isAssignableAccessLevel,
  keepsFullAccess,
  representativeRole,
  type CompanyUserRights,
} from './company-users';

const owner: CompanyUserRights = { userId: 1, accessRight: 2, status: 'active' };
const clerk: CompanyUserRights = { userId: 2, accessRight: 3, status: 'active' };

describe('company user rules', () => {
  it('offers levels 1 to 4 and never 0 or 5', () => {
    expect(ASSIGNABLE_ACCESS_LEVELS).toEqual([1, 2, 3, 4]);
    expect(isAssignableAccessLevel(0)).toBe(false);
    expect(isAssignableAccessLevel(5)).toBe(false);
    expect(isAssignableAccessLevel(3)).toBe(true);
  });

  it('refuses to take away, suspend or remove the last full-access user', () => {
    const users = [owner, clerk];
    expect(keepsFullAccess(users, 1, { accessRight: 1, status: 'active' })).toBe(false);
    expect(keepsFullAccess(users, 1, { accessRight: 2, status: 'suspended' })).toBe(false);
    expect(keepsFullAccess(users, 1, null)).toBe(false);
    expect(keepsFullAccess(users, 2, null)).toBe(true);
  });

  it('lets one full-access user go while another remains, the company login included', () => {
    const second = { userId: 3, accessRight: 2, status: 'active' } as const;
    expect(keepsFullAccess([owner, second], 1, null)).toBe(true);
    const holder = { userId: 4, accessRight: 2, status: 'holder' } as const;
    expect(keepsFullAccess([owner, holder], 1, { accessRight: 1, status: 'active' })).toBe(true);
  });

  it('does not count an invitee who never activated as the remaining full-access user', () => {
    const invited = { userId: 3, accessRight: 2, status: 'invited' } as const;
    expect(keepsFullAccess([owner, invited], 1, null)).toBe(false);
  });

  it('names representative positions as spec 2 §3 does', () => {
    expect(representativeRole(2)).toBe('director');
    expect(representativeRole(6)).toBe('shareholder');
    expect(representativeRole(9)).toBe('shareholder');
    expect(representativeRole(8)).toBe('ultimateOwner');
    expect(representativeRole(null)).toBe('authorisedUser');
    expect(representativeRole(11)).toBe('authorisedUser');
  });
});
