import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, customerAccess, customers, loginHistory, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { customerDisplayName } from './access-info';

/*
 * An administrator acting for a customer (issue 15; spec 1 §6, spec 2 §6 fromCustomerId). Acting is
 * visible: every request made on behalf writes an audit row naming both the administrator (userId)
 * and the customer (customerId); the first request of a stretch of acting in a session also writes
 * "staff acted for you" into the login history of every user of the customer; and no money leaves
 * the customer while staff acts (docs/decisions.md: refused outright, the customer does it).
 */

export const STAFF_AUDIT = {
  request: 'staff.request',
  started: 'staff.actingStarted',
  stopped: 'staff.actingStopped',
} as const;

/** The login-history row the customer reads: flow `staff`, result `staffActed`, the staff member's name as the device. */
export const STAFF_LOGIN_HISTORY = { flow: 'staff', result: 'staffActed' } as const;

/**
 * Whether the user acts for `customerId` as staff: an administrator, not their own customer, and
 * no access right of their own for it (a director who is also an administrator acts as a director).
 */
export async function isStaffActingFor(
  db: DbOrTx,
  who: Pick<Actor, 'userId' | 'ownCustomerId' | 'customerId'>,
): Promise<boolean> {
  if (who.customerId === who.ownCustomerId) return false;
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, who.userId));
  if (!user?.isAdmin) return false;
  const [grant] = await db
    .select({ id: customerAccess.id })
    .from(customerAccess)
    .where(
      and(
        eq(customerAccess.userId, who.userId),
        eq(customerAccess.customerId, who.customerId),
        gt(customerAccess.accessRight, 0),
      ),
    );
  return grant === undefined;
}

/** The staff member's name as the customer reads it: their own customer's name, else their login. */
async function staffName(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db
    .select({
      email: users.email,
      customerType: customers.customerType,
      firstName: customers.firstName,
      lastName: customers.lastName,
      businessName: customers.businessName,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId));
  if (!row) return '';
  return customerDisplayName(row) || row.email;
}

/** The latest start or stop of this administrator acting for this customer in this session. */
async function latestMark(db: DbOrTx, actor: Actor) {
  const [row] = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.customerId, actor.customerId),
        eq(auditLog.userId, actor.userId),
        inArray(auditLog.action, [STAFF_AUDIT.started, STAFF_AUDIT.stopped]),
        sql`${auditLog.details}->>'sessionId' = ${actor.sessionId ?? ''}`,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row?.action;
}

/**
 * Opens a stretch of acting, once per session until it is stopped: the audit row, and the entry in
 * the login history of each of the customer's own users. A later request of the same stretch finds
 * the open mark and writes nothing here.
 */
export async function openStaffActing(db: DbOrTx, actor: Actor): Promise<boolean> {
  if (!actor.isStaffActing) return false;
  if ((await latestMark(db, actor)) === STAFF_AUDIT.started) return false;
  const name = (await staffName(db, actor.userId)).slice(0, 128);
  await audit(db, {
    action: STAFF_AUDIT.started,
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: { sessionId: actor.sessionId, staffUserId: actor.userId, staffName: name },
  });
  const owners = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.customerId, actor.customerId));
  if (owners.length > 0)
    await db.insert(loginHistory).values(
      owners.map((owner) => ({
        userId: owner.id,
        // The bank's address is not the customer's business: no IP for a staff entry.
        ip: null,
        client: 'staff',
        device: name,
        flow: STAFF_LOGIN_HISTORY.flow,
        result: STAFF_LOGIN_HISTORY.result,
      })),
    );
  return true;
}

/** Closes the stretch: the next request on behalf (in this session) opens a new one. */
export async function closeStaffActing(db: DbOrTx, actor: Actor): Promise<boolean> {
  if (!actor.isStaffActing) return false;
  if ((await latestMark(db, actor)) !== STAFF_AUDIT.started) return false;
  await audit(db, {
    action: STAFF_AUDIT.stopped,
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: { sessionId: actor.sessionId, staffUserId: actor.userId },
  });
  return true;
}

/** One audit row per request made on behalf: the administrator, the customer and what was asked. */
export async function recordStaffRequest(
  db: DbOrTx,
  actor: Actor,
  operation: string,
): Promise<void> {
  await openStaffActing(db, actor);
  await audit(db, {
    action: STAFF_AUDIT.request,
    userId: actor.userId,
    customerId: actor.customerId,
    ip: actor.ip,
    details: { operation: operation.slice(0, 128), sessionId: actor.sessionId },
  });
}

/**
 * No money leaves a customer while staff acts for them (issue 15): every money-moving use case
 * (transfers of every kind, recurring series, approvals, second-factor confirmations, card fees and
 * card links) calls this first. The customer moves their own money.
 */
export function refuseStaffMoneyMovement(actor: Pick<Actor, 'isStaffActing'>): void {
  if (actor.isStaffActing)
    throw new AppError('ENOA', 'Staff acting for a customer cannot move their money', {
      httpStatus: 403,
      validationErrors: { _: 'validation.staffCannotMoveMoney' },
    });
}
