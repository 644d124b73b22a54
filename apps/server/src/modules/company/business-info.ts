import { eq } from 'drizzle-orm';
import {
  dueDiligenceSchema,
  financialDetailSchema,
  type BusinessInfo,
  type CompanyAddress,
} from '@ledgerline/contract';
import { ACCESS_LEVELS, isBusinessCustomerType } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { companyDetails, customers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { customerDisplayName } from '../customers';

export type CustomerRow = typeof customers.$inferSelect;
export type DetailsRow = typeof companyDetails.$inferSelect;

/**
 * The company the call acts for: a business customer (Customer-Id / fromCustomerId, already
 * checked by resolveActor). A personal customer has no company details: "not found", as for any
 * object that is not the caller's to see.
 */
export async function loadCompany(
  db: DbOrTx,
  actor: Pick<Actor, 'customerId'>,
  options: { lock?: boolean } = {},
): Promise<CustomerRow> {
  const query = db.select().from(customers).where(eq(customers.id, actor.customerId));
  const [customer] = options.lock ? await query.for('update') : await query;
  if (!customer || !isBusinessCustomerType(customer.customerType))
    throw AppError.notFound('Company not found');
  return customer;
}

export async function loadDetails(db: DbOrTx, customerId: number): Promise<DetailsRow | undefined> {
  const [row] = await db
    .select()
    .from(companyDetails)
    .where(eq(companyDetails.customerId, customerId));
  return row;
}

/** Whether the caller is an administrator acting for a customer that is not theirs (spec 2 §6). */
export async function isAdministratorActing(
  db: DbOrTx,
  actor: Pick<Actor, 'userId' | 'ownCustomerId' | 'customerId'>,
): Promise<boolean> {
  if (actor.customerId === actor.ownCustomerId) return false;
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, actor.userId));
  return user?.isAdmin === true;
}

function toAddress(
  type: CompanyAddress['type'],
  value: Record<string, string | null> | null,
): CompanyAddress[] {
  if (!value || typeof value.address1 !== 'string' || typeof value.city !== 'string') return [];
  return [
    {
      type,
      address1: value.address1,
      address2: value.address2 ?? null,
      city: value.city,
      postalCode: value.postalCode ?? null,
      countryCode: value.countryCode ?? '',
    },
  ];
}

/**
 * Business company info (spec 2 §3) as the acting user may see it: everyone with access reads the
 * legal and contact facts; the financial details and due diligence are withheld from a
 * documents-only representative (5), who is limited to company documents (spec 2 §6). A stored
 * answer that no longer fits the contract's shape is shown as not given rather than failing.
 */
export function toBusinessInfo(
  customer: CustomerRow,
  details: DetailsRow | undefined,
  accessLevel: number,
): BusinessInfo {
  const seesFinances = accessLevel !== ACCESS_LEVELS.uploading;
  const financial = financialDetailSchema.safeParse(details?.financialDetail);
  const diligence = dueDiligenceSchema.safeParse(details?.dueDiligence);
  return {
    customerId: customer.id,
    name: customerDisplayName(customer),
    registrationCountryCode: details?.registrationCountryCode ?? customer.residenceCountryCode,
    tradingName: details?.tradingName ?? null,
    email: details?.email ?? null,
    registrationNumber: details?.registrationNumber ?? null,
    registrationDate: details?.registrationDate ?? null,
    businessTaxId: details?.businessTaxId ?? customer.taxId,
    website: details?.website ?? null,
    description: details?.description ?? null,
    verified: customer.verified,
    limited: customer.limited,
    addresses: [
      ...toAddress('registered', details?.registeredAddress ?? null),
      ...toAddress('trading', details?.tradingAddress ?? null),
    ],
    phone:
      details?.phoneCountryCode && details.phoneNumber
        ? { countryCode: details.phoneCountryCode, number: details.phoneNumber }
        : null,
    financialDetail: seesFinances && financial.success ? financial.data : null,
    dueDiligenceQuestionnaire: seesFinances && diligence.success ? diligence.data : null,
    isConverted: details?.isConverted ?? false,
    updatedAt: details?.updatedAt.toISOString() ?? null,
  };
}

/** getBusinessInfo: any user with access to the company reads it. */
export async function getBusinessInfo(db: DbOrTx, actor: Actor): Promise<BusinessInfo> {
  const customer = await loadCompany(db, actor);
  return toBusinessInfo(customer, await loadDetails(db, customer.id), actor.accessLevel);
}
