import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { PROFILE_PHONE_TYPE, type DueDiligenceQuestionnaire } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import {
  auditLog,
  companyDetails,
  companyPaymentEmails,
  customerAccess,
  customers,
  outbox,
  users,
} from '../../db/schema';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { startTestServer, type TestServer } from '../../../test/helper';
import { createCustomer } from '../cards/test-fixtures';

let server: TestServer;
let owner: string; // office@harbourlight: the company is their own customer
let ioana: string; // full access to Harbourlight through a grant
let clerk: string; // initiate-only (3) at Harbourlight
let stranger: string;
let admin: string;
let harbourlight: number;
let otherCompany: number;

const db = () => server.database.db;

async function companyId(name: string): Promise<number> {
  const [row] = await db()
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.businessName, name));
  return row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, ioana, clerk, stranger, admin] = await Promise.all([
    server.signIn('office@harbourlight.example'),
    server.signIn('ioana@harbourlight.example'),
    server.signIn(DEMO_CLERK_EMAIL),
    server.signIn('personal@ledgerline.test'),
    server.signIn('admin@ledgerline.test'),
  ]);
  harbourlight = await companyId('Harbourlight Studio Ltd');
  otherCompany = await companyId('Ledgerline Demo Trading Ltd');
});
afterAll(async () => server.close());

const asCompany = (token: string, fromCustomerId = harbourlight) => ({ token, fromCustomerId });

async function lastAudit(action: string) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('getBusinessInfo: every user with access to the company reads it', () => {
  it('answers the seeded details to the owner, a full-access user and an initiate-only clerk alike', async () => {
    for (const [token, options] of [
      [owner, { token: owner }],
      [ioana, asCompany(ioana)],
      [clerk, asCompany(clerk)],
    ] as const) {
      const { status, body } = await server.call('getBusinessInfo', {}, options);
      expect(status, token.slice(0, 8)).toBe(200);
      expect(body.businessInfo).toMatchObject({
        customerId: harbourlight,
        name: 'Harbourlight Studio Ltd',
        registrationNumber: '09876543',
        registrationCountryCode: 'GB',
        registrationDate: '2017-03-14',
        verified: true,
      });
      expect(body.businessInfo.addresses.map((address) => address.type)).toEqual([
        'registered',
        'trading',
      ]);
      expect(body.businessInfo.financialDetail?.annualTurnover).toBe('1mTo10m');
    }
  });

  it('withholds the financial details and due diligence from a documents-only representative (5)', async () => {
    const rep = await createCustomer(server, { customerType: 0 });
    await db().insert(customerAccess).values({
      userId: rep.userId,
      customerId: harbourlight,
      accessRight: ACCESS_LEVELS.uploading,
      representativePositionId: 2,
    });
    const { status, body } = await server.call('getBusinessInfo', {}, asCompany(rep.token));
    expect(status).toBe(200);
    expect(body.businessInfo.name).toBe('Harbourlight Studio Ltd');
    expect(body.businessInfo.financialDetail).toBeNull();
    expect(body.businessInfo.dueDiligenceQuestionnaire).toBeNull();
  });

  it('refuses another company’s id and a personal customer without telling anything', async () => {
    const other = await server.call('getBusinessInfo', {}, asCompany(ioana, otherCompany));
    expect(other.status).toBe(403);
    expect(other.body.responseCode).toBe('ENOA');
    const personal = await server.call('getBusinessInfo', {}, { token: stranger });
    expect(personal.status).toBe(404);
    expect(personal.body.responseCode).toBe('ENOA');
    expect(JSON.stringify(personal.body)).not.toContain('Harbourlight');
  });
});

