import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TRANSFER_PERMISSIONS, type MainMethodName } from '@ledgerline/contract';
import {
  auditLog,
  customerAccess,
  customerAddresses,
  customerDocumentDetails,
  customerDocumentFiles,
  customerDocuments,
  customerIdentities,
  customerVerification,
  customers,
  identityWorkflowImages,
  identityWorkflowRuns,
  outbox,
  postings,
  transferPermissions,
  users,
} from '../../db/schema';
import { selectRows } from '../../db/client';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { startTestServer, type MainPayload, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { createCustomer, openAccount } from '../cards/test-fixtures';
import { approvalFixtures } from '../transfers/approval-test-fixtures';

let server: TestServer;
let admin: string;
let adminCustomerId: number;
let adminUserId: number;
let stranger: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@ledgerline.test');
  stranger = await server.signIn('personal@ledgerline.test');
  const [row] = await server.database.db
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where(eq(users.email, 'admin@ledgerline.test'));
  adminUserId = row!.id;
  adminCustomerId = row!.customerId;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await assertLedgerBalanced(server.database.db);
});
afterAll(async () => server.close());

const db = () => server.database.db;

/** A new, unverified customer waiting for KYC, with its user's language. */
async function newApplicant(
  options: { brandId?: string; language?: string; customerType?: number } = {},
) {
  const who = await createCustomer(server, {
    brandId: options.brandId ?? 'pebble',
    customerType: options.customerType ?? 0,
    verified: false,
    isNeedKyc: true,
  });
  if (options.language)
    await db().update(users).set({ language: options.language }).where(eq(users.id, who.userId));
  return who;
}

/**
 * When each added item was submitted: now, a millisecond after the item before, so the order they
 * were added in is the order the desk lists them in (two inserts can share a millisecond).
 */
let lastSubmitted = 0;
function submittedNow(): Date {
  lastSubmitted = Math.max(Date.now(), lastSubmitted + 1);
  return new Date(lastSubmitted);
}

async function addDocument(
  customerId: number,
  values: { categoryId?: number; statusId?: number } = {},
) {
  const [row] = await db()
    .insert(customerDocuments)
    .values({
      customerId,
      documentTypeId: 1,
      categoryId: values.categoryId ?? 1,
      statusId: values.statusId ?? 0,
      expiresDate: '2031-01-01',
      createdAt: submittedNow(),
    })
    .returning({ id: customerDocuments.id });
  return row!.id;
}

async function addIdentity(customerId: number) {
  const [row] = await db()
    .insert(customerIdentities)
    .values({
      customerId,
      typeId: 1,
      number: 'P1234567',
      status: 'pending',
      createdAt: submittedNow(),
    })
    .returning({ id: customerIdentities.id });
  return row!.id;
}

async function customerRow(customerId: number) {
  const [row] = await db().select().from(customers).where(eq(customers.id, customerId));
  return row!;
}

async function documentRow(id: number) {
  const [row] = await db().select().from(customerDocuments).where(eq(customerDocuments.id, id));
  return row!;
}

async function decisionAudits(itemId: number) {
  const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'complianceDecision'));
  return rows.filter((row) => row.details.itemId === itemId);
}

async function postingCount(): Promise<number> {
  const [row] = await selectRows<{ n: string }>(
    db(),
    sql`select count(*)::text as n from ${postings}`,
  );
  return Number(row?.n ?? 0);
}

