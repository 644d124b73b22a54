import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ACCOUNT_TYPES } from '@ledgerline/domain';
import type { TestServer } from '../../../test/helper';
import { accounts, cardDetails, customers, ledgerTransfers, users } from '../../db/schema';
import { createCustomerAccount } from '../accounts/service';
import { postTransfer, systemAccount } from '../ledger/ledger';
import { Money } from '../ledger/money';
import { findCardProduct } from './catalogue';
import { issueCard } from './service';

/*
 * Fixtures of the card tests: customers of their own (so tests never share state with the demo
 * data or each other), funded accounts, and cards in any status.
 */

let counter = 0;

/**
 * A company name no other test uses: `${prefix} x1a2b3c`. The letter before the six random hex
 * characters keeps them from reading as six digits, which tests that look for the first six-digit
 * word of a message (a code that names the payee) would take for the code.
 */
export function uniqueBusinessName(prefix = 'Shop'): string {
  return `${prefix} x${randomUUID().slice(0, 6)}`;
}

export interface FixtureCustomer {
  customerId: number;
  userId: number;
  email: string;
  token: string;
}

export async function createCustomer(
  server: TestServer,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<FixtureCustomer> {
  counter += 1;
  const db = server.database.db;
  // Every fixture user shares a seeded user's password hash (hashing is slow on purpose).
  const [seeded] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, 'anna@pebble.example'));
  if (!seeded) throw new Error('the seed made no users');
  const [customer] = await db
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: 0,
      firstName: 'Card',
      lastName: `Tester ${counter}`,
      residenceCountryCode: 'DE',
      verified: true,
      ...values,
    })
    .returning({ id: customers.id });
  const email = `card-${counter}-${Date.now()}@cards.test`;
  const [user] = await db
    .insert(users)
    .values({ customerId: customer!.id, email, passwordHash: seeded.hash })
    .returning({ id: users.id });
  return { customerId: customer!.id, userId: user!.id, email, token: await server.signIn(email) };
}

/** Puts money on a customer account from the bank's opening-balance account (or takes it back, negative), through the ledger. */
export async function fund(server: TestServer, accountId: number, amount: string): Promise<void> {
  await server.database.db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    const source = await systemAccount(tx, 'openingBalance', account!.currencyCode);
    await postTransfer(tx, {
      kind: 'openingBalance',
      customerId: null,
      initiatedByUserId: null,
      status: 'settled',
      postings: [
        { accountId: source.id, amount: new Money(amount).negated().toFixed() },
        { accountId, amount },
      ],
    });
  });
}

export async function openAccount(
  server: TestServer,
  customerId: number,
  options: { currencyCode?: string; type?: number; balance?: string } = {},
): Promise<typeof accounts.$inferSelect> {
  const account = await server.database.db.transaction((tx) =>
    createCustomerAccount(tx, {
      customerId,
      type: options.type ?? ACCOUNT_TYPES.payment,
      currencyCode: options.currencyCode ?? 'EUR',
    }),
  );
  if (options.balance) await fund(server, account.id, options.balance);
  return account;
}

/**
 * The PIN a physical test card is issued with. issueCard draws a random one, and a test that
 * changes the PIN to a fixed value was refused ("must differ") when the draw matched it.
 */
export const TEST_CARD_PIN = '1357';

/**
 * A card of any product in any status, made the way confirmCardApplication makes one, except that a
 * physical card's PIN is TEST_CARD_PIN.
 */
export async function createCard(
  server: TestServer,
  customerId: number,
  options: {
    cardType?: number;
    currencyCode?: string;
    statusId: number;
    settlementAccountId?: number | null;
    changedAt?: Date;
  },
): Promise<typeof accounts.$inferSelect> {
  const product = findCardProduct(options.cardType ?? 2006);
  if (!product) throw new Error('no such product');
  const vault = server.services.cardVault;
  return server.database.db.transaction(async (tx) => {
    const card = await issueCard(tx, vault, {
      customerId,
      product,
      currencyCode: options.currencyCode ?? 'EUR',
      settlementAccountId: options.settlementAccountId ?? null,
      shippingType: product.isVirtual ? 'none' : 'standard',
      now: options.changedAt ?? new Date(),
      statusId: options.statusId,
    });
    if (!product.isVirtual)
      await tx
        .update(cardDetails)
        .set({ pinEncrypted: vault.seal('pin', TEST_CARD_PIN) })
        .where(eq(cardDetails.accountId, card.id));
    return card;
  });
}

/** Everything a card action could change, to prove a refused one changed nothing. */
export async function snapshot(server: TestServer, accountId: number): Promise<unknown> {
  const db = server.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const [details] = await db.select().from(cardDetails).where(eq(cardDetails.accountId, accountId));
  const transfers = await db.select({ id: ledgerTransfers.id }).from(ledgerTransfers);
  const cards = await db.select({ id: accounts.id }).from(accounts);
  return { account, details, transfers: transfers.length, accounts: cards.length };
}
