import { desc, eq } from 'drizzle-orm';
import type { PersonalInfo, PersonalInfoReason, PersonalInfoUpdate } from '@ledgerline/contract';
import { ACCESS_LEVELS, CUSTOMER_TYPES } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { customerIdentities, customers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext } from '../../main-api/types';
import { audit } from '../audit';
import { today } from './repository';

/*
 * /profile-update (spec 1 §4 start page: "a personal user goes to profile update if personal-info
 * update is needed"). The spec names the flag, not its reasons: we show the ones the data shows
 * (a missing name or birthday, an identity document whose name did not match) and otherwise
 * "the bank asks you to review it". Saving the form clears isNeedPersonalInfoUpdate.
 */

async function load(db: DbOrTx, customerId: number): Promise<PersonalInfo> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  const [identity] = await db
    .select({ status: customerIdentities.status })
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customerId))
    .orderBy(desc(customerIdentities.id))
    .limit(1);
  const reasons: PersonalInfoReason[] = [];
  if (customer.isNeedPersonalInfoUpdate) {
    if (!customer.firstName || !customer.lastName) reasons.push('nameMissing');
    if (!customer.birthDay) reasons.push('birthDayMissing');
    if (identity?.status === 'nameMismatch') reasons.push('identityNameMismatch');
    if (reasons.length === 0) reasons.push('reviewRequested');
  }
  return {
    isNeedPersonalInfoUpdate: customer.isNeedPersonalInfoUpdate,
    reasons,
    firstName: customer.firstName,
    lastName: customer.lastName,
    birthDay:
      customer.birthDay && /^\d{4}-\d{2}-\d{2}$/.test(customer.birthDay) ? customer.birthDay : null,
  };
}

export function getPersonalInfo(ctx: AuthedMethodContext): Promise<PersonalInfo> {
  return load(ctx.db, ctx.actor.customerId);
}

/** A customer is at least 18 on the day they save. */
function isAdult(birthDay: string, day: string): boolean {
  const [year, rest] = [Number(birthDay.slice(0, 4)), birthDay.slice(4)];
  return `${year + 18}${rest}` <= day;
}

export async function updatePersonalInfo(
  ctx: AuthedMethodContext,
  actor: Actor,
  input: PersonalInfoUpdate,
): Promise<PersonalInfo> {
  if (actor.accessLevel !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may do this for the customer');
  if (!isAdult(input.birthDay, today()))
    throw AppError.invalid({ birthDay: 'validation.birthDayAdult' }, 'You must be at least 18');
  return ctx.db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, actor.customerId))
      .for('update');
    if (!customer) throw AppError.notFound('Customer not found');
    if (customer.customerType !== CUSTOMER_TYPES.personal)
      throw AppError.invalid(
        { _: 'validation.personalOnly' },
        'Only a personal customer updates personal information here',
      );
    await tx
      .update(customers)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        birthDay: input.birthDay,
        isNeedPersonalInfoUpdate: false,
      })
      .where(eq(customers.id, customer.id));
    await audit(tx, {
      action: 'documents.personalInfoUpdated',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        changed: (['firstName', 'lastName', 'birthDay'] as const).filter(
          (field) => customer[field] !== input[field],
        ),
      },
    });
    return load(tx, customer.id);
  });
}
