import { and, between, eq, sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, CARD_STATUS } from '@ledgerline/domain';
import type { Tx } from './client';
import { accounts, users } from './schema';
import { createCustomerAccount } from '../modules/accounts';
import { createCardVault, findCardProduct, issueCard } from '../modules/cards';

interface DemoCard {
  cardType: number;
  currencyCode: string;
  statusId: number;
  aliasName?: string;
}

/**
 * Demo cards per login, chosen so every card routing rule of spec 2 §2 can be seen (README.md):
 * - personal@: physical and virtual cards, one virtual paused, one physical shipped waiting for
 *   activation → /cards opens the physical list;
 * - anna@: one physical and one virtual card → /cards opens the physical list;
 * - tomas@: exactly one virtual card and no physical one → /cards opens that card's details;
 * - office@harbourlight (ioana@ acting for it): two virtual cards, no physical → the virtual list;
 * - ioana@ herself: no cards at all (an unknown card id goes home).
 */
const DEMO_CARDS: Readonly<Record<string, DemoCard[]>> = {
  'personal@ledgerline.test': [
    { cardType: 2020, currencyCode: 'EUR', statusId: CARD_STATUS.active },
    {
      cardType: 2006,
      currencyCode: 'EUR',
      statusId: CARD_STATUS.active,
      aliasName: 'Online shopping',
    },
    {
      cardType: 2006,
      currencyCode: 'EUR',
      statusId: CARD_STATUS.paused,
      aliasName: 'Subscriptions',
    },
    { cardType: 2021, currencyCode: 'EUR', statusId: CARD_STATUS.shipped },
  ],
  'anna@pebble.example': [
    { cardType: 2020, currencyCode: 'EUR', statusId: CARD_STATUS.active },
    { cardType: 2006, currencyCode: 'EUR', statusId: CARD_STATUS.active },
  ],
  'tomas@northmere.example': [
    { cardType: 2006, currencyCode: 'EUR', statusId: CARD_STATUS.active, aliasName: 'Travel' },
  ],
  'office@harbourlight.example': [
    {
      cardType: 2006,
      currencyCode: 'EUR',
      statusId: CARD_STATUS.active,
      aliasName: 'Team software',
    },
    { cardType: 2006, currencyCode: 'EUR', statusId: CARD_STATUS.active, aliasName: 'Travel desk' },
  ],
};

/**
 * Adds the demo cards of customers that have none yet (a second run changes nothing). Runs in the
 * demo seed's transaction after the accounts seed: a debit card settles to the customer's payment
 * account in its currency, opened here if the accounts seed did not.
 */
export async function seedDemoCards(
  tx: Tx,
  options: { cardDataKey?: string | undefined } = {},
): Promise<void> {
  const vault = await createCardVault(tx, options.cardDataKey);
  const now = new Date();
  for (const [email, cards] of Object.entries(DEMO_CARDS)) {
    const [user] = await tx
      .select({ customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!user) continue;
    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.customerId, user.customerId),
          between(accounts.type, ACCOUNT_TYPES.cardMin, ACCOUNT_TYPES.cardMax),
        ),
      )
      .limit(1);
    if (existing) continue;
    for (const card of cards) {
      const product = findCardProduct(card.cardType);
      if (!product) throw new Error(`seed: no card product ${card.cardType}`);
      const [payment] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.customerId, user.customerId),
            eq(accounts.type, ACCOUNT_TYPES.payment),
            eq(accounts.currencyCode, card.currencyCode),
            eq(accounts.accountStatusId, 2),
          ),
        );
      const settlementAccountId =
        payment?.id ??
        (
          await createCustomerAccount(tx, {
            customerId: user.customerId,
            type: ACCOUNT_TYPES.payment,
            currencyCode: card.currencyCode,
          })
        ).id;
      const account = await issueCard(tx, vault, {
        customerId: user.customerId,
        product,
        currencyCode: card.currencyCode,
        settlementAccountId: product.subType === 'DEBIT' ? settlementAccountId : null,
        shippingType: product.isVirtual ? 'none' : 'standard',
        now,
        statusId: card.statusId,
      });
      if (card.aliasName)
        await tx
          .update(accounts)
          .set({ cardAliasName: card.aliasName })
          .where(eq(accounts.id, account.id));
    }
  }
}
