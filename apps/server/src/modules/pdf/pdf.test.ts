import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Account } from '@ledgerline/contract';
import { accounts, customers, pdfDownloads, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;
let personal: string;
let anna: string;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  [personal, anna] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('anna@pebble.example'),
  ]);
});
afterAll(async () => server.close());

const db = () => server.database.db;
const GENERATOR = '/api/pdf/api/generator_pdf/accountConfirmation';

function generate(body: unknown, token?: string, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: GENERATOR,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}

function download(link: string) {
  return server.app.inject({ method: 'GET', url: new URL(link).pathname });
}

async function firstAccount(token: string, currencyCode = 'EUR'): Promise<Account> {
  const list = (await server.main('getAccounts', {}, { token })).json().accounts as Account[];
  return list.find((account) => account.type === 1001 && account.currencyCode === currencyCode)!;
}

/** A customer with one EUR account, named as given. */
async function customerNamed(firstName: string, lastName: string) {
  counter += 1;
  const [seeded] = await db().select({ hash: users.passwordHash }).from(users).limit(1);
  const [customer] = await db()
    .insert(customers)
    .values({ brandId: 'northmere', customerType: 0, firstName, lastName })
    .returning({ id: customers.id });
  const email = `pdf-${counter}-${Date.now()}@pdf.test`;
  await db().insert(users).values({ customerId: customer!.id, email, passwordHash: seeded!.hash });
  const token = await server.signIn(email);
  const account = (await server.main('addCurrency', { currencyCode: 'EUR' }, { token })).json()
    .account as Account;
  return { token, account, customerId: customer!.id };
}

describe('account confirmation PDF', () => {
  it('answers a single-use link that downloads the letter without a bearer', async () => {
    const eur = await firstAccount(personal);
    const response = await generate({ accountId: eur.accountId }, personal);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ responseCode: '00' });
    expect(body.redirectLink).toMatch(/\/api\/pdf\/files\/[A-Za-z0-9_-]{43}$/);

    const file = await download(body.redirectLink);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="account-confirmation-${eur.accountId}.pdf"`,
    );
    expect(file.headers['cache-control']).toBe('no-store');
    const bytes = file.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getSubject()).toBe('Petra Lindqvist');
    expect(pdf.getTitle()).toBe('Account confirmation — Petra Lindqvist');
    expect(pdf.getAuthor()).toBe('Pebble Payments Ltd');

    const again = await download(body.redirectLink);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ responseCode: 'ENOA' });
  });

  it('writes the letter in the caller’s language, with Romanian and Cyrillic letters', async () => {
    const who = await customerNamed('Ștefan', 'Țurcanu-Răileanu');
    for (const [lang, title] of [
      ['ro', 'Confirmare de cont'],
      ['ua', 'Підтвердження рахунку'],
      ['ru', 'Подтверждение счёта'],
    ] as const) {
      const link = (await generate({ accountId: who.account.accountId, lang }, who.token)).json()
        .redirectLink as string;
      const file = await download(link);
      expect(file.statusCode, lang).toBe(200);
      const pdf = await PDFDocument.load(file.rawPayload, { updateMetadata: false });
      expect(pdf.getTitle()).toBe(`${title} — Ștefan Țurcanu-Răileanu`);
      expect(pdf.getAuthor()).toBe('Northmere Bank plc');
    }
    // Accept-Language decides when the body names no language.
    const link = (
      await generate({ accountId: who.account.accountId }, who.token, {
        'accept-language': 'pt-PT,pt;q=0.9',
      })
    ).json().redirectLink as string;
    const pdf = await PDFDocument.load((await download(link)).rawPayload, {
      updateMetadata: false,
    });
    expect(pdf.getTitle()).toBe('Confirmação de conta — Ștefan Țurcanu-Răileanu');
  });

  it('refuses another customer’s account like an unknown one, and makes no link', async () => {
    const hers = await firstAccount(anna);
    const before = (await db().select().from(pdfDownloads)).length;
    const other = await generate({ accountId: hers.accountId }, personal);
    const unknown = await generate({ accountId: 2_000_000_000 }, personal);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect((await db().select().from(pdfDownloads)).length).toBe(before);
  });

  it('needs the bearer token to make a link', async () => {
    const eur = await firstAccount(personal);
    const response = await generate({ accountId: eur.accountId });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ responseCode: 'AU' });
  });

  it('refuses bad input with TA1', async () => {
    for (const body of [
      {},
      { accountId: 'x' },
      { accountId: -3 },
      { accountId: 1, extra: 1 },
      { accountId: 1, lang: 'de' },
    ]) {
      const response = await generate(body, personal);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        responseCode: 'TA1',
        validationErrors: expect.any(Object),
      });
    }
  });

  it('refuses a closed account', async () => {
    const who = await customerNamed('Closed', 'Account');
    await db()
      .update(accounts)
      .set({ accountStatusId: 4 })
      .where(eq(accounts.id, who.account.accountId));
    const response = await generate({ accountId: who.account.accountId }, who.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().validationErrors).toEqual({
      accountId: 'validation.accountConfirmationUnavailable',
    });
  });

  it('refuses an expired link and a made-up one', async () => {
    const eur = await firstAccount(personal);
    const link = (await generate({ accountId: eur.accountId }, personal)).json()
      .redirectLink as string;
    await db()
      .update(pdfDownloads)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await download(link)).statusCode).toBe(404);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/pdf/files/${'A'.repeat(43)}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/pdf/files/short' })).statusCode,
    ).toBe(404);
  });

  it('keeps the rest of /api/pdf behind the bearer guard', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/pdf/health' })).statusCode).toBe(
      401,
    );
  });
});