describe('updateBusinessContact: full access only, legal facts untouched', () => {
  it('changes the contact fields a full-access user sends, audits the change and keeps the registration', async () => {
    const { status, body } = await server.call(
      'updateBusinessContact',
      {
        website: 'https://harbourlight-lighting.example',
        description: '  Lighting   design for public spaces. ',
        phoneCountryCode: 'GB',
        phone: '020 7123 4567',
        tradingAddress: {
          address1: '8 Wapping Road',
          city: 'Bristol',
          postalCode: 'BS1 4RW',
          countryCode: 'GB',
        },
      },
      asCompany(ioana),
    );
    expect(status).toBe(200);
    expect(body.businessInfo).toMatchObject({
      website: 'https://harbourlight-lighting.example',
      description: 'Lighting design for public spaces.',
      phone: { countryCode: 'GB', number: '+44 20 7123 4567' },
      registrationNumber: '09876543',
      email: 'accounts@harbourlight.example',
    });
    expect(body.businessInfo.addresses.find((item) => item.type === 'trading')?.address1).toBe(
      '8 Wapping Road',
    );
    const row = await lastAudit('company.contactUpdated');
    expect(row).toMatchObject({ customerId: harbourlight });
    expect(row?.details).toMatchObject({ byAdministrator: false });
    expect((row?.details as { fields: string[] }).fields).toEqual(
      expect.arrayContaining(['website', 'description', 'phoneNumber', 'tradingAddress']),
    );
  });

  it('refuses the initiate-only clerk and changes nothing', async () => {
    const before = await db()
      .select()
      .from(companyDetails)
      .where(eq(companyDetails.customerId, harbourlight));
    const { status, body } = await server.call(
      'updateBusinessContact',
      { website: 'https://clerk.example' },
      asCompany(clerk),
    );
    expect(status).toBe(403);
    expect(body.responseCode).toBe('ENOA');
    const after = await db()
      .select()
      .from(companyDetails)
      .where(eq(companyDetails.customerId, harbourlight));
    expect(after).toEqual(before);
  });

  it('refuses another company’s id by a user who has no access to it', async () => {
    const { status } = await server.call(
      'updateBusinessContact',
      { website: 'https://elsewhere.example' },
      asCompany(owner, otherCompany),
    );
    expect(status).toBe(403);
    const [other] = await db()
      .select({ website: companyDetails.website })
      .from(companyDetails)
      .where(eq(companyDetails.customerId, otherCompany));
    expect(other?.website).toBe('https://trading.ledgerline.test');
  });

  it.each([
    // Legal facts are the bank's record: the strict request refuses them as unknown fields.
    ['a legal fact', { registrationNumber: '1' }, '_'],
    ['an empty change', {}, ''],
    ['a long description', { description: 'x'.repeat(1001) }, 'description'],
    ['a huge string', { description: 'y'.repeat(100_000) }, 'description'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a website that is no address', { website: 'javascript:alert(1)' }, 'website'],
    [
      'a country code in lower case',
      { phoneCountryCode: 'gb', phone: '020 7123 4567' },
      'phoneCountryCode',
    ],
    [
      'a trading address without a city',
      { tradingAddress: { address1: 'x', postalCode: '1', countryCode: 'GB' } },
      'tradingAddress.city',
    ],
    ['a phone without its country', { phone: '020 7123 4567' }, 'phone'],
  ])('refuses %s with the envelope and changes nothing', async (_name, payload, field) => {
    const before = await db()
      .select()
      .from(companyDetails)
      .where(eq(companyDetails.customerId, harbourlight));
    const { status, body } = await server.send('updateBusinessContact', payload, asCompany(ioana));
    expect(status).toBe(400);
    expect(body.responseCode).toBe('TA1');
    if (field) expect(Object.keys(body.validationErrors ?? {})).toContain(field);
    const after = await db()
      .select()
      .from(companyDetails)
      .where(eq(companyDetails.customerId, harbourlight));
    expect(after).toEqual(before);
  });

  it.each([
    [
      'a country that does not exist',
      { phoneCountryCode: 'ZZ', phone: '020 7123 4567' },
      'phoneCountryCode',
    ],
    ['a number of another country', { phoneCountryCode: 'GB', phone: '+1 212 555 0100' }, 'phone'],
    [
      'a trading address in no country',
      { tradingAddress: { address1: 'x', city: 'y', postalCode: '1', countryCode: 'XX' } },
      'tradingAddress.countryCode',
    ],
  ])('refuses %s on the server’s own check', async (_name, payload, field) => {
    const { status, body } = await server.call('updateBusinessContact', payload, asCompany(ioana));
    expect(status).toBe(400);
    expect(Object.keys(body.validationErrors ?? {})).toContain(field);
  });
});

const FINANCIAL = {
  annualTurnover: 'over10m',
  expectedMonthlyVolume: 'over1m',
  employees: '51to250',
  sourceOfFunds: 'investment',
} as const;

describe('financial details and due diligence: the company (full access) or an administrator', () => {
  it('lets the owner update the financial details, audited as theirs', async () => {
    const { status, body } = await server.call(
      'updateBusinessFinancialDetail',
      { financialDetail: FINANCIAL },
      { token: owner },
    );
    expect(status).toBe(200);
    expect(body.businessInfo.financialDetail).toEqual(FINANCIAL);
    expect((await lastAudit('company.financialDetailUpdated'))?.details).toMatchObject({
      byAdministrator: false,
    });
  });

  it('lets an administrator acting for the company update the due diligence, audited as the administrator’s', async () => {
    const [adminUser] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@ledgerline.test'));
    const questionnaire: DueDiligenceQuestionnaire = {
      industry: 'financial',
      purposes: ['treasury'],
      countriesOfBusiness: ['GB', 'DE'],
      handlesCash: true,
      hasPoliticallyExposedPerson: false,
    };
    const { status, body } = await server.call(
      'updateBusinessDueDiligence',
      { dueDiligenceQuestionnaire: questionnaire },
      asCompany(admin, otherCompany),
    );
    expect(status).toBe(200);
    expect(body.businessInfo.dueDiligenceQuestionnaire).toEqual(questionnaire);
    const row = await lastAudit('company.dueDiligenceUpdated');
    expect(row).toMatchObject({ userId: adminUser!.id, customerId: otherCompany });
    expect(row?.details).toMatchObject({ byAdministrator: true, fields: ['dueDiligence'] });
  });

  it('refuses the clerk and a stranger', async () => {
    expect(
      (
        await server.call(
          'updateBusinessFinancialDetail',
          { financialDetail: FINANCIAL },
          asCompany(clerk),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call(
          'updateBusinessFinancialDetail',
          { financialDetail: FINANCIAL },
          asCompany(stranger),
        )
      ).status,
    ).toBe(403);
  });

  it.each([
    ['an unknown band', { financialDetail: { ...FINANCIAL, annualTurnover: 'lots' } }],
    ['an unknown field', { financialDetail: { ...FINANCIAL, bonus: 1 } }],
    ['a missing field', { financialDetail: { annualTurnover: 'over10m' } }],
    ['a number where a band goes', { financialDetail: { ...FINANCIAL, employees: 12 } }],
  ])('refuses %s in the financial details', async (_name, payload) => {
    const { status, body } = await server.send('updateBusinessFinancialDetail', payload, {
      token: owner,
    });
    expect(status).toBe(400);
    expect(body.responseCode).toBe('TA1');
  });

  it('refuses a due diligence naming a country that does not exist, or none', async () => {
    const base: Omit<DueDiligenceQuestionnaire, 'countriesOfBusiness'> = {
      industry: 'mainstream',
      purposes: ['payroll'],
      handlesCash: false,
      hasPoliticallyExposedPerson: false,
    };
    const unknown = await server.call(
      'updateBusinessDueDiligence',
      { dueDiligenceQuestionnaire: { ...base, countriesOfBusiness: ['GB', 'QQ'] } },
      { token: owner },
    );
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.validationErrors ?? {})).toContain(
      'dueDiligenceQuestionnaire.countriesOfBusiness.1',
    );
    const none = await server.send(
      'updateBusinessDueDiligence',
      { dueDiligenceQuestionnaire: { ...base, countriesOfBusiness: [] } },
      { token: owner },
    );
    expect(none.status).toBe(400);
  });
});