describe('the review desk is for administrators', () => {
  it('refuses the queue, an item and a decision to a customer who is not an administrator, and changes nothing', async () => {
    const who = await newApplicant();
    const documentId = await addDocument(who.customerId);
    const queue = await server.call('getComplianceQueue', {}, { token: stranger });
    expect(queue.status).toBe(403);
    expect(queue.body.responseCode).toBe('ENOA');
    const item = await server.call(
      'getComplianceItem',
      { kind: 'document', id: documentId },
      { token: stranger },
    );
    expect(item.status).toBe(403);
    const decided = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: documentId, decision: 'approve' },
      { token: who.token },
    );
    expect(decided.status).toBe(403);
    expect((await documentRow(documentId)).statusId).toBe(0);
    expect(await decisionAudits(documentId)).toHaveLength(0);
  });

  it('lists waiting documents and identity results oldest first, by brand and state, a page at a time', async () => {
    const first = await newApplicant({ brandId: 'amberline' });
    const second = await newApplicant({ brandId: 'amberline' });
    const elsewhere = await newApplicant({ brandId: 'baltvale' });
    const a = await addDocument(first.customerId);
    const b = await addIdentity(second.customerId);
    const c = await addDocument(second.customerId, { statusId: 41 });
    await addDocument(elsewhere.customerId);
    // Already decided: not on the desk.
    await addDocument(first.customerId, { statusId: 2 });

    const seen: { kind: string; id: number; brandId: string; submittedAt: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await server.call(
        'getComplianceQueue',
        { brandId: 'amberline', limit: 1, ...(cursor ? { cursor } : {}) },
        { token: admin },
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen.every((item) => item.brandId === 'amberline')).toBe(true);
    const mine = seen.filter((item) =>
      [`document:${a}`, `identity:${b}`, `document:${c}`].includes(`${item.kind}:${item.id}`),
    );
    expect(mine.map((item) => `${item.kind}:${item.id}`)).toEqual([
      `document:${a}`,
      `identity:${b}`,
      `document:${c}`,
    ]);
    const sorted = [...seen].sort((x, y) => x.submittedAt.localeCompare(y.submittedAt));
    expect(seen.map((item) => item.submittedAt)).toEqual(sorted.map((item) => item.submittedAt));
    // No item twice across the pages.
    expect(new Set(seen.map((item) => `${item.kind}:${item.id}`)).size).toBe(seen.length);

    const pendingOnly = await server.call(
      'getComplianceQueue',
      { brandId: 'amberline', state: 'pending', limit: 100 },
      { token: admin },
    );
    expect(pendingOnly.body.items.every((item) => item.state === 'pending')).toBe(true);
    expect(pendingOnly.body.items.map((item) => `${item.kind}:${item.id}`)).toEqual(
      expect.arrayContaining([`identity:${b}`, `document:${c}`]),
    );
    expect(pendingOnly.body.items.some((item) => item.id === a && item.kind === 'document')).toBe(
      false,
    );

    const bad = await server.call(
      'getComplianceQueue',
      { cursor: 'not-a-cursor' },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.responseCode).toBe('TA1');
  });

  it('opens an item beside the customer data: name, brand, addresses, other documents and state', async () => {
    const who = await newApplicant({ brandId: 'thistle' });
    await db().insert(customerAddresses).values({
      customerId: who.customerId,
      address1: '1 Rose Street',
      city: 'Edinburgh',
      countryCode: 'GB',
    });
    const documentId = await addDocument(who.customerId);
    const other = await addDocument(who.customerId, { categoryId: 2, statusId: 26 });
    const { status, body } = await server.call(
      'getComplianceItem',
      { kind: 'document', id: documentId },
      { token: admin },
    );
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ kind: 'document', id: documentId, state: 'submitted' });
    expect(body.waiting).toBe(true);
    expect(body.customer).toMatchObject({
      id: who.customerId,
      brandId: 'thistle',
      verified: false,
      verificationState: 'unverified',
    });
    expect(body.addresses.map((address) => address.city)).toEqual(['Edinburgh']);
    expect(body.documents.map((document) => document.id)).toEqual([other, documentId]);
    const missing = await server.call(
      'getComplianceItem',
      { kind: 'identity', id: 2_000_000_000 },
      { token: admin },
    );
    expect(missing.status).toBe(404);
  });
});

