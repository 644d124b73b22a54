import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_SETTINGS,
  type LegalInfoItem,
  type NotificationSetting,
  type NotificationSettingId,
  type ProfileCustomer,
  type UsernameChangeRequest,
} from '@ledgerline/contract';
import { ACCESS_LEVELS, CUSTOMER_TYPES, isBusinessCustomerType } from '@ledgerline/domain';
import { isValidTaxIdFor } from '@ledgerline/domain/tax-id-country';
import type { DbOrTx } from '../../db/client';
import {
  customerAccess,
  customerEmails,
  customerVerification,
  customers,
  notificationSettings,
  termsAcceptances,
  usernameChangeRequests,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext } from '../../main-api/types';
import {
  auditChange,
  brandOf,
  loadCustomer,
  lockCustomer,
  loginOf,
  type CustomerRow,
} from './shared';

/*
 * Tax number, username-change requests, a business user's personal account, notification
 * settings and legal info (spec 2 §3 "Settings", §7 "Announcements and profile", "Settings").
 */

export function toProfileCustomer(customer: CustomerRow, login: string | null): ProfileCustomer {
  return {
    customerId: customer.id,
    customerType: customer.customerType,
    firstName: customer.firstName,
    lastName: customer.lastName,
    businessName: customer.businessName,
    birthDay: customer.birthDay,
    residenceCountryCode: customer.residenceCountryCode,
    taxId: customer.taxId,
    login: login ?? '',
  };
}

export async function updateTaxNumber(
  ctx: AuthedMethodContext,
  taxId: string,
): Promise<ProfileCustomer> {
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, ctx.actor.customerId);
    // The contract checked the shape; the customer's country checks the number (spec 2 §5).
    const holder = isBusinessCustomerType(customer.customerType) ? 'business' : 'person';
    if (!isValidTaxIdFor(taxId, customer.residenceCountryCode, holder))
      throw AppError.invalid(
        { taxId: 'validation.taxId' },
        'This is not a valid tax number for your country of residence',
      );
    if (customer.taxId === taxId)
      throw AppError.invalid(
        { taxId: 'validation.taxIdUnchanged' },
        'This is the tax number on record already',
      );
    const [updated] = await tx
      .update(customers)
      .set({ taxId })
      .where(eq(customers.id, customer.id))
      .returning();
    await auditChange(tx, ctx, 'taxNumberUpdated', { previous: customer.taxId, taxId });
    return toProfileCustomer(updated ?? customer, await loginOf(tx, customer.id));
  });
}

// ---- Username (login e-mail) changes ----