describe('payment e-mails (/company-emails)', () => {
  async function codeSentTo(email: string): Promise<string> {
    const [message] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), like(outbox.body, '%code%')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    if (!code) throw new Error(`no code sent to ${email}`);
    return code;
  }

  it('adds an address, e-mails a code to it, confirms it with the code and removes it, each audited', async () => {
    const email = 'payments@harbourlight.example';
    const added = await server.call('addCompanyPaymentEmail', { email }, asCompany(ioana));
    expect(added.status).toBe(200);
    expect(added.body.email).toMatchObject({ email, confirmed: false });
    const emailId = added.body.email.emailId;

    const wrong = await server.call(
      'confirmCompanyPaymentEmail',
      { emailId, confirmationCode: '000000' === (await codeSentTo(email)) ? '111111' : '000000' },
      asCompany(ioana),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual({ confirmationCode: 'validation.codeInvalid' });

    const confirmed = await server.call(
      'confirmCompanyPaymentEmail',
      { emailId, confirmationCode: await codeSentTo(email) },
      asCompany(ioana),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email.confirmed).toBe(true);

    const listed = await server.call('getCompanyPaymentEmails', {}, asCompany(clerk));
    expect(listed.body.emails.map((item) => [item.email, item.confirmed])).toContainEqual([
      email,
      true,
    ]);

    const removed = await server.call(
      'deleteCompanyPaymentEmail',
      { emailId },
      asCompany(owner, harbourlight),
    );
    expect(removed.status).toBe(200);
    expect(
      await db().select().from(companyPaymentEmails).where(eq(companyPaymentEmails.id, emailId)),
    ).toEqual([]);
    for (const action of ['Added', 'ConfirmationFailed', 'Confirmed', 'Deleted'])
      expect(await lastAudit(`company.paymentEmail${action}`)).toBeDefined();
  });

  it('lets the clerk read but not add, and refuses another company’s address id', async () => {
    const clerkAdd = await server.call(
      'addCompanyPaymentEmail',
      { email: 'clerk-pay@harbourlight.example' },
      asCompany(clerk),
    );
    expect(clerkAdd.status).toBe(403);

    const theirs = await server.call(
      'addCompanyPaymentEmail',
      { email: 'pay@holdings.ledgerline.test' },
      { token: await server.signIn('business@ledgerline.test') },
    );
    expect(theirs.status).toBe(200);
    const emailId = theirs.body.email.emailId;
    for (const [method, payload] of [
      ['deleteCompanyPaymentEmail', { emailId }],
      ['resendCompanyPaymentEmailCode', { emailId }],
      ['confirmCompanyPaymentEmail', { emailId, confirmationCode: '123456' }],
    ] as const) {
      const answer = await server.send(method, payload, asCompany(ioana));
      expect(answer.status, method).toBe(404);
      expect(answer.body.responseCode).toBe('ENOA');
    }
    const [still] = await db()
      .select()
      .from(companyPaymentEmails)
      .where(eq(companyPaymentEmails.id, emailId));
    expect(still).toMatchObject({ codeAttempts: 0, confirmedAt: null });
  });

  it('refuses a bad or duplicate address with the envelope', async () => {
    for (const email of ['x', 'a@b', `${'a'.repeat(250)}@example.com`]) {
      const { status, body } = await server.send(
        'addCompanyPaymentEmail',
        { email },
        asCompany(ioana),
      );
      expect(status, email).toBe(400);
      expect(Object.keys(body.validationErrors ?? {})).toContain('email');
    }
    await server.call(
      'addCompanyPaymentEmail',
      { email: 'twice@harbourlight.example' },
      asCompany(ioana),
    );
    const again = await server.call(
      'addCompanyPaymentEmail',
      { email: 'TWICE@harbourlight.example' },
      asCompany(ioana),
    );
    expect(again.body.validationErrors).toEqual({ email: 'validation.emailAlreadyAdded' });
  });
});