describe('decisions', () => {
  it('approving the identity and the document verifies the customer, grants the permissions, audits, mails and pushes', async () => {
    const who = await newApplicant({ language: 'es' });
    const identityId = await addIdentity(who.customerId);
    const documentId = await addDocument(who.customerId);
    await db()
      .insert(customerVerification)
      .values({ customerId: who.customerId, verificationInProgress: true });
    const before = await server.call('getCustomerAccessInfo', {}, { token: who.token });
    expect(before.body.permissions['otherPerson.p2p']).toBe(false);
    const published = vi.spyOn(server.services.realtime, 'publish');

    const first = await server.call(
      'decideComplianceItem',
      { kind: 'identity', id: identityId, decision: 'approve' },
      { token: admin },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The document still waits: not verified yet.
    expect(first.body).toMatchObject({ verified: false, isNeedKyc: true });
    expect((await customerRow(who.customerId)).verified).toBe(false);

    const second = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: documentId, decision: 'approve' },
      { token: admin },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ verified: true, isNeedKyc: false, limited: false });
    const customer = await customerRow(who.customerId);
    expect(customer).toMatchObject({ verified: true, isNeedKyc: false });
    const [state] = await db()
      .select()
      .from(customerVerification)
      .where(eq(customerVerification.customerId, who.customerId));
    expect(state?.verificationInProgress).toBe(false);
    const banner = await server.call('getVerificationInfo', {}, { token: who.token });
    expect(banner.status).toBe(200);
    expect(banner.body.verified).toBe(true);

    const after = await server.call('getCustomerAccessInfo', {}, { token: who.token });
    expect(after.body.permissions).toMatchObject({
      'ownAccount.betweenAccounts': true,
      'otherPerson.p2p': true,
      'otherPerson.wire': true,
      'funding.digital': true,
      // A person gets no mass payments (docs/decisions.md).
      'mass.p2p': false,
    });

    const audits = await decisionAudits(documentId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: adminUserId,
      customerId: who.customerId,
      details: expect.objectContaining({ decision: 'approve', becameVerified: true }),
    });
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, who.email));
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.body).join('\n')).toContain(
      'Su cuenta ya está verificada: puede enviar y recibir dinero.',
    );
    expect(published).toHaveBeenCalledWith(who.userId, { type: 'VerificationChanged' });
  });

  it('a business gets the mass payment permissions too', async () => {
    const who = await newApplicant({ customerType: 2 });
    const documentId = await addDocument(who.customerId);
    const decided = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: documentId, decision: 'approve' },
      { token: admin },
    );
    expect(decided.body.verified).toBe(true);
    const info = await server.call('getCustomerAccessInfo', {}, { token: who.token });
    expect(info.body.permissions['mass.wire']).toBe(true);
  });

  it('a rejection needs a reason, tells it in the customer language and leaves the customer unverified', async () => {
    const who = await newApplicant({ language: 'ro' });
    const documentId = await addDocument(who.customerId);
    const noReason = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: documentId, decision: 'reject' },
      { token: admin },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.validationErrors).toHaveProperty('reasonCode');
    expect((await documentRow(documentId)).statusId).toBe(0);

    const rejected = await server.call(
      'decideComplianceItem',
      {
        kind: 'document',
        id: documentId,
        decision: 'reject',
        reasonCode: 'expired',
        note: 'Pașaportul a expirat în 2024.',
      },
      { token: admin },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.verified).toBe(false);
    const reopened = await server.call(
      'getComplianceItem',
      { kind: 'document', id: documentId },
      { token: admin },
    );
    expect(reopened.body.waiting).toBe(false);
    const row = await documentRow(documentId);
    expect(row.statusId).toBe(26);
    expect(row.rejectReason).toBe('documentul a expirat. Pașaportul a expirat în 2024.');
    expect((await decisionAudits(documentId))[0]?.details).toMatchObject({
      reasonCode: 'expired',
      note: 'Pașaportul a expirat în 2024.',
    });
  });

  it('refuses to approve an expired document, which is rejected as expired instead', async () => {
    const who = await newApplicant();
    const [row] = await db()
      .insert(customerDocuments)
      .values({
        customerId: who.customerId,
        documentTypeId: 1,
        categoryId: 1,
        statusId: 0,
        expiresDate: '2020-01-31',
      })
      .returning({ id: customerDocuments.id });
    const approved = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: row!.id, decision: 'approve' },
      { token: admin },
    );
    expect(approved.status).toBe(400);
    expect(approved.body.validationErrors).toEqual({ decision: 'validation.reviewItemExpired' });
    expect((await documentRow(row!.id)).statusId).toBe(0);
    expect((await customerRow(who.customerId)).verified).toBe(false);
    expect(await decisionAudits(row!.id)).toHaveLength(0);
  });

  it('name mismatch and another document requested leave their statuses', async () => {
    const who = await newApplicant();
    const identityId = await addIdentity(who.customerId);
    const documentId = await addDocument(who.customerId);
    const mismatch = await server.call(
      'decideComplianceItem',
      { kind: 'identity', id: identityId, decision: 'nameMismatch' },
      { token: admin },
    );
    expect(mismatch.status).toBe(200);
    const [identity] = await db()
      .select()
      .from(customerIdentities)
      .where(eq(customerIdentities.id, identityId));
    expect(identity?.status).toBe('nameMismatch');
    const another = await server.call(
      'decideComplianceItem',
      {
        kind: 'document',
        id: documentId,
        decision: 'requestAnother',
        reasonCode: 'wrongDocumentType',
      },
      { token: admin },
    );
    expect(another.status).toBe(200);
    expect((await documentRow(documentId)).statusId).toBe(4);
  });

  it('a second decision on the same item is refused and changes nothing (two administrators at once)', async () => {
    const who = await newApplicant();
    const documentId = await addDocument(who.customerId);
    const [one, two] = await Promise.all([
      server.call(
        'decideComplianceItem',
        { kind: 'document', id: documentId, decision: 'approve' },
        { token: admin },
      ),
      server.call(
        'decideComplianceItem',
        { kind: 'document', id: documentId, decision: 'reject', reasonCode: 'unreadable' },
        { token: admin },
      ),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = one.status === 409 ? one : two;
    expect(loser.body.responseCode).toBe('TA1');
    const winner = one.status === 200 ? 'approve' : 'reject';
    expect((await documentRow(documentId)).statusId).toBe(winner === 'approve' ? 2 : 26);
    expect(await decisionAudits(documentId)).toHaveLength(1);
  });

  it('an administrator cannot decide their own case, nor one of a customer they act for', async () => {
    const own = await addDocument(adminCustomerId);
    const refused = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: own, decision: 'approve' },
      { token: admin },
    );
    expect(refused.status).toBe(403);
    expect((await documentRow(own)).statusId).toBe(0);

    const company = await newApplicant({ customerType: 2 });
    await db()
      .insert(customerAccess)
      .values({ userId: adminUserId, customerId: company.customerId, accessRight: 2 });
    const companyDocument = await addDocument(company.customerId);
    const alsoRefused = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: companyDocument, decision: 'approve' },
      { token: admin },
    );
    expect(alsoRefused.status).toBe(403);
    expect((await documentRow(companyDocument)).statusId).toBe(0);
    expect(await decisionAudits(own)).toHaveLength(0);
    expect(await decisionAudits(companyDocument)).toHaveLength(0);
    // Withdrawn again so the seeded admin's own desk item does not linger for other tests.
    await db().update(customerDocuments).set({ statusId: 5 }).where(eq(customerDocuments.id, own));
  });

  it('reassigns a document to another customer of the same brand, never to another brand', async () => {
    const from = await newApplicant({ brandId: 'quillpay' });
    const to = await newApplicant({ brandId: 'quillpay' });
    const otherBrand = await newApplicant({ brandId: 'northmere' });
    const documentId = await addDocument(from.customerId);
    const crossBrand = await server.call(
      'decideComplianceItem',
      {
        kind: 'document',
        id: documentId,
        decision: 'reassign',
        targetCustomerId: otherBrand.customerId,
      },
      { token: admin },
    );
    expect(crossBrand.status).toBe(400);
    expect((await documentRow(documentId)).customerId).toBe(from.customerId);
    const moved = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: documentId, decision: 'reassign', targetCustomerId: to.customerId },
      { token: admin },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const row = await documentRow(documentId);
    expect(row).toMatchObject({ customerId: to.customerId, statusId: 0 });
    const audits = await decisionAudits(documentId);
    expect(audits.map((row) => row.customerId).sort()).toEqual(
      [from.customerId, to.customerId].sort(),
    );
    for (const row of audits)
      expect(row.details).toMatchObject({ decision: 'reassign', targetCustomerId: to.customerId });
    // Nobody is e-mailed about a reassign (the customer who lost the document is told nothing).
    for (const email of [from.email, to.email])
      expect(await db().select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);
  });

  it('an approved proof of address confirms the address it names (the documents module settles it)', async () => {
    const who = await newApplicant();
    const [waiting] = await db()
      .insert(customerAddresses)
      .values({
        customerId: who.customerId,
        address1: '5 Rua Augusta',
        city: 'Lisboa',
        countryCode: 'PT',
        addressStatus: 'pending',
        requiresDocument: true,
        proofOfResidenceStatus: 'none',
      })
      .returning({ id: customerAddresses.id });
    const identity = await addDocument(who.customerId, { categoryId: 1 });
    const proof = await addDocument(who.customerId, { categoryId: 2 });
    await db()
      .insert(customerDocumentDetails)
      .values({ documentId: proof, addressId: waiting!.id });
    await server.call(
      'decideComplianceItem',
      { kind: 'document', id: identity, decision: 'approve' },
      { token: admin },
    );
    expect((await customerRow(who.customerId)).verified).toBe(false);
    const decided = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: proof, decision: 'approve' },
      { token: admin },
    );
    expect(decided.body.verified).toBe(true);
    const [address] = await db()
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, who.customerId));
    expect(address).toMatchObject({
      addressStatus: 'confirmed',
      proofOfResidenceStatus: 'validated',
    });
  });

  it('lifts an expired-documents limit once the renewed document is confirmed', async () => {
    const who = await createCustomer(server, { verified: true, limited: true });
    await db()
      .insert(customerVerification)
      .values({
        customerId: who.customerId,
        limitReasons: ['expiredDocuments'],
        limitDocumentsUploaded: true,
      });
    await addDocument(who.customerId, { statusId: 38 });
    const renewed = await addDocument(who.customerId, { statusId: 41 });
    const decided = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: renewed, decision: 'approve' },
      { token: admin },
    );
    expect(decided.body).toMatchObject({ verified: true, limited: false });
    const banner = await server.call('getVerificationInfo', {}, { token: who.token });
    expect(banner.body.limited).toBe(false);
  });

  it('a limited customer whose renewal is approved gets the transfer flags back and can pay; a rejected renewal keeps the limit', async () => {
    const limitedCustomer = async () => {
      const who = await createCustomer(server, { verified: true, limited: true });
      await db()
        .insert(customerVerification)
        .values({
          customerId: who.customerId,
          limitReasons: ['expiredDocuments'],
          limitDocumentsUploaded: true,
        });
      await db()
        .insert(transferPermissions)
        .values({
          userId: who.userId,
          customerId: who.customerId,
          flags: Object.fromEntries(TRANSFER_PERMISSIONS.map((flag) => [flag, true])),
        });
      const eur = await openAccount(server, who.customerId, { balance: '500' });
      await addDocument(who.customerId, { statusId: 38 });
      const renewed = await addDocument(who.customerId, { statusId: 41 });
      return { who, eur, renewed };
    };
    const pay = (who: { token: string }, fromAccount: number) =>
      server.call(
        'transferP2P',
        {
          fromAccount,
          email: 'anna@pebble.example',
          amount: '10',
          idempotencyKey: randomUUID(),
        },
        { token: who.token },
      );

    const kept = await limitedCustomer();
    const rejected = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: kept.renewed, decision: 'reject', reasonCode: 'unreadable' },
      { token: admin },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await customerRow(kept.who.customerId)).limited).toBe(true);
    const keptInfo = await server.call('getCustomerAccessInfo', {}, { token: kept.who.token });
    expect(TRANSFER_PERMISSIONS.some((flag) => keptInfo.body.permissions[flag])).toBe(false);
    const before = await postingCount();
    expect((await pay(kept.who, kept.eur.id)).status).toBe(403);
    expect(await postingCount()).toBe(before);

    const lifted = await limitedCustomer();
    const approved = await server.call(
      'decideComplianceItem',
      { kind: 'document', id: lifted.renewed, decision: 'approve' },
      { token: admin },
    );
    expect(approved.body).toMatchObject({ limited: false });
    expect((await customerRow(lifted.who.customerId)).limited).toBe(false);
    const info = await server.call('getCustomerAccessInfo', {}, { token: lifted.who.token });
    expect(TRANSFER_PERMISSIONS.every((flag) => info.body.permissions[flag])).toBe(true);
    const paid = await pay(lifted.who, lifted.eur.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await decisionAudits(lifted.renewed))[0]?.details).toMatchObject({ limitLifted: true });
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, lifted.who.email));
    expect(mail?.body).toContain('The limit on your account has been lifted.');
  });
});

