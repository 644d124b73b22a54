import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TRANSFER_PERMISSIONS, type MainMethodName } from '@ledgerline/contract';
import {
  accounts,
  approvalRequests,
  auditLog,
  customerAccess,
  customerDocuments,
  paymentInstructions,
  transferPermissions,
  users,
} from '../../db/schema';
import { startTestServer, type MainPayload, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { createCustomer } from '../cards/test-fixtures';
import { transferFixtures } from '../transfers/test-fixtures';

let server: TestServer;
let admin: string;
let adminUserId: number;
let anna: string;
let annaCustomerId: number;
let stranger: string;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@ledgerline.test');
  anna = await server.signIn('anna@pebble.example');
  stranger = await server.signIn('personal@ledgerline.test');
  adminUserId = await f.userId('admin@ledgerline.test');
  annaCustomerId = await f.customerIdOf('anna@pebble.example');
});
afterEach(async () => assertLedgerBalanced(server.database.db));
afterAll(async () => server.close());

const db = () => server.database.db;

async function search(query: string, extra: Partial<MainPayload<'searchCustomers'>> = {}) {
  return server.call('searchCustomers', { query, ...extra }, { token: admin });
}

describe('searching customers', () => {
  it('finds a customer by name, e-mail, customer number and account number', async () => {
    const byName = await search('anna');
    expect(byName.status).toBe(200);
    expect(byName.body.customers.map((item) => item.id)).toContain(annaCustomerId);
    expect(byName.body.customers.find((item) => item.id === annaCustomerId)).toMatchObject({
      brandId: 'pebble',
      customerType: 0,
      email: 'anna@pebble.example',
      verified: true,
    });

    const byEmail = await search('ANNA@pebble');
    expect(byEmail.body.customers.map((item) => item.id)).toEqual([annaCustomerId]);

    const byNumber = await search(String(annaCustomerId));
    expect(byNumber.body.customers[0]).toMatchObject({
      id: annaCustomerId,
      matchedBy: 'customerNumber',
    });

    const [instructions] = await db()
      .select({ iban: paymentInstructions.iban })
      .from(paymentInstructions)
      .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
      .where(
        and(eq(accounts.customerId, annaCustomerId), sql`${paymentInstructions.iban} is not null`),
      )
      .limit(1);
    // Typed the way people copy an IBAN: in groups of four, lower case.
    const grouped = instructions!.iban!.toLowerCase().replace(/(.{4})/g, '$1 ');
    const byAccount = await search(grouped);
    expect(byAccount.body.customers).toEqual([
      expect.objectContaining({ id: annaCustomerId, matchedBy: 'accountNumber' }),
    ]);
  });

  it('pages through many matches', async () => {
    const surname = `Pagewright${Date.now()}`;
    for (let index = 0; index < 5; index += 1)
      await createCustomer(server, { firstName: `P${index}`, lastName: surname });
    const first = await search(surname, { pageSize: 2 });
    const second = await search(surname, { pageSize: 2, page: 2 });
    const third = await search(surname, { pageSize: 2, page: 3 });
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    expect(second.body.hasMore).toBe(true);
    expect(third.body).toMatchObject({ hasMore: false });
    const ids = [first, second, third].flatMap((answer) => answer.body.customers.map((c) => c.id));
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });

  it('reads % and _ as letters, refuses unbounded input and changes nothing', async () => {
    const underscore = await createCustomer(server, { firstName: 'Under_score', lastName: 'Pct' });
    expect((await search('%')).body.customers).toEqual([]);
    expect((await search('_')).body.customers).toEqual([]);
    expect((await search('under_')).body.customers.map((c) => c.id)).toEqual([
      underscore.customerId,
    ]);
    // `under%` would match any "Under…" as a pattern; as letters it matches nobody.
    expect((await search('under%')).body.customers).toEqual([]);

    const long = await server.send('searchCustomers', { query: 'a'.repeat(101) }, { token: admin });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { query: 'validation.tooLong' },
    });
    const blank = await server.send('searchCustomers', { query: '   ' }, { token: admin });
    expect(blank.status).toBe(400);
    const huge = await server.send(
      'searchCustomers',
      { query: 'anna', pageSize: 1000 },
      { token: admin },
    );
    expect(huge.status).toBe(400);
  });

  it('shows only customers of the administrator’s own brand', async () => {
    const tomas = await f.customerIdOf('tomas@northmere.example');
    expect((await search('tomas')).body.customers.map((c) => c.id)).not.toContain(tomas);
    expect((await search(String(tomas))).body.customers).toEqual([]);
    const summary = await server.call('getAdminCustomer', { customerId: tomas }, { token: admin });
    expect(summary.status).toBe(404);
    const acting = await server.call('getAccounts', {}, { token: admin, fromCustomerId: tomas });
    expect(acting.status).toBe(403);
    expect(acting.body.responseCode).toBe('ENOA');
    const start = await server.call(
      'startActingForCustomer',
      { customerId: tomas },
      { token: admin },
    );
    expect(start.status).toBe(404);
  });

  it('opens a customer: accounts with balances, verification and recent activity', async () => {
    const { status, body } = await server.call(
      'getAdminCustomer',
      { customerId: annaCustomerId },
      { token: admin },
    );
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ id: annaCustomerId, brandId: 'pebble', verified: true });
    expect(body.accounts.length).toBeGreaterThan(0);
    expect(body.accounts.some((account) => account.currencyCode === 'EUR')).toBe(true);
    expect(body.recentActivity.length).toBeGreaterThan(0);
    expect(body.recentActivity.length).toBeLessThanOrEqual(10);
  });
});

