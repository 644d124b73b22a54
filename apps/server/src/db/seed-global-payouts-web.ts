import { sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ACCOUNT_TYPES, CUSTOMER_TYPES } from '@ledgerline/domain';
import type { Tx } from './client';
import { customers, transferPermissions, users } from './schema';
import { createCustomerAccount } from '../modules/accounts';
import { postTransfer, systemAccount } from '../modules/ledger';

/*
 * Issue 17D: the sender of the global payouts browser tests, inside seedDemo's transaction; a
 * second run changes nothing. payouts@ledgerline.test signs in with the password alone and is the
 * business Meridian Creators Ltd (Pebble Wallet): a 5,000.00 EUR payment account, every transfer
 * flag (the mass group's `global` among them) and no second factor for transfers. No other demo
 * customer's balances move when the browser test pays out from it.
 */

export const DEMO_PAYOUTS_EMAIL = 'payouts@ledgerline.test';

export async function seedGlobalPayoutsWebDemo(
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
      businessName: 'Meridian Creators Ltd',
      residenceCountryCode: 'IE',
      verified: true,
      // Payments are confirmed with an e-mailed code: a batch goes out only with it (issue 17).
      transactionApproveMode: 4,
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
      Object.entries(TRANSFER_PERMISSION_GROUPS).flatMap(([group, names]) =>
        names.map((name) => [`${group}.${name}`, true]),
      ),
    ),
  });
  const account = await createCustomerAccount(tx, {
    customerId: customer.id,
    type: ACCOUNT_TYPES.payment,
    currencyCode: 'EUR',
  });
  const opening = await systemAccount(tx, 'openingBalance', 'EUR');
  await postTransfer(tx, {
    kind: 'openingBalance',
    customerId: customer.id,
    initiatedByUserId: null,
    status: 'settled',
    postings: [
      { accountId: opening.id, amount: '-5000.00' },
      { accountId: account.id, amount: '5000.00' },
    ],
    details: { description: 'Opening balance' },
  });
}