describe('money leaves only a verified customer that is not limited', () => {
  it('refuses every money-moving method for an unverified customer, and moves nothing', async () => {
    const who = await createCustomer(server, {
      verified: false,
      birthDay: '1988-04-12',
      taxId: '52998224725',
    });
    const eur = await openAccount(server, who.customerId, { balance: '500' });
    const gbp = await openAccount(server, who.customerId, { currencyCode: 'GBP', balance: '500' });
    const cad = await openAccount(server, who.customerId, { currencyCode: 'CAD', balance: '500' });
    // Every flag granted, as a customer verified once had: only the verification refuses below.
    await db()
      .insert(transferPermissions)
      .values({
        userId: who.userId,
        customerId: who.customerId,
        flags: Object.fromEntries(TRANSFER_PERMISSIONS.map((flag) => [flag, true])),
      });
    const key = () => randomUUID();
    const cases: { [M in MainMethodName]?: () => MainPayload<M> } = {
      transferBetweenAccounts: () => ({
        fromAccount: eur.id,
        toAccount: gbp.id,
        toAmount: '10',
        currency: 'GBP',
        idempotencyKey: key(),
      }),
      transferP2P: () => ({
        fromAccount: eur.id,
        email: 'anna@pebble.example',
        amount: '10',
        idempotencyKey: key(),
      }),
      transferWire: () => ({
        fromAccount: eur.id,
        amount: '100',
        currency: 'EUR',
        countryCode: 'DE',
        scheme: 'sepa',
        beneficiaryName: 'Jonas Weber',
        iban: 'DE89 3704 0044 0532 0130 00',
        extraParams: [{ name: 'purposeOfPayment', value: 'GDDS' }],
        idempotencyKey: key(),
      }),
      transferEft: () => ({
        fromAccount: eur.id,
        amount: '50',
        currency: 'EUR',
        countryCode: 'JP',
        beneficiaryName: 'Haruto Tanaka',
        accountNumber: '1234567',
        bankCode: '0005',
        branchCode: '251',
        extraParams: [
          { name: 'accountType', value: 'ordinary' },
          { name: 'beneficiaryNameKana', value: 'タナカ ハルト' },
        ],
        idempotencyKey: key(),
      }),
      transferOct: () => ({
        fromAccount: gbp.id,
        amount: '40',
        currency: 'GBP',
        countryCode: 'GB',
        cardholderName: 'Card Tester',
        toOwnAccount: true,
        cardNumber: '4111 1111 1111 1111',
        idempotencyKey: key(),
      }),
      transferCryptoEft: () => ({
        fromAccount: eur.id,
        amount: '200',
        currency: 'EUR',
        countryCode: 'DE',
        network: 'ethereum',
        walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        extraParams: [{ name: 'walletOwnership', value: 'self' }],
        idempotencyKey: key(),
      }),
      transferInstantPayment: () => ({
        fromAccount: eur.id,
        amount: '10',
        currency: 'EUR',
        countryCode: 'BR',
        instantKeyType: 'email',
        instantKey: 'ana@exemplo.com.br',
        beneficiaryName: 'Ana Souza',
        idempotencyKey: key(),
      }),
      transferInterac: () => ({
        fromAccount: cad.id,
        amount: '25',
        currency: 'CAD',
        countryCode: 'CA',
        beneficiaryName: 'Chloé Tremblay',
        email: 'chloe@example.ca',
        securityQuestion: 'Our first pet?',
        securityAnswer: 'Maple',
        idempotencyKey: key(),
      }),
    };
    const before = await postingCount();
    for (const [method, payload] of Object.entries(cases)) {
      const answer = await server.send(method, (payload as () => unknown)(), { token: who.token });
      expect(answer.status, `${method}: ${JSON.stringify(answer)}`).toBe(403);
      expect(answer.body.responseCode, method).toBe('ENOA');
    }
    expect(await postingCount()).toBe(before);

    // The same customer, once verified by the desk, may pay (the refusal was the verification).
    const documentId = await addDocument(who.customerId);
    await server.call(
      'decideComplianceItem',
      { kind: 'document', id: documentId, decision: 'approve' },
      { token: admin },
    );
    const paid = await server.call('transferP2P', cases.transferP2P!(), { token: who.token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // Limited: "cannot send money" again, and the transfer screens go.
    await db().update(customers).set({ limited: true }).where(eq(customers.id, who.customerId));
    const limited = await server.call('transferP2P', cases.transferP2P!(), { token: who.token });
    expect(limited.status).toBe(403);
    const info = await server.call('getCustomerAccessInfo', {}, { token: who.token });
    expect(TRANSFER_PERMISSIONS.some((flag) => info.body.permissions[flag])).toBe(false);
  });

  it('a business limited after a transfer request was made cannot have it approved', async () => {
    const clerk = await server.signIn(DEMO_CLERK_EMAIL);
    const ioana = await server.signIn('ioana@harbourlight.example');
    const [officeUser] = await db()
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'office@harbourlight.example'));
    const office = officeUser!.customerId;
    const { body: held } = await server.call(
      'getAccounts',
      {},
      { token: clerk, fromCustomerId: office },
    );
    const gbp = held.accounts.find(
      (account) => account.type === 1001 && account.currencyCode === 'GBP',
    );
    const eur = held.accounts.find(
      (account) => account.type === 1001 && account.currencyCode === 'EUR',
    );
    const created = await server.call(
      'transferBetweenAccounts',
      {
        fromAccount: gbp!.accountId,
        toAccount: eur!.accountId,
        toAmount: '10',
        currency: 'EUR',
        idempotencyKey: randomUUID(),
      },
      { token: clerk, fromCustomerId: office },
    );
    expect(created.body.status).toBe('approvalCreated');
    const { body: list } = await server.call(
      'getBusinessApprovals',
      { pageNumber: 1, pageSize: 50, status: 'pending' },
      { token: ioana, fromCustomerId: office },
    );
    const request = list.requests[0]!;

    await db().update(customers).set({ limited: true }).where(eq(customers.id, office));
    const before = await postingCount();
    const approved = await approvalFixtures(() => server).decide(
      ioana,
      (
        await db()
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, 'ioana@harbourlight.example'))
      )[0]!.id,
      [request.id],
      office,
    );
    expect(approved.body.results[0]).toMatchObject({ id: request.id, status: 'failed' });
    expect(await postingCount()).toBe(before);
    await db().update(customers).set({ limited: false }).where(eq(customers.id, office));
  });

  it('refuses a card fee for an unverified customer', async () => {
    const who = await createCustomer(server);
    const eur = await openAccount(server, who.customerId, { balance: '20' });
    const applied = await server.call(
      'applyCard',
      { cardType: 2006, currencyCode: 'EUR', feeAccountId: eur.id, idempotencyKey: randomUUID() },
      { token: who.token },
    );
    expect(applied.status).toBe(200);
    await db().update(customers).set({ verified: false }).where(eq(customers.id, who.customerId));
    const before = await postingCount();
    const confirmed = await server.call(
      'confirmCardApplication',
      { applicationId: applied.body.applicationId },
      { token: who.token },
    );
    expect(confirmed.status).toBe(403);
    expect(await postingCount()).toBe(before);
  });
});