describe('non-administrators', () => {
  it('are refused by every admin method, and nothing changes', async () => {
    const calls: [MainMethodName, Record<string, unknown>][] = [
      ['searchCustomers', { query: 'anna' }],
      ['getAdminCustomer', { customerId: annaCustomerId }],
      ['startActingForCustomer', { customerId: annaCustomerId }],
      ['stopActingForCustomer', { customerId: annaCustomerId }],
      ['adminAssignDocument', { documentId: 1, targetCustomerId: annaCustomerId }],
      ['adminRemoveDocument', { documentId: 1 }],
      ['adminDeleteRepresentative', { customerId: annaCustomerId, userId: 1 }],
    ];
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    for (const [method, payload] of calls) {
      const answer = await server.send(method, payload, { token: stranger });
      expect(answer.status, method).toBe(403);
      expect(answer.body.responseCode, method).toBe('ENOA');
    }
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
    // A personal customer cannot act for another customer either.
    const acting = await server.call(
      'getAccounts',
      {},
      { token: stranger, fromCustomerId: annaCustomerId },
    );
    expect(acting.status).toBe(403);
  });
});

describe('acting on behalf', () => {
  it('audits every request with both identities and tells the customer in their login history', async () => {
    const who = await createCustomer(server, { firstName: 'Acted', lastName: 'Upon' });
    const started = await server.call(
      'startActingForCustomer',
      { customerId: who.customerId },
      { token: admin },
    );
    expect(started.body).toMatchObject({ customerId: who.customerId, isStaffActing: true });
    const accountsAnswer = await server.call(
      'getAccounts',
      {},
      { token: admin, fromCustomerId: who.customerId },
    );
    expect(accountsAnswer.status).toBe(200);

    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.customerId, who.customerId), eq(auditLog.userId, adminUserId)))
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['staff.actingStarted', 'staff.request']);
    expect(rows[1]).toMatchObject({
      userId: adminUserId,
      customerId: who.customerId,
      details: expect.objectContaining({ operation: 'getAccounts' }),
    });

    const history = await server.call('getLoginHistory', {}, { token: who.token });
    const staffEntries = history.body.items.filter((item) => item.result === 'staffActed');
    expect(staffEntries).toHaveLength(1);
    expect(staffEntries[0]).toMatchObject({ flow: 'staff', device: 'Adele Moreau', ip: '' });
    expect(Date.parse(staffEntries[0]!.date)).not.toBeNaN();

    // More requests in the same stretch add audit rows, not login-history entries.
    await server.call('getAccounts', {}, { token: admin, fromCustomerId: who.customerId });
    const again = await server.call('getLoginHistory', {}, { token: who.token });
    expect(again.body.items.filter((item) => item.result === 'staffActed')).toHaveLength(1);

    const stopped = await server.call(
      'stopActingForCustomer',
      { customerId: who.customerId },
      { token: admin },
    );
    expect(stopped.body).toMatchObject({ stopped: true });
    const marks = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.customerId, who.customerId), eq(auditLog.userId, adminUserId)));
    expect(marks.map((mark) => mark.action)).toContain('staff.actingStopped');
  });
});

