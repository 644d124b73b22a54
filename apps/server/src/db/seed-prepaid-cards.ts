import { and, eq, sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ACCOUNT_TYPES, CARD_STATUS, CUSTOMER_TYPES } from '@ledgerline/domain';
import { BRANDS } from '@ledgerline/domain/brands';
import type { Tx } from './client';
import { authSettings, customers, feeRules, transferPermissions, users } from './schema';
import { createCustomerAccount } from '../modules/accounts';
import { createCardVault, findCardProduct, issueCard } from '../modules/cards';
import { postTransfer, systemAccount } from '../modules/ledger';

/*
 * Prepaid card loading (issue 16C), inside seedDemo's transaction; a second run changes nothing.
 * - Every brand's fees (fee_rules, in the currency the money comes from): a load costs 0.5 %
 *   (0.50 to 10.00), an unload 1.00. A rule already there (or edited later) is kept.
 * - prepaid@ledgerline.test (Pebble Wallet, Priya Kaur): 500.00 EUR and 300.00 USD payment
 *   accounts, an active Virtual Mastercard Prepaid in EUR holding 20.00, every transfer flag, and
 *   SMS codes for transfers (+44 7700 900456). No other demo customer's balances move when the
 *   browser test loads her card.
 */

export const DEMO_PREPAID_EMAIL = 'prepaid@ledgerline.test';
export const DEMO_PREPAID_PHONE = '+44 7700 900456';

export const PREPAID_FEE_RULES = [
  { operation: 'prepaidCardLoad', fixed: '0', percent: '0.5', minFee: '0.5', maxFee: '10' },
  { operation: 'prepaidCardUnload', fixed: '1', percent: '0', minFee: '0', maxFee: null },
] as const;

async function ensureFees(tx: Tx): Promise<void> {
  for (const brandId of Object.keys(BRANDS)) {
    for (const rule of PREPAID_FEE_RULES) {
      const [existing] = await tx
        .select({ id: feeRules.id })
        .from(feeRules)
        .where(and(eq(feeRules.brandId, brandId), eq(feeRules.operation, rule.operation)))
        .limit(1);
      if (!existing) await tx.insert(feeRules).values({ brandId, ...rule });
    }
  }
}

async function fund(
  tx: Tx,
  customerId: number,
  accountId: number,
  currency: string,
  amount: string,
) {
  const opening = await systemAccount(tx, 'openingBalance', currency);
  await postTransfer(tx, {
    kind: 'openingBalance',
    customerId,
    initiatedByUserId: null,
    status: 'settled',
    postings: [
      { accountId: opening.id, amount: `-${amount}` },
      { accountId, amount },
    ],
    details: { description: 'Opening balance' },
  });
}

export async function seedPrepaidCardsDemo(
  tx: Tx,
  options: { passwordHash: string; cardDataKey?: string | undefined },
): Promise<void> {
  await ensureFees(tx);
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_PREPAID_EMAIL}`);
  if (existing) return;
  const [customer] = await tx
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: CUSTOMER_TYPES.personal,
      firstName: 'Priya',
      lastName: 'Kaur',
      residenceCountryCode: 'LT',
      verified: true,
      transactionApproveMode: 2,
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('seed: prepaid customer insert returned nothing');
  const [user] = await tx
    .insert(users)
    .values({
      customerId: customer.id,
      email: DEMO_PREPAID_EMAIL,
      passwordHash: options.passwordHash,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('seed: prepaid user insert returned nothing');
  await tx.insert(authSettings).values({ userId: user.id, smsPhone: DEMO_PREPAID_PHONE });
  await tx.insert(transferPermissions).values({
    userId: user.id,
    customerId: customer.id,
    flags: Object.fromEntries(
      (['ownAccount', 'otherPerson', 'funding'] as const).flatMap((group) =>
        TRANSFER_PERMISSION_GROUPS[group].map((name) => [`${group}.${name}`, true]),
      ),
    ),
  });
  for (const [currency, amount] of [
    ['EUR', '500.00'],
    ['USD', '300.00'],
  ] as const) {
    const account = await createCustomerAccount(tx, {
      customerId: customer.id,
      type: ACCOUNT_TYPES.payment,
      currencyCode: currency,
    });
    await fund(tx, customer.id, account.id, currency, amount);
  }
  const product = findCardProduct(2007);
  if (!product) throw new Error('seed: no prepaid card product');
  const card = await issueCard(tx, await createCardVault(tx, options.cardDataKey), {
    customerId: customer.id,
    product,
    currencyCode: 'EUR',
    settlementAccountId: null,
    shippingType: 'none',
    now: new Date(),
    statusId: CARD_STATUS.active,
  });
  await fund(tx, customer.id, card.id, 'EUR', '20.00');
}
