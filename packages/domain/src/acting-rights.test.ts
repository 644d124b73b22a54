import { describe, expect, it } from 'vitest';
import { actingRights } from './acting-rights';
import { ACCESS_LEVELS } from './constants';

const levels = ACCESS_LEVELS;
const rightsAt = (level: number) =>
  actingRights({
    accessRights: level,
    balanceInfo: level === levels.uploading ? levels.noAccess : level,
  });

describe('actingRights (what a screen may offer, as the server decides it)', () => {
  it('gives full access everything and asks no approver', () => {
    expect(rightsAt(levels.fullAccess)).toEqual({
      seesBalances: true,
      opensAccounts: true,
      managesCards: true,
      seesCardSecrets: true,
      editsCompany: true,
      transfersNeedApproval: false,
    });
  });

  it('lets an initiate-only user manage cards but not open accounts, and sends transfers to an approver', () => {
    expect(rightsAt(levels.initiate)).toEqual({
      seesBalances: true,
      opensAccounts: false,
      managesCards: true,
      seesCardSecrets: false,
      editsCompany: false,
      transfersNeedApproval: true,
    });
  });

  it('lets a read-only user look only', () => {
    expect(rightsAt(levels.read)).toEqual({
      seesBalances: true,
      opensAccounts: false,
      managesCards: false,
      seesCardSecrets: false,
      editsCompany: false,
      transfersNeedApproval: false,
    });
  });

  it('gives a representative (5) and no access nothing that touches money', () => {
    for (const level of [levels.uploading, levels.noAccess]) {
      const rights = rightsAt(level);
      expect(rights.seesBalances).toBe(false);
      expect(rights.opensAccounts || rights.managesCards || rights.editsCompany).toBe(false);
    }
  });
});
