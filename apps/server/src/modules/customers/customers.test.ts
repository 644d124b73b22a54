import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getBrand } from '@ledgerline/domain/brands';
import { auditLog, customerAccess, customers, termsAcceptances, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;
let passwordHash: string;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  // Every fixture user shares a seeded user's password hash (hashing is slow on purpose).
  const [seeded] = await server.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .limit(1);
  if (!seeded) throw new Error('the seed made no users');
  passwordHash = seeded.hash;
});
afterAll(async () => server.close());

type CustomerValues = Partial<typeof customers.$inferInsert>;

/** A customer with one user of its own; answers the ids and the user's e-mail. */
async function createCustomer(values: CustomerValues = {}, user: { isAdmin?: boolean } = {}) {
  counter += 1;
  const db = server.database.db;
  const [customer] = await db
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: 0,
      firstName: 'Test',
      lastName: `Person ${counter}`,
      ...values,
    })
    .returning({ id: customers.id });
  const email = `fixture-${counter}-${Date.now()}@customers.test`;
  const [row] = await db
    .insert(users)
    .values({ customerId: customer!.id, email, passwordHash, isAdmin: user.isAdmin ?? false })
    .returning({ id: users.id });
  return { customerId: customer!.id, userId: row!.id, email };
}

async function grant(
  userId: number,
  customerId: number,
  accessRight: number,
  representativePositionId?: number,
) {
  await server.database.db.insert(customerAccess).values({
    userId,
    customerId,
    accessRight,
    representativePositionId: representativePositionId ?? null,
  });
}

describe('getCustomerInfo', () => {
  it('says whether a personal customer must certify tax residency again', async () => {
    const fine = await createCustomer({ taxSelfCertificationStatus: 'validated' });
    const rejected = await createCustomer({ taxSelfCertificationStatus: 'rejected' });
    const business = await createCustomer({
      customerType: 2,
      businessName: 'Rejected Ltd',
      taxSelfCertificationStatus: 'rejected',
    });
    const answers = await Promise.all(
      [fine, rejected, business].map(async (who) =>
        (
          await server.main('getCustomerInfo', {}, { token: await server.signIn(who.email) })
        ).json(),
      ),
    );
    expect(answers.map((body) => body.customer.isNeedSelfCertification)).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('terms to accept (TE)', () => {
  const current = getBrand('pebble').terms;
  const privacy = current.find((term) => term.key === 'privacyPolicy')!;
  const conditions = current.find((term) => term.key === 'termsAndConditions')!;

  async function userWithOldPrivacyPolicy() {
    const who = await createCustomer();
    await server.database.db.insert(termsAcceptances).values([
      {
        userId: who.userId,
        brandId: 'pebble',
        termKey: 'privacyPolicy',
        termValue: 'privacy-policy-2024-01-01',
        versionDate: '2024-01-01',
      },
      {
        userId: who.userId,
        brandId: 'pebble',
        termKey: 'termsAndConditions',
        termValue: conditions.value,
        versionDate: conditions.versionDate ?? null,
      },
    ]);
    return { ...who, token: await server.signIn(who.email) };
  }

  it('answers TE with the terms list instead of the customer while a newer version waits', async () => {
    const who = await userWithOldPrivacyPolicy();
    const response = await server.main('getCustomerInfo', {}, { token: who.token });
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body).toMatchObject({
      responseCode: 'TE',
      terms: [
        {
          key: 'privacyPolicy',
          value: privacy.value,
          url: privacy.url,
          versionDate: privacy.versionDate,
        },
      ],
    });
    expect(body.terms).toHaveLength(1);
    expect(body.customer).toBeUndefined();
  });

  it('does not stop an account with no acceptance on record', async () => {
    const who = await createCustomer();
    const response = await server.main(
      'getCustomerInfo',
      {},
      { token: await server.signIn(who.email) },
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong or incomplete acceptance and records nothing', async () => {
    const who = await userWithOldPrivacyPolicy();
    const before = await server.database.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, who.userId));
    for (const terms of [
      ['privacy-policy-2024-01-01'],
      [privacy.value, 'made-up'],
      [conditions.value],
    ]) {
      const response = await server.main('acceptTerms', { terms }, { token: who.token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { terms: expect.any(String) },
      });
    }
    const empty = await server.main('acceptTerms', { terms: [] }, { token: who.token });
    expect(empty.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { terms: 'validation.required' },
    });
    const after = await server.database.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, who.userId));
    expect(after).toHaveLength(before.length);
  });

  it('records the acceptance with an audit row, after which the customer info loads', async () => {
    const who = await userWithOldPrivacyPolicy();
    const response = await server.main(
      'acceptTerms',
      { terms: [privacy.value] },
      { token: who.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      responseCode: '00',
      accepted: [{ key: 'privacyPolicy', value: privacy.value }],
    });
    const rows = await server.database.db
      .select()
      .from(termsAcceptances)
      .where(
        and(eq(termsAcceptances.userId, who.userId), eq(termsAcceptances.termValue, privacy.value)),
      );
    expect(rows).toHaveLength(1);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who.userId), eq(auditLog.action, 'terms.accepted')));
    expect(audits).toHaveLength(1);
    expect((await server.main('getCustomerInfo', {}, { token: who.token })).statusCode).toBe(200);
    const again = await server.main(
      'acceptTerms',
      { terms: [privacy.value] },
      { token: who.token },
    );
    expect(again.json()).toMatchObject({ responseCode: 'TA1' });
  });

  it('needs a signed-in caller', async () => {
    const response = await server.main('acceptTerms', { terms: [privacy.value] });
    expect(response.statusCode).toBe(401);
  });
});

