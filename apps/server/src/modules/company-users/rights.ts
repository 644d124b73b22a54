import { and, eq, isNull } from 'drizzle-orm';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import { keepsFullAccess } from '@ledgerline/domain/company-users';
import type { CompanyUser } from '@ledgerline/contract';
import type { Tx } from '../../db/client';
import { accountCodes, customerAccess, transferPermissions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { publishAccessChanged, type CompanyUsersDeps } from './deps';
import { EMPLOYEE_ACTIVATION_PURPOSE } from './invitation-codes';
import { loadCompany, loadRoster, requireGrantedUser, requireManager } from './roster';

/*
 * Changing a company user's rights (spec 2 §5, §6): only a full-access user of the company, never
 * leaving the company without a working full-access user, each change with its audit row in the
 * same transaction and an AccessChanged event to the user after commit. Nothing caches a right:
 * every request reads the access level again (customers/acting-access.ts), so the change holds
 * from the user's very next request.
 */

const lastFullAccess = () =>
  AppError.invalid(
    { accessRight: 'validation.lastFullAccess' },
    'The company must keep at least one user with full access',
  );

function flagsOf(permissions: readonly string[]): Record<string, boolean> {
  return Object.fromEntries([...new Set(permissions)].sort().map((flag) => [flag, true]));
}

export async function writePermissions(
  tx: Tx,
  userId: number,
  customerId: number,
  permissions: readonly string[],
): Promise<void> {
  const flags = flagsOf(permissions);
  await tx
    .insert(transferPermissions)
    .values({ userId, customerId, flags })
    .onConflictDoUpdate({
      target: [transferPermissions.userId, transferPermissions.customerId],
      set: { flags, updatedAt: new Date() },
    });
}

interface Change {
  userId: number;
  /** What the user looks like afterwards, for the last-full-access rule. */
  next: (user: CompanyUser) => Pick<CompanyUser, 'accessRight' | 'status'> | null;
  /** The state check before the change (a named error when it does not apply). */
  check?: (user: CompanyUser) => void;
  apply: (tx: Tx, user: CompanyUser, companyId: number) => Promise<void>;
  action: string;
  details?: Record<string, unknown>;
}

/** One rights change, read top to bottom: authorise, lock and load, check, change with its audit row, then the event. */
async function changeUser(deps: CompanyUsersDeps, actor: Actor, change: Change) {
  requireManager(actor);
  const { companyId, user } = await deps.db.transaction(async (tx) => {
    const company = await loadCompany(tx, actor.customerId, { lock: true });
    const roster = await loadRoster(tx, actor, company);
    const target = requireGrantedUser(roster, change.userId);
    change.check?.(target);
    const next = change.next(target);
    if (!keepsFullAccess(roster, target.userId, next)) throw lastFullAccess();
    await change.apply(tx, target, company.id);
    await audit(tx, {
      action: change.action,
      userId: actor.userId,
      customerId: company.id,
      ip: actor.ip,
      details: {
        targetUserId: target.userId,
        before: { accessRight: target.accessRight, status: target.status },
        after: next,
        ...change.details,
      },
    });
    const after = (await loadRoster(tx, actor, company)).find(
      (row) => row.userId === target.userId,
    );
    return { companyId: company.id, user: after };
  });
  await publishAccessChanged(deps.realtime, change.userId, companyId);
  return user;
}

function requireUser(user: CompanyUser | undefined): CompanyUser {
  if (!user) throw new Error('company user vanished inside its own transaction');
  return user;
}

export async function updateRights(
  deps: CompanyUsersDeps,
  actor: Actor,
  input: { userId: number; accessRight: number; permissions: string[] },
) {
  const user = await changeUser(deps, actor, {
    userId: input.userId,
    action: 'companyUser.rightsChanged',
    details: { permissions: [...new Set(input.permissions)].sort() },
    next: (target) => ({ accessRight: input.accessRight, status: target.status }),
    apply: async (tx, target, companyId) => {
      // A suspended user keeps being suspended: the new level is the one resume gives back.
      await tx
        .update(customerAccess)
        .set(
          target.status === 'suspended'
            ? { suspendedAccessRight: input.accessRight }
            : { accessRight: input.accessRight },
        )
        .where(
          and(eq(customerAccess.userId, target.userId), eq(customerAccess.customerId, companyId)),
        );
      await writePermissions(tx, target.userId, companyId, input.permissions);
    },
  });
  return { user: requireUser(user) };
}

export async function suspendUser(deps: CompanyUsersDeps, actor: Actor, userId: number) {
  const user = await changeUser(deps, actor, {
    userId,
    action: 'companyUser.suspended',
    check: (target) => {
      if (target.status !== 'active')
        throw AppError.invalid(
          { userId: 'validation.notActiveUser' },
          'Only an active user can be suspended',
        );
    },
    next: (target) => ({ accessRight: target.accessRight, status: 'suspended' }),
    apply: async (tx, target, companyId) => {
      // access_right 0 makes every existing check (acting for the company, realtime fan-out,
      // the company choice) refuse the user at once; the right waits in suspended_access_right.
      await tx
        .update(customerAccess)
        .set({ accessRight: ACCESS_LEVELS.noAccess, suspendedAccessRight: target.accessRight })
        .where(
          and(
            eq(customerAccess.userId, target.userId),
            eq(customerAccess.customerId, companyId),
            isNull(customerAccess.suspendedAccessRight),
          ),
        );
    },
  });
  return { user: requireUser(user) };
}

export async function resumeUser(deps: CompanyUsersDeps, actor: Actor, userId: number) {
  const user = await changeUser(deps, actor, {
    userId,
    action: 'companyUser.resumed',
    check: (target) => {
      if (target.status !== 'suspended')
        throw AppError.invalid(
          { userId: 'validation.notSuspendedUser' },
          'The user is not suspended',
        );
    },
    next: (target) => ({
      accessRight: target.suspendedAccessRight ?? ACCESS_LEVELS.read,
      status: 'active',
    }),
    apply: async (tx, target, companyId) => {
      await tx
        .update(customerAccess)
        .set({
          accessRight: target.suspendedAccessRight ?? ACCESS_LEVELS.read,
          suspendedAccessRight: null,
        })
        .where(
          and(eq(customerAccess.userId, target.userId), eq(customerAccess.customerId, companyId)),
        );
    },
  });
  return { user: requireUser(user) };
}

export async function removeUser(deps: CompanyUsersDeps, actor: Actor, userId: number) {
  await changeUser(deps, actor, {
    userId,
    action: 'companyUser.removed',
    next: () => null,
    apply: async (tx, target, companyId) => {
      await tx
        .delete(transferPermissions)
        .where(
          and(
            eq(transferPermissions.userId, target.userId),
            eq(transferPermissions.customerId, companyId),
          ),
        );
      await tx
        .delete(customerAccess)
        .where(
          and(eq(customerAccess.userId, target.userId), eq(customerAccess.customerId, companyId)),
        );
      // An invitee removed before activating: the link in their e-mail stops working.
      if (target.status === 'invited')
        await tx
          .update(accountCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(accountCodes.userId, target.userId),
              eq(accountCodes.purpose, EMPLOYEE_ACTIVATION_PURPOSE),
              isNull(accountCodes.usedAt),
            ),
          );
    },
  });
  return { removedUserId: userId };
}
