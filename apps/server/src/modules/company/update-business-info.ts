import countries from 'i18n-iso-countries';
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import type {
  BusinessInfo,
  DueDiligenceQuestionnaire,
  FinancialDetail,
  MainMethods,
} from '@ledgerline/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { companyDetails } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { requireFullAccess } from '../customers';
import { isAdministratorActing, loadCompany, loadDetails, toBusinessInfo } from './business-info';

type ContactInput = z.output<MainMethods['updateBusinessContact']['request']>;
type DetailsValues = Partial<typeof companyDetails.$inferInsert>;

/** Refuses a country code that is shaped right but names no country ("ZZ"). */
function requireCountry(field: string, code: string): void {
  if (!countries.isValid(code)) throw AppError.invalid({ [field]: 'validation.countryCode' });
}

/** The number in international format when it is a valid number of the country's calling code. */
function internationalPhone(countryCode: string, phone: string): string {
  const parsed = isSupportedCountry(countryCode)
    ? parsePhoneNumberFromString(phone, countryCode as CountryCode)
    : undefined;
  if (
    !parsed?.isValid() ||
    parsed.countryCallingCode !== getCountryCallingCode(countryCode as CountryCode)
  )
    throw AppError.invalid(
      { phone: 'validation.phoneNumber' },
      'This is not a valid phone number for the country',
    );
  return parsed.formatInternational();
}

/**
 * One change of the company's details: full access only (an administrator acting for the company
 * has it), the company row locked so two changes take turns, the row written and its audit row in
 * the same transaction. The audit names which fields changed and whether an administrator made it.
 */
async function change(
  db: Database,
  actor: Actor,
  action: string,
  values: DetailsValues,
): Promise<BusinessInfo> {
  requireFullAccess(actor);
  const byAdministrator = await isAdministratorActing(db, actor);
  return db.transaction(async (tx) => {
    const customer = await loadCompany(tx, actor, { lock: true });
    const set = { ...values, updatedAt: new Date() };
    await tx
      .insert(companyDetails)
      .values({ customerId: customer.id, ...set })
      .onConflictDoUpdate({ target: companyDetails.customerId, set });
    await audit(tx, {
      action: `company.${action}`,
      userId: actor.userId,
      customerId: customer.id,
      ip: actor.ip,
      details: {
        fields: Object.keys(set).filter((key) => key !== 'updatedAt'),
        byAdministrator,
      },
    });
    return toBusinessInfo(customer, await loadDetails(tx, customer.id), actor.accessLevel);
  });
}

/** The contact details the company keeps: e-mail, website, description, phone, trading address. */
export async function updateBusinessContact(
  db: Database,
  actor: Actor,
  input: ContactInput,
): Promise<BusinessInfo> {
  if (input.phoneCountryCode !== undefined)
    requireCountry('phoneCountryCode', input.phoneCountryCode);
  if (input.tradingAddress)
    requireCountry('tradingAddress.countryCode', input.tradingAddress.countryCode);
  const phone =
    input.phone !== undefined && input.phoneCountryCode !== undefined
      ? internationalPhone(input.phoneCountryCode, input.phone)
      : undefined;
  const values: DetailsValues = {
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(phone !== undefined
      ? { phoneCountryCode: input.phoneCountryCode, phoneNumber: phone }
      : {}),
    ...(input.tradingAddress
      ? {
          tradingAddress: {
            address1: input.tradingAddress.address1,
            address2: input.tradingAddress.address2 ?? null,
            city: input.tradingAddress.city,
            postalCode: input.tradingAddress.postalCode,
            countryCode: input.tradingAddress.countryCode,
          },
        }
      : {}),
  };
  return change(db, actor, 'contactUpdated', values);
}

export async function updateBusinessFinancialDetail(
  db: Database,
  actor: Actor,
  financialDetail: FinancialDetail,
): Promise<BusinessInfo> {
  return change(db, actor, 'financialDetailUpdated', { financialDetail });
}

export async function updateBusinessDueDiligence(
  db: Database,
  actor: Actor,
  questionnaire: DueDiligenceQuestionnaire,
): Promise<BusinessInfo> {
  for (const [index, code] of questionnaire.countriesOfBusiness.entries())
    requireCountry(`dueDiligenceQuestionnaire.countriesOfBusiness.${index}`, code);
  return change(db, actor, 'dueDiligenceUpdated', { dueDiligence: questionnaire });
}