describe('getCustomerAccessInfo', () => {
  async function businessUserWithCompanies() {
    const own = await createCustomer({
      customerType: 2,
      businessName: 'Holding Ltd',
      taxSelfCertificationStatus: 'validated',
    });
    const full = await createCustomer({
      customerType: 2,
      businessName: 'Full Access GmbH',
      isNeedKyc: true,
      taxSelfCertificationStatus: 'pending',
    });
    const docs = await createCustomer({ customerType: 2, businessName: 'Documents Only SRL' });
    const stranger = await createCustomer({ customerType: 2, businessName: 'Stranger Ltd' });
    await grant(own.userId, full.customerId, 2);
    await grant(own.userId, docs.customerId, 5, 2);
    return { own, full, docs, stranger, token: await server.signIn(own.email) };
  }

  it('answers the own customer’s access info and lists every customer the user may act for', async () => {
    const { own, full, docs, token } = await businessUserWithCompanies();
    const response = await server.main('getCustomerAccessInfo', {}, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      responseCode: '00',
      customer: { id: own.customerId, username: own.email, name: 'Holding Ltd' },
      accessList: { balanceInfo: 2 },
      accessRights: 2,
      isNeedKyc: false,
      businessRepresentativePositionIds: [],
      taxResidencySelfCertificationDocumentStatus: 'validated',
    });
    expect(body.accessibleCustomers).toEqual([
      {
        id: own.customerId,
        username: own.email,
        name: 'Holding Ltd',
        customerType: 2,
        accessRights: 2,
        isOwn: true,
      },
      {
        id: full.customerId,
        username: full.email,
        name: 'Full Access GmbH',
        customerType: 2,
        accessRights: 2,
        isOwn: false,
      },
      {
        id: docs.customerId,
        username: docs.email,
        name: 'Documents Only SRL',
        customerType: 2,
        accessRights: 5,
        isOwn: false,
      },
    ]);
  });

  it('answers for the customer chosen with Customer-Id or fromCustomerId', async () => {
    const { full, docs, token } = await businessUserWithCompanies();
    const chosen = (
      await server.main(
        'getCustomerAccessInfo',
        {},
        { token, headers: { 'Customer-Id': String(full.customerId) } },
      )
    ).json();
    expect(chosen).toMatchObject({
      customer: { id: full.customerId },
      isNeedKyc: true,
      taxResidencySelfCertificationDocumentStatus: 'pending',
      accessList: { balanceInfo: 2 },
    });
    const representative = (
      await server.main('getCustomerAccessInfo', { fromCustomerId: docs.customerId }, { token })
    ).json();
    expect(representative).toMatchObject({
      customer: { id: docs.customerId },
      accessList: { balanceInfo: 0, companyDocuments: 5 },
      accessRights: 5,
      businessRepresentativePositionIds: [2],
      taxResidencySelfCertificationDocumentStatus: 'none',
    });
  });

  it('refuses a customer the user may not act for, without saying more', async () => {
    const { stranger, token } = await businessUserWithCompanies();
    const response = await server.main(
      'getCustomerAccessInfo',
      {},
      { token, headers: { 'Customer-Id': String(stranger.customerId) } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ responseCode: 'ENOA' });
    expect(JSON.stringify(response.json())).not.toContain('Stranger');
  });

  it('needs a signed-in caller', async () => {
    expect((await server.main('getCustomerAccessInfo', {})).statusCode).toBe(401);
  });
});