describe('the desk opens the files and pictures of an item', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const get = (url: string, token: string) =>
    server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it("lists a document's files by part; an administrator downloads one, a stranger gets 404", async () => {
    const who = await newApplicant();
    const documentId = await addDocument(who.customerId);
    for (const part of ['mainDocument', 'additionalDocument'])
      await db()
        .insert(customerDocumentFiles)
        .values({
          documentId,
          part,
          mimeType: 'image/png',
          fileName: `${part}.png`,
          sizeBytes: PNG.length,
          sha256: '0'.repeat(64),
          content: PNG,
        });
    const item = await server.call(
      'getComplianceItem',
      { kind: 'document', id: documentId },
      { token: admin },
    );
    expect(item.body.files).toEqual([
      {
        part: 'mainDocument',
        fileName: 'mainDocument.png',
        url: `/api/documents/${documentId}/files/mainDocument`,
      },
      {
        part: 'additionalDocument',
        fileName: 'additionalDocument.png',
        url: `/api/documents/${documentId}/files/additionalDocument`,
      },
    ]);
    expect(item.body.downloadUrl).toBe(`/api/documents/${documentId}/files/mainDocument`);
    expect(item.body.pictures).toEqual([]);
    const downloaded = await get(item.body.files[1]!.url, admin);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('image/png');
    expect(downloaded.rawPayload.equals(PNG)).toBe(true);
    const refused = await get(item.body.files[0]!.url, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.rawPayload.equals(PNG)).toBe(false);
  });

  async function identityFromRun(kind: 'document' | 'video') {
    const who = await newApplicant();
    const identityId = await addIdentity(who.customerId);
    const [run] = await db()
      .insert(identityWorkflowRuns)
      .values({
        customerId: who.customerId,
        userId: who.userId,
        provider: 'jmo',
        kind,
        tokenHash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
        state: 'finished',
        identityId,
        expiresAt: new Date(Date.now() + 3_600_000),
        finishedAt: new Date(),
      })
      .returning({ id: identityWorkflowRuns.id });
    await db()
      .insert(customerVerification)
      .values({ customerId: who.customerId, verificationInProgress: true });
    return { who, identityId, runId: run!.id };
  }

  it("shows a provider run's pictures to an administrator only", async () => {
    const { identityId, runId } = await identityFromRun('document');
    for (const step of ['front', 'selfie'])
      await db()
        .insert(identityWorkflowImages)
        .values({ runId, step, fileName: `${step}.png`, contentType: 'image/png', data: PNG });
    const item = await server.call(
      'getComplianceItem',
      { kind: 'identity', id: identityId },
      { token: admin },
    );
    expect(item.body.pictures).toEqual([
      { step: 'front', url: `/api/compliance/identities/${identityId}/images/front` },
      { step: 'selfie', url: `/api/compliance/identities/${identityId}/images/selfie` },
    ]);
    const front = await get(item.body.pictures[0]!.url, admin);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.rawPayload.equals(PNG)).toBe(true);
    const refused = await get(item.body.pictures[0]!.url, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ responseCode: 'ENOA' });
    expect(
      (await get(`/api/compliance/identities/${identityId}/images/back`, admin)).statusCode,
    ).toBe(404);
  });

  it('decides an identity through the identity module: the run is over and a video status follows', async () => {
    const { who, identityId } = await identityFromRun('video');
    const decided = await server.call(
      'decideComplianceItem',
      { kind: 'identity', id: identityId, decision: 'reject', reasonCode: 'unreadable' },
      { token: admin },
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const [state] = await db()
      .select()
      .from(customerVerification)
      .where(eq(customerVerification.customerId, who.customerId));
    expect(state).toMatchObject({ verificationInProgress: false, videoIdentityStatus: 'rejected' });
    const [identity] = await db()
      .select()
      .from(customerIdentities)
      .where(eq(customerIdentities.id, identityId));
    expect(identity?.status).toBe('rejected');
  });
});
