import { sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ACCESS_LEVELS, ACCOUNT_TYPES, CUSTOMER_TYPES } from '@ledgerline/domain';
import type { Tx } from './client';
import { customerAccess, customerAddresses, customers, transferPermissions, users } from './schema';
import { createCustomerAccount } from '../modules/accounts';
import { postTransfer, systemAccount } from '../modules/ledger';

/*
 * Mass transfers (issue 17B), inside seedDemo's transaction; a second run changes nothing.
 * - Quayside Payroll Ltd (Pebble Wallet, business): 250,000.00 EUR on a payment account, its own
 *   user payroll@ledgerline.test with every transfer flag (mass too), confirming nothing.
 * - payroll-clerk@ledgerline.test (Noor Haddad): may only initiate transfers for the company,
 *   mass ones included; an approver with full access decides them.
 * - payee-one@ and payee-two@ledgerline.test: people a mass P2P batch pays (EUR accounts).
 * No other demo customer's balances move when e2e/tests/mass-transfers.spec.ts pays its batches.
 */

export const DEMO_MASS_OWNER_EMAIL = 'payroll@ledgerline.test';
export const DEMO_MASS_CLERK_EMAIL = 'payroll-clerk@ledgerline.test';
export const DEMO_MASS_PAYEE_EMAILS = ['payee-one@ledgerline.test', 'payee-two@ledgerline.test'];

const flags = (groups: readonly (keyof typeof TRANSFER_PERMISSION_GROUPS)[]) =>
  Object.fromEntries(
    groups.flatMap((group) =>
      TRANSFER_PERMISSION_GROUPS[group].map((name) => [`${group}.${name}`, true]),
    ),
  );

async function person(
  tx: Tx,
  passwordHash: string,
  values: { email: string; firstName: string; lastName: string },
) {
  const [customer] = await tx
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: CUSTOMER_TYPES.personal,
      firstName: values.firstName,
      lastName: values.lastName,
      residenceCountryCode: 'LT',
      verified: true,
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('seed: mass person insert returned nothing');
  const [user] = await tx
    .insert(users)
    .values({ customerId: customer.id, email: values.email, passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('seed: mass user insert returned nothing');
  await createCustomerAccount(tx, {
    customerId: customer.id,
    type: ACCOUNT_TYPES.payment,
    currencyCode: 'EUR',
  });
  return { customerId: customer.id, userId: user.id };
}

export async function seedMassTransfersDemo(
  tx: Tx,
  options: { passwordHash: string },
): Promise<void> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_MASS_OWNER_EMAIL}`);
  if (existing) return;
  const [company] = await tx
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: CUSTOMER_TYPES.business,
      businessName: 'Quayside Payroll Ltd',
      residenceCountryCode: 'LT',
      verified: true,
    })
    .returning({ id: customers.id });
  if (!company) throw new Error('seed: mass company insert returned nothing');
  // Money sent abroad needs a confirmed address, as for a single wire (every row is checked so).
  await tx.insert(customerAddresses).values({
    customerId: company.id,
    address1: '4 Quayside',
    city: 'Vilnius',
    postalCode: '01100',
    countryCode: 'LT',
    addressStatus: 'confirmed',
    proofOfResidenceStatus: 'validated',
  });
  const [owner] = await tx
    .insert(users)
    .values({
      customerId: company.id,
      email: DEMO_MASS_OWNER_EMAIL,
      passwordHash: options.passwordHash,
    })
    .returning({ id: users.id });
  if (!owner) throw new Error('seed: mass owner insert returned nothing');
  const clerk = await person(tx, options.passwordHash, {
    email: DEMO_MASS_CLERK_EMAIL,
    firstName: 'Noor',
    lastName: 'Haddad',
  });
  await tx.insert(customerAccess).values({
    userId: clerk.userId,
    customerId: company.id,
    accessRight: ACCESS_LEVELS.initiate,
  });
  await tx.insert(transferPermissions).values([
    {
      userId: owner.id,
      customerId: company.id,
      flags: flags(['ownAccount', 'otherPerson', 'mass', 'funding']),
    },
    {
      userId: clerk.userId,
      customerId: company.id,
      flags: flags(['ownAccount', 'otherPerson', 'mass']),
    },
    {
      userId: clerk.userId,
      customerId: clerk.customerId,
      flags: flags(['ownAccount', 'otherPerson']),
    },
  ]);
  await person(tx, options.passwordHash, {
    email: DEMO_MASS_PAYEE_EMAILS[0] ?? '',
    firstName: 'Elena',
    lastName: 'Vance',
  });
  await person(tx, options.passwordHash, {
    email: DEMO_MASS_PAYEE_EMAILS[1] ?? '',
    firstName: 'Tariq',
    lastName: 'Osei',
  });
  const account = await createCustomerAccount(tx, {
    customerId: company.id,
    type: ACCOUNT_TYPES.payment,
    currencyCode: 'EUR',
  });
  const opening = await systemAccount(tx, 'openingBalance', 'EUR');
  await postTransfer(tx, {
    kind: 'openingBalance',
    customerId: company.id,
    initiatedByUserId: null,
    status: 'settled',
    postings: [
      { accountId: opening.id, amount: '-250000.00' },
      { accountId: account.id, amount: '250000.00' },
    ],
    details: { description: 'Opening balance' },
  });
}
