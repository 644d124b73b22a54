import { sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, CUSTOMER_TYPES } from '@ledgerline/domain';
import { createCustomerAccount } from '../modules/accounts';
import type { Tx } from './client';
import {
  customerAddresses,
  customerDocuments,
  customerIdentities,
  customerPhones,
  customerVerification,
  customers,
  users,
} from './schema';

/**
 * A customer waiting on the compliance review desk (issue 14), on a brand other than the first:
 * everything given, nothing decided yet. The identity provider's result is pending and the proof
 * of identity submitted, so the banner says "processing" until an administrator approves both;
 * the tax forms, address and phone are done, so nothing is left once they are approved.
 * The desk's administrator is admin@ledgerline.test (seed.ts). Added once; a second run changes nothing.
 */
export const DEMO_REVIEW_EMAIL = 'review@baltvale.example';

export async function seedComplianceDemo(tx: Tx, options: { passwordHash: string }): Promise<void> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_REVIEW_EMAIL}`);
  if (existing) return;
  const [customer] = await tx
    .insert(customers)
    .values({
      brandId: 'baltvale',
      customerType: CUSTOMER_TYPES.personal,
      firstName: 'Rūta',
      lastName: 'Kazlauskienė',
      birthDay: '1991-06-14',
      residenceCountryCode: 'LT',
      verified: false,
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('seed: review customer insert returned nothing');
  await tx.insert(users).values({
    customerId: customer.id,
    email: DEMO_REVIEW_EMAIL,
    passwordHash: options.passwordHash,
  });
  await createCustomerAccount(tx, {
    customerId: customer.id,
    type: ACCOUNT_TYPES.payment,
    currencyCode: 'EUR',
  });
  await tx.insert(customerVerification).values({
    customerId: customer.id,
    taxFormStatus: 'validated',
    videoIdentityStatus: 'validated',
  });
  await tx.insert(customerAddresses).values({
    customerId: customer.id,
    address1: 'Gedimino pr. 9',
    city: 'Vilnius',
    postalCode: '01103',
    countryCode: 'LT',
    addressStatus: 'confirmed',
    proofOfResidenceStatus: 'notRequired',
  });
  await tx.insert(customerPhones).values({
    customerId: customer.id,
    countryCode: 'LT',
    number: '+370 600 00931',
    confirmed: true,
  });
  await tx.insert(customerIdentities).values({
    customerId: customer.id,
    typeId: 1,
    number: 'LT1234567',
    status: 'pending',
    expiresDate: '2031-06-13',
  });
  await tx.insert(customerDocuments).values({
    customerId: customer.id,
    documentTypeId: 1,
    categoryId: 1,
    statusId: 0,
    issuedDate: '2021-06-14',
    expiresDate: '2031-06-13',
  });
}
