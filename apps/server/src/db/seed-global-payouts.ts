import { sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ACCOUNT_TYPES, CUSTOMER_TYPES } from '@ledgerline/domain';
import type { Tx } from './client';
import { customers, transferPermissions, users } from './schema';
import { createCustomerAccount } from '../modules/accounts';
import { postTransfer, systemAccount } from '../modules/ledger';

/*
 * Issue 17C: payouts@ledgerline.test, a verified business of Pebble Wallet (Brightline Media Ltd)
 * that sends global payouts: every own-account, other-person and mass flag, 20,000.00 EUR and
 * 5,000.00 USD. Nobody else's balances move; a second run changes nothing.
 */

export const DEMO_PAYOUTS_EMAIL = 'payouts@ledgerline.test';

export async function seedGlobalPayoutsDemo(
  tx: Tx,
  options: { passwordHash: string },
): Promise<void> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_PAYOUTS_EMAIL}`);
  if (existing) return;
  const [customer] = await tx
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: CUSTOMER_TYPES.business,
      businessName: 'Brightline Media Ltd',
      residenceCountryCode: 'IE',
      verified: true,
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('seed: payouts customer insert returned nothing');
  const [user] = await tx
    .insert(users)
    .values({
      customerId: customer.id,
      email: DEMO_PAYOUTS_EMAIL,
      passwordHash: options.passwordHash,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('seed: payouts user insert returned nothing');
  await tx.insert(transferPermissions).values({
    userId: user.id,
    customerId: customer.id,
    flags: Object.fromEntries(
      (['ownAccount', 'otherPerson', 'mass'] as const).flatMap((group) =>
        TRANSFER_PERMISSION_GROUPS[group].map((name) => [`${group}.${name}`, true]),
      ),
    ),
  });
  for (const [currency, amount] of [
    ['EUR', '20000.00'],
    ['USD', '5000.00'],
  ] as const) {
    const account = await createCustomerAccount(tx, {
      customerId: customer.id,
      type: ACCOUNT_TYPES.payment,
      currencyCode: currency,
    });
    const opening = await systemAccount(tx, 'openingBalance', currency);
    await postTransfer(tx, {
      kind: 'openingBalance',
      customerId: customer.id,
      initiatedByUserId: null,
      status: 'settled',
      postings: [
        { accountId: opening.id, amount: `-${amount}` },
        { accountId: account.id, amount },
      ],
      details: { description: 'Opening balance' },
    });
  }
}