describe('the company’s contact data on its profile', () => {
  it('lets the initiate-only clerk read it but change nothing of it', async () => {
    const before = await server.call('getProfile', {}, asCompany(clerk));
    expect(before.status).toBe(200);
    const emailId = before.body.emails[0]!.emailId;
    const attempts = [
      server.call('addEmail', { email: 'clerk-added@harbourlight.example' }, asCompany(clerk)),
      server.call('deleteEmail', { emailId }, asCompany(clerk)),
      server.call('setPrimaryEmail', { emailId }, asCompany(clerk)),
      server.call(
        'addPhone',
        { phoneCountryCode: 'GB', phone: '7700900456', phoneType: PROFILE_PHONE_TYPE },
        asCompany(clerk),
      ),
      server.call('updateTaxNumber', { taxId: 'GB123456789' }, asCompany(clerk)),
      server.call(
        'requestUsernameChange',
        { newUsername: 'clerk-login@harbourlight.example' },
        asCompany(clerk),
      ),
    ];
    for (const { status, body } of await Promise.all(attempts)) {
      expect({ status, code: body.responseCode }, JSON.stringify(body)).toEqual({
        status: 403,
        code: 'ENOA',
      });
    }
    const after = await server.call('getProfile', {}, asCompany(clerk));
    expect(after.body).toEqual(before.body);
  });

  it('lets a full-access user change it', async () => {
    const added = await server.call(
      'addEmail',
      { email: 'ioana-added@harbourlight.example' },
      asCompany(ioana),
    );
    expect(added.status).toBe(200);
    expect(added.body.email.email).toBe('ioana-added@harbourlight.example');
  });
});
