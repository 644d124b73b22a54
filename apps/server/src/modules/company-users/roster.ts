import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACCESS_LEVELS, isBusinessCustomerType } from '@ledgerline/domain';
import type { CompanyUserStatus } from '@ledgerline/domain/company-users';
import type { CompanyUser } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { customerAccess, customers, transferPermissions, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { customerDisplayName, requireFullAccess } from '../customers';

/** The company a call acts for, with its users and their rights as the screen and the rules read them. */
export interface Roster {
  company: { id: number; name: string; brandId: string };
  users: CompanyUser[];
}

/** The acting customer when it is a company; a person has no company users (ENOA). */
export async function loadCompany(
  db: DbOrTx,
  customerId: number,
  options: { lock?: boolean } = {},
): Promise<Roster['company']> {
  const query = db
    .select({
      id: customers.id,
      customerType: customers.customerType,
      businessName: customers.businessName,
      firstName: customers.firstName,
      lastName: customers.lastName,
      brandId: customers.brandId,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  // The lock serialises rights changes of one company, so two full-access users cannot each
  // downgrade the other and leave nobody with full access.
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || !isBusinessCustomerType(row.customerType))
    throw AppError.noAccess('Only a company has users to manage');
  return { id: row.id, name: customerDisplayName(row), brandId: row.brandId };
}

function statusOf(
  userStatus: string,
  suspendedAccessRight: number | null,
): Exclude<CompanyUserStatus, 'holder'> {
  if (userStatus === 'pendingActivation') return 'invited';
  return suspendedAccessRight === null ? 'active' : 'suspended';
}

/** The company's own logins (full access by being the customer) and every user granted access to it. */
export async function loadRoster(
  db: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  company: Roster['company'],
) {
  const holders = await db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(eq(users.customerId, company.id))
    .orderBy(asc(users.id));
  const grants = await db
    .select({
      userId: customerAccess.userId,
      email: users.email,
      userStatus: users.status,
      accessRight: customerAccess.accessRight,
      suspendedAccessRight: customerAccess.suspendedAccessRight,
      representativePositionId: customerAccess.representativePositionId,
      customerType: customers.customerType,
      firstName: customers.firstName,
      lastName: customers.lastName,
      businessName: customers.businessName,
    })
    .from(customerAccess)
    .innerJoin(users, eq(users.id, customerAccess.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(customerAccess.customerId, company.id))
    .orderBy(asc(customerAccess.id));
  const userIds = [...holders, ...grants].map((row) => row.userId);
  const flagRows =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: transferPermissions.userId, flags: transferPermissions.flags })
          .from(transferPermissions)
          .where(
            and(
              eq(transferPermissions.customerId, company.id),
              inArray(transferPermissions.userId, userIds),
            ),
          );
  const granted = new Map(
    flagRows.map((row) => [
      row.userId,
      Object.entries(row.flags)
        .filter(([, on]) => on)
        .map(([flag]) => flag)
        .sort(),
    ]),
  );
  const list: CompanyUser[] = [
    ...holders.map((row) => ({
      userId: row.userId,
      email: row.email,
      name: company.name,
      accessRight: ACCESS_LEVELS.fullAccess,
      suspendedAccessRight: null,
      status: 'holder' as const,
      representativePositionId: null,
      permissions: granted.get(row.userId) ?? [],
      isYou: row.userId === actor.userId,
    })),
    ...grants.map((row) => ({
      userId: row.userId,
      email: row.email,
      name: customerDisplayName(row) || row.email,
      accessRight: row.accessRight,
      suspendedAccessRight: row.suspendedAccessRight,
      status: statusOf(row.userStatus, row.suspendedAccessRight),
      representativePositionId: row.representativePositionId,
      permissions: granted.get(row.userId) ?? [],
      isYou: row.userId === actor.userId,
    })),
  ];
  return list;
}

/** getCompanyUsers: anyone with access to the company reads the list; only full access (2) may change it. */
export async function listCompanyUsers(db: DbOrTx, actor: Actor) {
  const company = await loadCompany(db, actor.customerId);
  return {
    companyName: company.name,
    canManage: actor.accessLevel === ACCESS_LEVELS.fullAccess,
    users: await loadRoster(db, actor, company),
  };
}

/** The user `userId` among the company's users that a full-access user may change; another company's user is "not found". */
export function requireGrantedUser(roster: CompanyUser[], userId: number): CompanyUser {
  const user = roster.find((candidate) => candidate.userId === userId);
  if (!user) throw AppError.notFound('No such user at this company');
  if (user.status === 'holder')
    throw AppError.noAccess("The company's own login always keeps full access");
  return user;
}

export function requireManager(actor: Actor): void {
  requireFullAccess(actor);
}