describe('staff never moves a customer’s money', () => {
  /** Gives the administrator every transfer flag for the customer: only the staff rule is left to refuse. */
  async function grantAdminFlags(customerId: number) {
    await db()
      .insert(transferPermissions)
      .values({
        userId: adminUserId,
        customerId,
        flags: Object.fromEntries(TRANSFER_PERMISSIONS.map((flag) => [flag, true])),
      })
      .onConflictDoNothing();
  }

  async function expectRefused(method: MainMethodName, payload: unknown) {
    const before = await f.postingCount();
    const answer = await server.send(method, payload, {
      token: admin,
      fromCustomerId: annaCustomerId,
    });
    expect(answer.status, `${method} ${JSON.stringify(answer.body)}`).toBe(403);
    expect(answer.body).toMatchObject({
      responseCode: 'ENOA',
      validationErrors: { _: 'validation.staffCannotMoveMoney' },
    });
    expect(await f.postingCount()).toBe(before);
  }

  it('refuses own-account, card-load, recurring, P2P and external transfers', async () => {
    await grantAdminFlags(annaCustomerId);
    const eur = await f.accountIn(anna, 'EUR');
    const wallet = await f.accountIn(anna, 'EUR', { wallet: true });
    const own = {
      fromAccount: eur.accountId,
      toAccount: wallet.accountId,
      toAmount: '1',
      currency: 'EUR',
      idempotencyKey: randomUUID(),
    };
    await expectRefused('transferBetweenAccounts', own);
    const card = (await f.accountsOf(anna)).find(
      (account) => account.subType === 'PREPAID' && account.currencyCode === 'EUR',
    );
    if (card)
      await expectRefused('transferBetweenAccounts', {
        ...own,
        toAccount: card.accountId,
        idempotencyKey: randomUUID(),
      });
    await expectRefused('transferBetweenAccounts', {
      ...own,
      idempotencyKey: randomUUID(),
      subscriptionFrequency: 'daily',
      subscriptionTransactions: 3,
      subscriptionUserCancel: true,
    });
    await expectRefused('transferP2P', {
      fromAccount: eur.accountId,
      email: 'personal@ledgerline.test',
      amount: '1',
      idempotencyKey: randomUUID(),
    });
    await expectRefused('transferWire', {
      fromAccount: eur.accountId,
      amount: '100',
      currency: 'EUR',
      countryCode: 'DE',
      scheme: 'sepa',
      beneficiaryName: 'Jonas Weber',
      iban: 'DE89 3704 0044 0532 0130 00',
      extraParams: [{ name: 'purposeOfPayment', value: 'GDDS' }],
      idempotencyKey: randomUUID(),
    });
  });

  it('refuses card fees, card links, confirmations and approvals', async () => {
    const eur = await f.accountIn(anna, 'EUR');
    await expectRefused('applyCard', {
      cardType: 2006,
      currencyCode: 'EUR',
      feeAccountId: eur.accountId,
      idempotencyKey: randomUUID(),
    });
    await expectRefused('addExternalCard', {
      cardNumber: '4111111111111111',
      expiryMonth: 6,
      expiryYear: new Date().getUTCFullYear() + 1,
      holderName: 'Anna',
      idempotencyKey: randomUUID(),
    });
    await expectRefused('confirmTransaction', { operationId: randomUUID(), code: '123456' });

    const annaUserId = await f.userId('anna@pebble.example');
    const [request] = await db()
      .insert(approvalRequests)
      .values({
        customerId: annaCustomerId,
        createdByUserId: annaUserId,
        transactionType: 'betweenAccounts',
        payload: {},
        idempotencyKey: randomUUID(),
        requestHash: 'x'.repeat(64),
        amount: '1',
        currencyCode: 'EUR',
      })
      .returning({ id: approvalRequests.id });
    await expectRefused('businessApprovalsApprove', {
      transactionIds: [request!.id],
      declined: false,
    });
    await expectRefused('businessConfirm', { approvalTransactionId: randomUUID(), code: '123456' });
    const [still] = await db()
      .select({ status: approvalRequests.status })
      .from(approvalRequests)
      .where(eq(approvalRequests.id, request!.id));
    expect(still!.status).toBe('pending');
  });

  it('still lets the customer move their own money', async () => {
    const eur = await f.accountIn(anna, 'EUR');
    const wallet = await f.accountIn(anna, 'EUR', { wallet: true });
    const own = await f.call('transferBetweenAccounts', anna, {
      fromAccount: eur.accountId,
      toAccount: wallet.accountId,
      toAmount: '1',
      currency: 'EUR',
      idempotencyKey: randomUUID(),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});

describe('admin powers', () => {
  it('reassigns a document within the brand, never to another brand, and audits both customers', async () => {
    const from = await createCustomer(server, { firstName: 'Doc', lastName: 'Owner' });
    const to = await createCustomer(server, { firstName: 'Doc', lastName: 'Receiver' });
    const other = await createCustomer(server, { brandId: 'northmere' });
    const [document] = await db()
      .insert(customerDocuments)
      .values({ customerId: from.customerId, documentTypeId: 1, categoryId: 1, statusId: 2 })
      .returning({ id: customerDocuments.id });
    const toOtherBrand = await server.call(
      'adminAssignDocument',
      { documentId: document!.id, targetCustomerId: other.customerId },
      { token: admin },
    );
    expect(toOtherBrand.status).toBe(400);
    const moved = await server.call(
      'adminAssignDocument',
      { documentId: document!.id, targetCustomerId: to.customerId },
      { token: admin },
    );
    expect(moved.body).toMatchObject({
      documentId: document!.id,
      fromCustomerId: from.customerId,
      customerId: to.customerId,
    });
    const [row] = await db()
      .select({ customerId: customerDocuments.customerId })
      .from(customerDocuments)
      .where(eq(customerDocuments.id, document!.id));
    expect(row!.customerId).toBe(to.customerId);
    const audits = await db()
      .select({ customerId: auditLog.customerId })
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.documentAssigned'));
    expect(audits.map((audit) => audit.customerId)).toEqual(
      expect.arrayContaining([from.customerId, to.customerId]),
    );

    const removed = await server.call(
      'adminRemoveDocument',
      { documentId: document!.id },
      { token: admin },
    );
    expect(removed.body).toMatchObject({ customerId: to.customerId, statusId: 5 });
    const twice = await server.call(
      'adminRemoveDocument',
      { documentId: document!.id },
      { token: admin },
    );
    expect(twice.status).toBe(404);
  });

  it('force-deletes a representative, whose next request for the company is refused', async () => {
    const company = await createCustomer(server, { customerType: 2, businessName: 'Forceful Ltd' });
    const director = await createCustomer(server, { firstName: 'Dora', lastName: 'Director' });
    await db().insert(customerAccess).values({
      userId: director.userId,
      customerId: company.customerId,
      accessRight: 2,
      representativePositionId: 2,
    });
    const before = await server.call(
      'getCustomerAccessInfo',
      {},
      { token: director.token, fromCustomerId: company.customerId },
    );
    expect(before.status).toBe(200);
    const summary = await server.call(
      'getAdminCustomer',
      { customerId: company.customerId },
      { token: admin },
    );
    expect(summary.body.representatives).toEqual([
      expect.objectContaining({ userId: director.userId, representativePositionId: 2 }),
    ]);
    const deleted = await server.call(
      'adminDeleteRepresentative',
      { customerId: company.customerId, userId: director.userId },
      { token: admin },
    );
    expect(deleted.body).toMatchObject({ representativePositionId: 2 });
    const after = await server.call(
      'getCustomerAccessInfo',
      {},
      { token: director.token, fromCustomerId: company.customerId },
    );
    expect(after.status).toBe(403);
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'admin.representativeDeleted'),
          eq(auditLog.customerId, company.customerId),
        ),
      );
    expect(audited).toMatchObject({ userId: adminUserId });
    const again = await server.call(
      'adminDeleteRepresentative',
      { customerId: company.customerId, userId: director.userId },
      { token: admin },
    );
    expect(again.status).toBe(404);
  });

  it('answers another brand’s company as if it did not exist', async () => {
    const company = await createCustomer(server, { brandId: 'northmere', customerType: 2 });
    const answer = await server.call(
      'adminDeleteRepresentative',
      { customerId: company.customerId, userId: adminUserId },
      { token: admin },
    );
    expect(answer.status).toBe(404);
    const [user] = await db().select().from(users).where(eq(users.id, adminUserId));
    expect(user).toBeDefined();
  });
});