function toRequest(row: typeof usernameChangeRequests.$inferSelect): UsernameChangeRequest {
  const status = row.status === 'approved' || row.status === 'rejected' ? row.status : 'pending';
  return {
    id: row.id,
    newUsername: row.newUsername,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsernameChangeRequests(
  db: DbOrTx,
  customerId: number,
): Promise<UsernameChangeRequest[]> {
  const rows = await db
    .select()
    .from(usernameChangeRequests)
    .where(eq(usernameChangeRequests.customerId, customerId))
    .orderBy(desc(usernameChangeRequests.createdAt), desc(usernameChangeRequests.id));
  return rows.map(toRequest);
}

/**
 * A login is the user's own: only the user acting for their own customer asks to change it, one
 * pending request at a time, to an address no other user signs in with. The bank reviews it.
 */
export async function requestUsernameChange(
  ctx: AuthedMethodContext,
  newUsername: string,
): Promise<UsernameChangeRequest> {
  if (ctx.actor.customerId !== ctx.actor.ownCustomerId)
    throw AppError.noAccess('Only the user can ask to change their own login');
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, ctx.actor.userId))
      .for('update');
    if (!user) throw AppError.notFound('User not found');
    if (user.email.toLowerCase() === newUsername.toLowerCase()) {
      throw AppError.invalid(
        { newUsername: 'validation.usernameUnchanged' },
        'This is your login already',
      );
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${newUsername.toLowerCase()}`);
    if (taken)
      throw AppError.invalid(
        { newUsername: 'validation.emailTaken' },
        'Another account signs in with this address',
      );
    const [pending] = await tx
      .select({ id: usernameChangeRequests.id })
      .from(usernameChangeRequests)
      .where(
        and(
          eq(usernameChangeRequests.userId, user.id),
          eq(usernameChangeRequests.status, 'pending'),
        ),
      );
    if (pending)
      throw AppError.invalid(
        { newUsername: 'validation.usernameChangePending' },
        'A login change is already waiting for review',
      );
    const [row] = await tx
      .insert(usernameChangeRequests)
      .values({ customerId: ctx.actor.customerId, userId: user.id, newUsername })
      .returning();
    if (!row) throw new Error('username_change_requests insert returned nothing');
    await auditChange(tx, ctx, 'usernameChangeRequested', {
      requestId: row.id,
      from: user.email,
      to: newUsername,
    });
    return toRequest(row);
  });
}

// ---- A business user's personal account ----

/**
 * A user of a business customer, acting for it, may open a personal customer for themself once
 * (spec 2 §7 "create personal account"): not for a company they only act for, not a second time.
 */
export async function canCreatePersonalAccount(
  db: DbOrTx,
  ctx: AuthedMethodContext,
): Promise<boolean> {
  if (ctx.actor.customerId !== ctx.actor.ownCustomerId) return false;
  const own = await loadCustomer(db, ctx.actor.ownCustomerId);
  if (!isBusinessCustomerType(own.customerType)) return false;
  const [personal] = await db
    .select({ id: customers.id })
    .from(customerAccess)
    .innerJoin(customers, eq(customers.id, customerAccess.customerId))
    .where(
      and(
        eq(customerAccess.userId, ctx.actor.userId),
        eq(customers.customerType, CUSTOMER_TYPES.personal),
      ),
    )
    .limit(1);
  return personal === undefined;
}

/**
 * Opens the personal customer: same brand and residence as the business, no name yet (the start
 * page asks for the personal details, then KYC, as for any new customer), the user's login as its
 * confirmed primary e-mail, and full access for the user, who then finds it among the customers
 * they may act for.
 */
export async function createPersonalAccount(ctx: AuthedMethodContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    // Two clicks at once open one account: the user's row serialises them.
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, ctx.actor.userId))
      .for('update');
    if (!user) throw AppError.notFound('User not found');
    if (!(await canCreatePersonalAccount(tx, ctx))) {
      throw AppError.invalid(
        { _: 'validation.personalAccountNotAllowed' },
        'A personal account cannot be opened here',
      );
    }
    const business = await loadCustomer(tx, ctx.actor.ownCustomerId);
    const [personal] = await tx
      .insert(customers)
      .values({
        brandId: business.brandId,
        customerType: CUSTOMER_TYPES.personal,
        residenceCountryCode: business.residenceCountryCode,
        verified: false,
        isNeedPersonalInfoUpdate: true,
        isNeedKyc: true,
      })
      .returning();
    if (!personal) throw new Error('customers insert returned nothing');
    await tx.insert(customerVerification).values({ customerId: personal.id });
    await tx
      .insert(customerAccess)
      .values({ userId: user.id, customerId: personal.id, accessRight: ACCESS_LEVELS.fullAccess });
    await tx.insert(customerEmails).values({
      customerId: personal.id,
      email: user.email,
      isPrimary: true,
      confirmedAt: new Date(),
    });
    await auditChange(tx, ctx, 'personalAccountCreated', { personalCustomerId: personal.id });
    return personal.id;
  });
}

// ---- Notification settings ----

const SETTING_BY_ID = new Map<string, (typeof NOTIFICATION_SETTINGS)[number]>(
  NOTIFICATION_SETTINGS.map((setting) => [setting.identified, setting]),
);

/** The user's settings for the acting customer: stored choices over the catalogue's defaults; locked ones always on. */
export async function getNotificationSettings(
  db: DbOrTx,
  ctx: AuthedMethodContext,
): Promise<NotificationSetting[]> {
  const rows = await db
    .select({ identified: notificationSettings.identified, value: notificationSettings.value })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.customerId, ctx.actor.customerId),
        eq(notificationSettings.userId, ctx.actor.userId),
      ),
    )
    .orderBy(asc(notificationSettings.id));
  const stored = new Map(rows.map((row) => [row.identified, row.value]));
  return NOTIFICATION_SETTINGS.map((setting) => ({
    group: setting.group,
    identified: setting.identified,
    value: setting.editable
      ? (stored.get(setting.identified) ?? setting.defaultValue)
      : setting.defaultValue,
    editable: setting.editable,
  }));
}

export async function setNotificationSetting(
  ctx: AuthedMethodContext,
  identified: NotificationSettingId,
  value: boolean,
): Promise<NotificationSetting> {
  const setting = SETTING_BY_ID.get(identified);
  if (!setting) throw AppError.invalid({ identified: 'validation.invalidValue' });
  if (!setting.editable)
    throw AppError.invalid(
      { identified: 'validation.notificationSettingLocked' },
      'Security notices cannot be turned off',
    );
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(notificationSettings)
      .values({ customerId: ctx.actor.customerId, userId: ctx.actor.userId, identified, value })
      .onConflictDoUpdate({
        target: [
          notificationSettings.customerId,
          notificationSettings.userId,
          notificationSettings.identified,
        ],
        set: { value, updatedAt: new Date() },
      });
    await auditChange(tx, ctx, 'notificationSettingSet', { identified, value });
    return { group: setting.group, identified: setting.identified, value, editable: true };
  });
}

// ---- Legal info ----

/** The acting customer's brand's documents in their current versions, with when the signed-in user accepted each. */
export async function getLegalInfo(db: DbOrTx, ctx: AuthedMethodContext): Promise<LegalInfoItem[]> {
  const customer = await loadCustomer(db, ctx.actor.customerId);
  const brand = brandOf(customer);
  const accepted = await db
    .select({ termValue: termsAcceptances.termValue, acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .where(
      and(eq(termsAcceptances.userId, ctx.actor.userId), eq(termsAcceptances.brandId, brand.id)),
    )
    .orderBy(desc(termsAcceptances.acceptedAt));
  return brand.terms.map((term) => ({
    id: term.id,
    key: term.key,
    title: term.label,
    versionDate: term.versionDate ?? null,
    value: term.value,
    url: term.url,
    acceptedAt:
      accepted.find((row) => row.termValue === term.value)?.acceptedAt.toISOString() ?? null,
  }));
}

/** One legal item with the user's acceptance record, for the agreement PDF; another id is not found. */
export async function findLegalItem(
  db: DbOrTx,
  params: { customerId: number; userId: number; termId: number },
) {
  const customer = await loadCustomer(db, params.customerId);
  const brand = brandOf(customer);
  const term = brand.terms.find((item) => item.id === params.termId);
  if (!term) throw AppError.notFound('Document not found');
  const [acceptance] = await db
    .select()
    .from(termsAcceptances)
    .where(
      and(
        eq(termsAcceptances.userId, params.userId),
        eq(termsAcceptances.brandId, brand.id),
        eq(termsAcceptances.termValue, term.value),
      ),
    )
    .orderBy(desc(termsAcceptances.acceptedAt))
    .limit(1);
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, params.userId));
  return { customer, brand, term, acceptance: acceptance ?? null, userEmail: user?.email ?? '' };
}
