import { and, asc, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { INSTANT_KEY_TYPES, isInstantKeyValid, type InstantKeyType } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { customerEmails, customerPhones, customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { listBanks } from './directory';

/*
 * Instant payments (BR PIX style, spec 2 §3 "Instant info"): what the customer is known by in the
 * scheme and which banks of the country take part. A country without participating banks in the
 * directory has no instant scheme here.
 */

export interface InstantInfo {
  taxId: string | null;
  instantKey: string | null;
  instantKeyType: InstantKeyType | null;
  keyTypes: InstantKeyType[];
  banks: { code: string; name: string }[];
}

function phoneKey(phone: { number: string; countryCode: string }): string | null {
  const parsed = phone.number.startsWith('+')
    ? parsePhoneNumberFromString(phone.number)
    : parsePhoneNumberFromString(phone.number, phone.countryCode as CountryCode);
  const e164 = parsed?.isPossible() ? parsed.number : null;
  return e164 !== null && isInstantKeyValid('phone', e164) ? e164 : null;
}

/**
 * A CPF or CNPJ in its written form (529.982.247-25, 12.345.678/0001-95): bare digits would look
 * like a number to the client's coercion (spec 1 §5) and lose their meaning as a key.
 */
function formatTaxIdKey(taxId: string): string {
  const digits = taxId.replace(/\D/g, '');
  return digits.length === 11
    ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
    : `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
}

/** The customer's own key: the tax id (CPF/CNPJ) when valid, else a confirmed phone, else the e-mail. */
async function customerKey(
  db: DbOrTx,
  customerId: number,
  taxId: string | null,
): Promise<{ key: string; type: InstantKeyType } | null> {
  if (taxId !== null && isInstantKeyValid('taxId', taxId))
    return { key: formatTaxIdKey(taxId), type: 'taxId' };
  const phones = await db
    .select({ number: customerPhones.number, countryCode: customerPhones.countryCode })
    .from(customerPhones)
    .where(and(eq(customerPhones.customerId, customerId), eq(customerPhones.confirmed, true)))
    .orderBy(asc(customerPhones.id));
  for (const phone of phones) {
    const key = phoneKey(phone);
    if (key !== null) return { key, type: 'phone' };
  }
  const [primary] = await db
    .select({ email: customerEmails.email })
    .from(customerEmails)
    .where(and(eq(customerEmails.customerId, customerId), eq(customerEmails.isPrimary, true)));
  const email =
    primary?.email ??
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.customerId, customerId))
        .orderBy(asc(users.id))
        .limit(1)
    )[0]?.email;
  return email !== undefined && isInstantKeyValid('email', email)
    ? { key: email.toLowerCase(), type: 'email' }
    : null;
}

export async function instantInfo(
  db: DbOrTx,
  customerId: number,
  countryCode: string,
): Promise<InstantInfo> {
  const banks = await listBanks(db, countryCode, { instantOnly: true });
  if (banks.length === 0)
    throw AppError.invalid(
      { countryCode: 'validation.instantNotAvailable' },
      `Instant payments are not available to ${countryCode}`,
    );
  const [customer] = await db
    .select({ taxId: customers.taxId })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw AppError.notFound('Customer not found');
  const key = await customerKey(db, customerId, customer.taxId);
  return {
    taxId: customer.taxId,
    instantKey: key?.key ?? null,
    instantKeyType: key?.type ?? null,
    keyTypes: [...INSTANT_KEY_TYPES],
    banks,
  };
}
