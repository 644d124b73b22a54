import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { AccessibleCustomer, CustomerAccessInfo } from '@ledgerline/contract';
import {
  ACCESS_LEVELS,
  SELF_CERTIFICATION_STATUSES,
  isBusinessCustomerType,
  type SelfCertificationStatus,
} from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { customerAccess, customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { transferPermissionFlags } from './transfer-permissions';

type CustomerRow = typeof customers.$inferSelect;

export function customerDisplayName(
  customer: Pick<CustomerRow, 'customerType' | 'businessName' | 'firstName' | 'lastName'>,
): string {
  const person = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  const preferred = isBusinessCustomerType(customer.customerType)
    ? (customer.businessName ?? person)
    : person || customer.businessName;
  return preferred ?? '';
}

export function selfCertificationStatus(value: string): SelfCertificationStatus | null {
  return (SELF_CERTIFICATION_STATUSES as readonly string[]).includes(value)
    ? (value as SelfCertificationStatus)
    : null;
}

/**
 * What one access level lets the user do, by area (docs/decisions.md): the user's own customer and
 * an admin have full access; "uploading" (5) is a representative who sees no balances and looks
 * after company documents only (spec 1 §6 "business representative").
 */
export function accessListFor(level: number): CustomerAccessInfo['accessList'] {
  if (level === ACCESS_LEVELS.uploading) {
    return {
      balanceInfo: ACCESS_LEVELS.noAccess,
      transfers: ACCESS_LEVELS.noAccess,
      companyDocuments: ACCESS_LEVELS.uploading,
    };
  }
  return {
    balanceInfo: level,
    transfers: level === ACCESS_LEVELS.read ? ACCESS_LEVELS.noAccess : level,
    companyDocuments: level,
  };
}

function permissionsFor(level: number, isOwn: boolean): Record<string, boolean> {
  const list = accessListFor(level);
  return {
    viewBalances: list.balanceInfo !== ACCESS_LEVELS.noAccess,
    initiateTransfers: list.transfers !== ACCESS_LEVELS.noAccess,
    manageCompanyDocuments:
      list.companyDocuments !== ACCESS_LEVELS.noAccess &&
      list.companyDocuments !== ACCESS_LEVELS.read,
    manageUsers: isOwn,
  };
}

/** The login e-mail of each customer: its first user. */
async function usernames(db: DbOrTx, customerIds: number[]): Promise<Map<number, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: users.customerId, email: users.email })
    .from(users)
    .where(inArray(users.customerId, customerIds))
    .orderBy(asc(users.id));
  const out = new Map<number, string>();
  for (const row of rows) if (!out.has(row.customerId)) out.set(row.customerId, row.email);
  return out;
}

/**
 * Customer access info (spec 1 §3) for the customer the call acts for, which resolveActingCustomer
 * already checked the caller may act for, and the list of every customer the user may act for.
 */
export async function loadCustomerAccessInfo(
  db: DbOrTx,
  actor: Pick<Actor, 'userId' | 'ownCustomerId' | 'customerId'>,
): Promise<CustomerAccessInfo> {
  const caller = { userId: actor.userId, customerId: actor.ownCustomerId };
  const actingCustomerId = actor.customerId;
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, caller.userId));
  const grants = await db
    .select({
      customerId: customerAccess.customerId,
      accessRight: customerAccess.accessRight,
      positionId: customerAccess.representativePositionId,
    })
    .from(customerAccess)
    .where(
      and(
        eq(customerAccess.userId, caller.userId),
        gt(customerAccess.accessRight, ACCESS_LEVELS.noAccess),
      ),
    )
    .orderBy(asc(customerAccess.customerId));
  const ids = [
    ...new Set([caller.customerId, actingCustomerId, ...grants.map((grant) => grant.customerId)]),
  ];
  const rows = await db.select().from(customers).where(inArray(customers.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const logins = await usernames(db, ids);

  const acting = byId.get(actingCustomerId);
  if (!acting) throw AppError.notFound('Customer not found');
  const isOwn = actingCustomerId === caller.customerId;
  const grant = grants.find((item) => item.customerId === actingCustomerId);
  const level =
    isOwn || user?.isAdmin
      ? ACCESS_LEVELS.fullAccess
      : (grant?.accessRight ?? ACCESS_LEVELS.noAccess);

  const describe = (customer: CustomerRow, accessRights: number): AccessibleCustomer => ({
    id: customer.id,
    username: logins.get(customer.id) ?? '',
    name: customerDisplayName(customer),
    customerType: customer.customerType,
    accessRights,
    isOwn: customer.id === caller.customerId,
  });
  const own = byId.get(caller.customerId);
  const accessibleCustomers = [
    ...(own ? [describe(own, ACCESS_LEVELS.fullAccess)] : []),
    ...grants.flatMap((item) => {
      const customer = byId.get(item.customerId);
      return customer && customer.id !== caller.customerId
        ? [describe(customer, item.accessRight)]
        : [];
    }),
  ];

  return {
    customer: {
      id: acting.id,
      username: logins.get(acting.id) ?? '',
      name: customerDisplayName(acting),
    },
    accessList: accessListFor(level),
    accessRights: level,
    // The transfer flags of spec 2 §6 (ownAccount.betweenAccounts, otherPerson.p2p, …) beside the area permissions.
    permissions: {
      ...permissionsFor(level, isOwn),
      ...(await transferPermissionFlags(db, caller.userId, actingCustomerId, level)),
    },
    isNeedKyc: acting.isNeedKyc,
    businessRepresentativePositionIds:
      grant?.positionId != null && !isOwn ? [grant.positionId] : [],
    taxResidencySelfCertificationDocumentStatus: selfCertificationStatus(
      acting.taxSelfCertificationStatus,
    ),
    accessibleCustomers,
  };
}
