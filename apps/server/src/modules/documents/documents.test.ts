import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import type { UploadedDocument } from '@ledgerline/contract';
import { DOCUMENT_MAX_BYTES, DOCUMENT_STATUS } from '@ledgerline/domain';
import {
  auditLog,
  customerAddresses,
  customerDocumentFiles,
  customerDocuments,
  customerPhones,
  customerVerification,
  customers,
  outbox,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { runDocumentExpiryPass } from './expiry';
import { onDocumentDecision } from './index';
import { today } from './repository';

const FIXTURES = new URL('../../../../../e2e/fixtures/documents/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const PDF = fixture('sample.pdf');
const PNG = fixture('sample.png');
const JPEG = fixture('sample.jpg');
const TEXT_AS_PDF = fixture('not-a-pdf.pdf');
const ENCRYPTED_PDF = fixture('encrypted.pdf');
/** The first bytes of an HEIC photo (an ISO media 'ftyp' box with the 'heic' brand). */
const HEIC = new Uint8Array([
  0,
  0,
  0,
  24,
  ...Buffer.from('ftypheic'),
  0,
  0,
  0,
  0,
  ...Buffer.from('mif1heic'),
  1,
  2,
  3,
]);

let server: TestServer;
let passwordHash: string;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  const [seeded] = await server.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .limit(1);
  if (!seeded) throw new Error('the seed made no users');
  passwordHash = seeded.hash;
});
afterAll(async () => server.close());

const db = () => server.database.db;

interface Fixture {
  customerId: number;
  userId: number;
  email: string;
  token: string;
  addressId: number;
}

/** A personal customer of its own with a confirmed GB address and a confirmed phone; signed in. */
async function createCustomer(
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<Fixture> {
  counter += 1;
  const [customer] = await db()
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: 0,
      firstName: 'Test',
      lastName: `Documents ${counter}`,
      residenceCountryCode: 'GB',
      verified: true,
      ...values,
    })
    .returning({ id: customers.id });
  const email = `documents-${counter}-${Date.now()}@documents.test`;
  const [user] = await db()
    .insert(users)
    .values({ customerId: customer!.id, email, passwordHash })
    .returning({ id: users.id });
  const [address] = await db()
    .insert(customerAddresses)
    .values({
      customerId: customer!.id,
      address1: '1 Test Row',
      city: 'London',
      postalCode: 'E1 6AN',
      countryCode: 'GB',
      addressStatus: 'confirmed',
      proofOfResidenceStatus: 'validated',
    })
    .returning({ id: customerAddresses.id });
  // Tax forms settled, so the required actions are only what a test sets up.
  await db()
    .insert(customerVerification)
    .values({ customerId: customer!.id, taxFormStatus: 'validated' });
  await db()
    .insert(customerPhones)
    .values({
      customerId: customer!.id,
      countryCode: 'GB',
      number: `+44 7700 901${String(counter % 1000).padStart(3, '0')}`,
      confirmed: true,
    });
  return {
    customerId: customer!.id,
    userId: user!.id,
    email,
    token: await server.signIn(email),
    addressId: address!.id,
  };
}

type Part = 'mainDocument' | 'relationshipDocument' | 'additionalDocument';

