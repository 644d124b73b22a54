import { ACCESS_LEVELS } from './constants';

/*
 * Company users and their rights (spec 2 §3 "Access levels", §5 users, §6): the rules both the
 * server and the manage-users screen apply.
 */

/**
 * The levels a full-access user may give (spec 2 §5: every user needs nonzero rights, and option 5
 * is hidden from the list): read 1, full access 2, initiate 3, confirmed 4.
 */
export const ASSIGNABLE_ACCESS_LEVELS = [
  ACCESS_LEVELS.read,
  ACCESS_LEVELS.fullAccess,
  ACCESS_LEVELS.initiate,
  ACCESS_LEVELS.confirmed,
] as const;
export type AssignableAccessLevel = (typeof ASSIGNABLE_ACCESS_LEVELS)[number];

export function isAssignableAccessLevel(level: number): level is AssignableAccessLevel {
  return (ASSIGNABLE_ACCESS_LEVELS as readonly number[]).includes(level);
}

/** Representative position ids (spec 2 §3): 2 director, 6 and 9 shareholder, 8 ultimate owner; any other is an authorised user. */
export const REPRESENTATIVE_POSITIONS = {
  director: 2,
  shareholder: 6,
  shareholderAlt: 9,
  ultimateOwner: 8,
} as const;

export type RepresentativeRole = 'director' | 'shareholder' | 'ultimateOwner' | 'authorisedUser';

export function representativeRole(positionId: number | null): RepresentativeRole {
  switch (positionId) {
    case REPRESENTATIVE_POSITIONS.director:
      return 'director';
    case REPRESENTATIVE_POSITIONS.shareholder:
    case REPRESENTATIVE_POSITIONS.shareholderAlt:
      return 'shareholder';
    case REPRESENTATIVE_POSITIONS.ultimateOwner:
      return 'ultimateOwner';
    default:
      return 'authorisedUser';
  }
}

/** Where a company user stands: the company's own login, active, suspended, or invited and not yet activated. */
export const COMPANY_USER_STATUSES = ['holder', 'active', 'suspended', 'invited'] as const;
export type CompanyUserStatus = (typeof COMPANY_USER_STATUSES)[number];

export interface CompanyUserRights {
  userId: number;
  accessRight: number;
  status: CompanyUserStatus;
}

/** A user whose full access counts now: the company's own login, or an active (not suspended) grant of level 2. */
export function hasWorkingFullAccess(user: CompanyUserRights): boolean {
  if (user.status === 'holder') return true;
  return user.status === 'active' && user.accessRight === ACCESS_LEVELS.fullAccess;
}

/**
 * Spec 2 §5: a company always keeps at least one full-access user. Answers whether the users
 * after a change (the user `userId` given `next` rights, or removed when `next` is null) still
 * have one. An invitee who never activated does not count: nobody could sign in with it.
 */
export function keepsFullAccess(
  users: readonly CompanyUserRights[],
  userId: number,
  next: Pick<CompanyUserRights, 'accessRight' | 'status'> | null,
): boolean {
  return users.some((user) => {
    if (user.userId !== userId) return hasWorkingFullAccess(user);
    return next !== null && hasWorkingFullAccess({ userId, ...next });
  });
}