/** POST /api/documents as multipart/form-data, the way a browser's FormData sends it. */
async function upload(
  who: { token?: string },
  data: unknown,
  files: Partial<Record<Part, { bytes: Uint8Array; name: string; type?: string }>>,
) {
  const form = new FormData();
  if (data !== undefined) form.set('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const [part, file] of Object.entries(files))
    form.set(
      part,
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const request = new Request('http://localhost/api/documents', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: {
      'content-type': request.headers.get('content-type')!,
      ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return {
    status: response.statusCode,
    body: response.json<{
      responseCode: string;
      validationErrors?: Record<string, string>;
      document: UploadedDocument;
    }>(),
  };
}

const passport = { categoryId: 1, documentTypeId: 1, countryCode: 'GB', expiresDate: '2031-01-01' };

async function storedFor(customerId: number) {
  const [documents] = await db()
    .select({ n: count() })
    .from(customerDocuments)
    .where(eq(customerDocuments.customerId, customerId));
  const [files] = await db()
    .select({ n: count() })
    .from(customerDocumentFiles)
    .innerJoin(customerDocuments, eq(customerDocuments.id, customerDocumentFiles.documentId))
    .where(eq(customerDocuments.customerId, customerId));
  return { documents: documents!.n, files: files!.n };
}

async function ok<T>(method: string, payload: Record<string, unknown>, who: { token: string }) {
  const answer = await server.send(method, payload, { token: who.token });
  expect(answer.body.responseCode, `${method}: ${JSON.stringify(answer.body)}`).toBe('00');
  return answer.body as unknown as T;
}

describe('document upload: what is accepted', () => {
  it('stores a passport photo as submitted (0), lists it and gives the file back to its owner', async () => {
    const who = await createCustomer();
    const answer = await upload(who, passport, {
      mainDocument: { bytes: PNG, name: 'passport.png', type: 'image/png' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.document).toMatchObject({
      statusId: DOCUMENT_STATUS.submitted,
      categoryId: 1,
      documentTypeId: 1,
      documentType: 'Passport',
      countryCode: 'GB',
      expiresDate: '2031-01-01',
      createdUsername: who.email,
      canCancel: true,
      files: [{ part: 'mainDocument', kind: 'png', fileName: 'passport.png', encrypted: false }],
    });
    const { documents } = await ok<{ documents: UploadedDocument[] }>('getDocuments', {}, who);
    expect(documents.map((doc) => doc.id)).toEqual([answer.body.document.id]);

    const file = await server.app.inject({
      method: 'GET',
      url: `/api/documents/${answer.body.document.id}/files/mainDocument`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(file.rawPayload)).toEqual(PNG);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.customerId, who.customerId), eq(auditLog.action, 'documents.uploaded')),
      );
    expect(row?.details).toMatchObject({ documentId: answer.body.document.id });
  });

  it.each([
    ['a PDF', PDF, 'pdf'],
    ['a JPEG', JPEG, 'jpeg'],
    ['an HEIC photo', HEIC, 'heic'],
  ])('accepts %s, told by its content', async (_name, bytes, kind) => {
    const who = await createCustomer();
    // The name and declared type say nothing: the content decides.
    const answer = await upload(who, passport, {
      mainDocument: { bytes, name: 'scan.bin', type: 'text/plain' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.document.files[0]?.kind).toBe(kind);
  });

  it('takes types 4, 5 and 88 with their additional document (88 in RU and UA)', async () => {
    const who = await createCustomer();
    for (const [documentTypeId, countryCode] of [
      [4, 'GB'],
      [5, 'ES'],
      [88, 'RU'],
      [88, 'UA'],
    ] as const) {
      const answer = await upload(
        who,
        { categoryId: 2, documentTypeId, countryCode },
        {
          mainDocument: { bytes: PDF, name: 'address-page.pdf' },
          additionalDocument: { bytes: JPEG, name: 'photo-page.jpg' },
        },
      );
      expect(answer.status, `${documentTypeId} ${countryCode}`).toBe(200);
      expect(answer.body.document.files.map((file) => file.part)).toEqual([
        'mainDocument',
        'additionalDocument',
      ]);
    }
  });

  it('keeps a password-protected PDF with its password', async () => {
    const who = await createCustomer();
    const answer = await upload(
      who,
      { ...passport, documentPassword: 'secret' },
      { mainDocument: { bytes: ENCRYPTED_PDF, name: 'locked.pdf' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.document.files[0]?.encrypted).toBe(true);
    const [file] = await db()
      .select({ password: customerDocumentFiles.password })
      .from(customerDocumentFiles)
      .where(eq(customerDocumentFiles.documentId, answer.body.document.id));
    expect(file?.password).toBe('secret');
  });
});

describe('document upload: every refusal answers the envelope and stores nothing', () => {
  const cases: [
    string,
    unknown,
    Partial<Record<Part, { bytes: Uint8Array; name: string; type?: string }>>,
    string,
    string,
  ][] = [
    [
      'type 4 without its additional document',
      { categoryId: 2, documentTypeId: 4, countryCode: 'GB' },
      { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      'additionalDocument',
      'validation.additionalDocumentRequired',
    ],
    [
      'type 5 without its additional document',
      { categoryId: 2, documentTypeId: 5, countryCode: 'GB' },
      { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      'additionalDocument',
      'validation.additionalDocumentRequired',
    ],
    [
      'type 88 outside RU and UA',
      { categoryId: 2, documentTypeId: 88, countryCode: 'GB' },
      {
        mainDocument: { bytes: PDF, name: 'a.pdf' },
        additionalDocument: { bytes: PDF, name: 'b.pdf' },
      },
      'documentTypeId',
      'validation.documentTypeNotOffered',
    ],
    [
      'type 88 in RU without its additional document',
      { categoryId: 2, documentTypeId: 88, countryCode: 'RU' },
      { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      'additionalDocument',
      'validation.additionalDocumentRequired',
    ],
    [
      'an additional document for a type that has none',
      passport,
      {
        mainDocument: { bytes: PDF, name: 'a.pdf' },
        additionalDocument: { bytes: PDF, name: 'b.pdf' },
      },
      'additionalDocument',
      'validation.additionalDocumentNotExpected',
    ],
    [
      'a type of another category',
      { categoryId: 2, documentTypeId: 1, countryCode: 'GB' },
      { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      'documentTypeId',
      'validation.documentTypeNotInCategory',
    ],
    [
      'a text file named .pdf and declared as a PDF',
      passport,
      { mainDocument: { bytes: TEXT_AS_PDF, name: 'passport.pdf', type: 'application/pdf' } },
      'mainDocument',
      'validation.fileType',
    ],
    [
      'a text file as the additional document',
      { categoryId: 2, documentTypeId: 4, countryCode: 'GB' },
      {
        mainDocument: { bytes: PDF, name: 'a.pdf' },
        additionalDocument: { bytes: TEXT_AS_PDF, name: 'b.png', type: 'image/png' },
      },
      'additionalDocument',
      'validation.fileType',
    ],
    [
      'a file over 10 MB',
      passport,
      {
        mainDocument: {
          bytes: (() => {
            const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
            big.set(PDF.subarray(0, 8));
            return big;
          })(),
          name: 'big.pdf',
        },
      },
      'mainDocument',
      'validation.fileTooLarge',
    ],
    [
      'a password-protected PDF without its password',
      passport,
      { mainDocument: { bytes: ENCRYPTED_PDF, name: 'locked.pdf' } },
      'mainDocument',
      'validation.filePasswordRequired',
    ],
    ['no file', passport, {}, 'mainDocument', 'validation.required'],
    [
      'an expired document',
      { ...passport, expiresDate: '2020-01-01' },
      { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      'expiresDate',
      'validation.documentExpired',
    ],
    [
      'a data part that is not JSON',
      '{not json',
      { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      'data',
      'validation.required',
    ],
    [
      'an impossible date',
      { ...passport, expiresDate: '2031-02-30' },
      { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      'expiresDate',
      'validation.date',
    ],
  ];

  it.each(cases)('refuses %s', async (_name, data, files, field, message) => {
    const who = await createCustomer();
    const answer = await upload(who, data, files);
    expect(answer.status).toBe(400);
    expect(answer.body.responseCode).not.toBe('00');
    expect(answer.body.validationErrors?.[field]).toBe(message);
    expect(await storedFor(who.customerId)).toEqual({ documents: 0, files: 0 });
  });

  it('refuses an upload without a session', async () => {
    const answer = await upload({}, passport, { mainDocument: { bytes: PDF, name: 'a.pdf' } });
    expect(answer.status).toBe(401);
  });

  it('refuses a JSON body on the upload route with the envelope', async () => {
    const who = await createCustomer();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(passport),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ validationErrors: { _: 'validation.multipart' } });
  });

  it('refuses a NUL or broken Unicode in the data part and stores nothing', async () => {
    const who = await createCustomer();
    for (const password of ['pass\u0000word', 'pass\ud800word']) {
      const answer = await upload(
        who,
        { ...passport, documentPassword: password },
        { mainDocument: { bytes: PDF, name: 'a.pdf' } },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.validationErrors).toEqual({ documentPassword: 'validation.invalidValue' });
    }
    expect(await storedFor(who.customerId)).toEqual({ documents: 0, files: 0 });
  });
});

describe("another customer's documents are out of reach", () => {
  it('answers 404 for download, cancel and re-upload, and changes nothing', async () => {
    const owner = await createCustomer();
    const stranger = await createCustomer();
    const { body } = await upload(owner, passport, {
      mainDocument: { bytes: PDF, name: 'mine.pdf' },
    });
    const id = body.document.id;

    const file = await server.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/files/mainDocument`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('mine.pdf');

    const cancel = await server.send(
      'cancelDocument',
      { documentId: id },
      { token: stranger.token },
    );
    expect(cancel.status).toBe(404);

    // Rejected, so that a re-upload of it would be allowed to its owner.
    await db().transaction((tx) =>
      onDocumentDecision(tx, id, {
        statusId: DOCUMENT_STATUS.rejected,
        rejectReason: 'unreadable',
      }),
    );
    const reupload = await upload(
      stranger,
      { ...passport, replacesDocumentId: id },
      { mainDocument: { bytes: PDF, name: 'theirs.pdf' } },
    );
    expect(reupload.status).toBe(404);
    expect(await storedFor(stranger.customerId)).toEqual({ documents: 0, files: 0 });

    const [row] = await db()
      .select({ statusId: customerDocuments.statusId })
      .from(customerDocuments)
      .where(eq(customerDocuments.id, id));
    expect(row?.statusId).toBe(DOCUMENT_STATUS.rejected);
    const { documents } = await ok<{ documents: UploadedDocument[] }>('getDocuments', {}, stranger);
    expect(documents).toEqual([]);
  });

  it('gives the owner a single-use link to their own file, and a stranger nothing', async () => {
    const owner = await createCustomer();
    const stranger = await createCustomer();
    const { body } = await upload(owner, passport, {
      mainDocument: { bytes: JPEG, name: 'id.jpg' },
    });
    const request = { documentId: body.document.id, part: 'mainDocument' };
    const refused = await server.send('getDocumentFileLink', request, { token: stranger.token });
    expect(refused.status).toBe(404);
    const { redirectLink } = await ok<{ redirectLink: string }>(
      'getDocumentFileLink',
      request,
      owner,
    );
    const url = new URL(redirectLink);
    expect(url.pathname).toMatch(/^\/api\/pdf\/files\/[A-Za-z0-9_-]+$/);
    const file = await server.app.inject({ method: 'GET', url: url.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(new Uint8Array(file.rawPayload)).toEqual(JPEG);
    // Single use.
    const again = await server.app.inject({ method: 'GET', url: url.pathname });
    expect(again.statusCode).toBe(404);
    const missing = await server.send(
      'getDocumentFileLink',
      { documentId: body.document.id, part: 'additionalDocument' },
      { token: owner.token },
    );
    expect(missing.status).toBe(404);
  });

  it('lets an administrator download a customer’s file', async () => {
    const owner = await createCustomer();
    const admin = await createCustomer();
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    const { body } = await upload(owner, passport, {
      mainDocument: { bytes: JPEG, name: 'id.jpg' },
    });
    const file = await server.app.inject({
      method: 'GET',
      url: `/api/documents/${body.document.id}/files/mainDocument`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(new Uint8Array(file.rawPayload)).toEqual(JPEG);
  });
});

describe('cancel, reject and re-upload', () => {
  it('withdraws a submitted document, but not a decided one', async () => {
    const who = await createCustomer();
    const first = await upload(who, passport, { mainDocument: { bytes: PDF, name: 'a.pdf' } });
    const canceled = await ok<{ document: UploadedDocument }>(
      'cancelDocument',
      { documentId: first.body.document.id },
      who,
    );
    expect(canceled.document.statusId).toBe(DOCUMENT_STATUS.canceled);

    const second = await upload(who, passport, { mainDocument: { bytes: PDF, name: 'b.pdf' } });
    await db().transaction((tx) =>
      onDocumentDecision(tx, second.body.document.id, { statusId: DOCUMENT_STATUS.confirmed }),
    );
    const refused = await server.send(
      'cancelDocument',
      { documentId: second.body.document.id },
      { token: who.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({
      documentId: 'validation.documentNotCancelable',
    });
  });

  it('shows a rejection with its reason and takes a re-upload of that document only', async () => {
    const who = await createCustomer();
    const first = await upload(who, passport, { mainDocument: { bytes: PDF, name: 'a.pdf' } });
    const id = first.body.document.id;
    // Not rejected yet: nothing to re-upload.
    const early = await upload(
      who,
      { ...passport, replacesDocumentId: id },
      { mainDocument: { bytes: PDF, name: 'b.pdf' } },
    );
    expect(early.body.validationErrors).toEqual({
      replacesDocumentId: 'validation.documentNotReplaceable',
    });
    await db().transaction((tx) =>
      onDocumentDecision(tx, id, {
        statusId: DOCUMENT_STATUS.rejected,
        rejectReason: 'unreadable',
      }),
    );
    const info = await ok<{ documents: UploadedDocument[]; checklist: unknown[] }>(
      'getKycInfo',
      {},
      who,
    );
    expect(info.documents[0]).toMatchObject({ id, statusId: 26, rejectReason: 'unreadable' });
    const again = await upload(
      who,
      { ...passport, replacesDocumentId: id },
      { mainDocument: { bytes: PNG, name: 'c.png' } },
    );
    expect(again.status).toBe(200);
  });
});

describe('proof of address for a move abroad (spec 2 §4 address states)', () => {
  async function moveAbroad(who: Fixture) {
    const replaced = await ok<{ address: { addressId: number } }>(
      'replaceAddress',
      {
        oldAddressId: who.addressId,
        address1: '5 Rua Nova',
        city: 'Lisboa',
        postalCode: '1100-001',
        countryCode: 'PT',
      },
      who,
    );
    const addressId = replaced.address.addressId;
    await ok('confirmAddress', { addressId }, who);
    return addressId;
  }

  async function addressRow(id: number) {
    const [row] = await db().select().from(customerAddresses).where(eq(customerAddresses.id, id));
    return row;
  }

  it('confirms the new address when its proof is confirmed, and the old one goes', async () => {
    const who = await createCustomer();
    const addressId = await moveAbroad(who);
    expect(await addressRow(addressId)).toMatchObject({
      addressStatus: 'pending',
      proofOfResidenceStatus: 'none',
    });
    const kyc = await ok<{ address: { addressId: number; isDocumentRequired: boolean } }>(
      'getKycInfo',
      {},
      who,
    );
    expect(kyc.address).toMatchObject({ addressId, isDocumentRequired: true });

    const proof = await upload(
      who,
      { categoryId: 2, documentTypeId: 6, countryCode: 'PT', addressId },
      { mainDocument: { bytes: PDF, name: 'bill.pdf' } },
    );
    expect(proof.status).toBe(200);
    expect(proof.body.document.addressId).toBe(addressId);
    expect(await addressRow(addressId)).toMatchObject({ proofOfResidenceStatus: 'pending' });

    const decided = await db().transaction((tx) =>
      onDocumentDecision(tx, proof.body.document.id, { statusId: DOCUMENT_STATUS.confirmed }),
    );
    expect(decided).toEqual({ customerId: who.customerId, addressId, limitLifted: false });
    expect(await addressRow(addressId)).toMatchObject({
      addressStatus: 'confirmed',
      proofOfResidenceStatus: 'validated',
      replacesAddressId: null,
    });
    expect(await addressRow(who.addressId)).toBeUndefined();
  });

  it('keeps the address pending after a rejection, marks a name mismatch, and a new proof makes it pending again', async () => {
    const who = await createCustomer();
    const addressId = await moveAbroad(who);
    const proof = await upload(
      who,
      { categoryId: 2, documentTypeId: 7, countryCode: 'PT', addressId },
      { mainDocument: { bytes: PDF, name: 'statement.pdf' } },
    );
    await db().transaction((tx) =>
      onDocumentDecision(tx, proof.body.document.id, {
        statusId: DOCUMENT_STATUS.rejected,
        rejectReason: 'addressMismatch',
      }),
    );
    expect(await addressRow(addressId)).toMatchObject({
      addressStatus: 'pending',
      proofOfResidenceStatus: 'rejected',
    });
    const second = await upload(
      who,
      { categoryId: 2, documentTypeId: 7, countryCode: 'PT', addressId },
      { mainDocument: { bytes: PDF, name: 'statement2.pdf' } },
    );
    await db().transaction((tx) =>
      onDocumentDecision(tx, second.body.document.id, {
        statusId: DOCUMENT_STATUS.nameMismatch,
        rejectReason: 'nameMismatch',
      }),
    );
    expect(await addressRow(addressId)).toMatchObject({ addressStatus: 'nameMismatch' });
    await upload(
      who,
      { categoryId: 2, documentTypeId: 7, countryCode: 'PT', addressId },
      { mainDocument: { bytes: PDF, name: 'statement3.pdf' } },
    );
    expect(await addressRow(addressId)).toMatchObject({
      addressStatus: 'pending',
      proofOfResidenceStatus: 'pending',
    });
  });

  it("refuses a proof for another customer's address and stores nothing", async () => {
    const owner = await createCustomer();
    const stranger = await createCustomer();
    const answer = await upload(
      stranger,
      { categoryId: 2, documentTypeId: 6, countryCode: 'GB', addressId: owner.addressId },
      { mainDocument: { bytes: PDF, name: 'bill.pdf' } },
    );
    expect(answer.status).toBe(404);
    expect(await storedFor(stranger.customerId)).toEqual({ documents: 0, files: 0 });
  });
});

describe('expiry of confirmed documents', () => {
  type Banner = { state: string; requiredActions: string[]; limitReasons: string[] };

  it('limits the account when a proof of residence expires, tells the customer, and a renewed upload clears it', async () => {
    const who = await createCustomer();
    const day = today();
    const [expiring] = await db()
      .insert(customerDocuments)
      .values({
        customerId: who.customerId,
        documentTypeId: 6,
        categoryId: 2,
        statusId: DOCUMENT_STATUS.confirmed,
        expiresDate: '2000-01-01',
      })
      .returning({ id: customerDocuments.id });
    const pass = await runDocumentExpiryPass(db(), server.services.mailer, day);
    expect(pass.expired).toBeGreaterThanOrEqual(1);

    const [document] = await db()
      .select({ statusId: customerDocuments.statusId })
      .from(customerDocuments)
      .where(eq(customerDocuments.id, expiring!.id));
    expect(document?.statusId).toBe(DOCUMENT_STATUS.expired);
    const [customer] = await db().select().from(customers).where(eq(customers.id, who.customerId));
    expect(customer?.limited).toBe(true);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, who.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.subject).toBe('Your Pebble Wallet document has expired');
    expect(mail?.body).toContain('2000-01-01');

    let kyc = await ok<Banner & { checklist: { item: string; state: string }[] }>(
      'getKycInfo',
      {},
      who,
    );
    expect(kyc.state).toBe('limited');
    expect(kyc.limitReasons).toEqual(['expiredDocuments']);
    expect(kyc.checklist).toContainEqual({ item: 'renewedDocuments', state: 'todo' });
    expect(kyc.checklist).toContainEqual({ item: 'proofOfAddress', state: 'todo' });

    const renewed = await upload(
      who,
      { categoryId: 2, documentTypeId: 6, countryCode: 'GB', addressId: who.addressId },
      { mainDocument: { bytes: PDF, name: 'new-bill.pdf' } },
    );
    expect(renewed.status).toBe(200);
    kyc = await ok('getKycInfo', {}, who);
    expect(kyc.state).toBe('processing');
    const [state] = await db()
      .select()
      .from(customerVerification)
      .where(eq(customerVerification.customerId, who.customerId));
    expect(state?.limitDocumentsUploaded).toBe(true);

    await db().transaction((tx) =>
      onDocumentDecision(tx, renewed.body.document.id, { statusId: DOCUMENT_STATUS.confirmed }),
    );
    const [after] = await db().select().from(customers).where(eq(customers.id, who.customerId));
    expect(after?.limited).toBe(false);
    kyc = await ok('getKycInfo', {}, who);
    expect(kyc.state).toBe('checked');
  });

  it('marks a proof of residence expiring soon once, as a required action', async () => {
    const who = await createCustomer();
    const day = today();
    const soon = new Date(`${day}T00:00:00Z`);
    soon.setUTCDate(soon.getUTCDate() + 10);
    await db()
      .insert(customerDocuments)
      .values({
        customerId: who.customerId,
        documentTypeId: 6,
        categoryId: 2,
        statusId: DOCUMENT_STATUS.confirmed,
        expiresDate: soon.toISOString().slice(0, 10),
      });
    await runDocumentExpiryPass(db(), server.services.mailer, day);
    await runDocumentExpiryPass(db(), server.services.mailer, day);
    const kyc = await ok<Banner>('getKycInfo', {}, who);
    expect(kyc.state).toBe('hasRequiredActions');
    expect(kyc.requiredActions).toEqual(['proofOfResidence']);
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, who.email));
    expect(mails.filter((mail) => mail.subject?.includes('expires soon'))).toHaveLength(1);
  });
});

describe('personal information update (/profile-update)', () => {
  it('says why, saves the form and clears isNeedPersonalInfoUpdate', async () => {
    const who = await createCustomer({ isNeedPersonalInfoUpdate: true, birthDay: null });
    const before = await ok<{ reasons: string[]; isNeedPersonalInfoUpdate: boolean }>(
      'getPersonalInfo',
      {},
      who,
    );
    expect(before).toMatchObject({ isNeedPersonalInfoUpdate: true, reasons: ['birthDayMissing'] });

    const refused = await server.send(
      'updatePersonalInfo',
      { firstName: 'Ana', lastName: 'Pop', birthDay: today() },
      { token: who.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ birthDay: 'validation.birthDayAdult' });

    const bad = await server.send(
      'updatePersonalInfo',
      { firstName: '', lastName: 'Pop', birthDay: '1990-02-30' },
      { token: who.token },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors ?? {}).sort()).toEqual(['birthDay', 'firstName']);

    const saved = await ok<{ isNeedPersonalInfoUpdate: boolean; birthDay: string }>(
      'updatePersonalInfo',
      { firstName: 'Ana', lastName: 'Pop', birthDay: '1990-05-17' },
      who,
    );
    expect(saved).toMatchObject({ isNeedPersonalInfoUpdate: false, birthDay: '1990-05-17' });
    const info = await ok<{ customer: { isNeedPersonalInfoUpdate: boolean; firstName: string } }>(
      'getCustomerInfo',
      {},
      who,
    );
    expect(info.customer).toMatchObject({ isNeedPersonalInfoUpdate: false, firstName: 'Ana' });
  });
});
