import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { ProfileAddress, ProfileEmail, ProfilePhone } from '@ledgerline/contract';
import { getBrand } from '@ledgerline/domain/brands';
import {
  auditLog,
  authSettings,
  contactCodes,
  customerAddresses,
  customerEmails,
  customerPhones,
  customers,
  notificationSettings,
  outbox,
  termsAcceptances,
  usernameChangeRequests,
  users,
} from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { DEMO_SECOND_EMAIL } from '../../db/seed-profile';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;
let passwordHash: string;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  // Fixture users share a seeded user's password hash (hashing is slow on purpose).
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
}

/** A personal customer of its own with one user (its login), a confirmed GB address and a confirmed phone; signed in. */
async function createCustomer(
  values: Partial<typeof customers.$inferInsert> = {},
  options: { address?: boolean; phone?: string } = {},
): Promise<Fixture> {
  counter += 1;
  const [customer] = await db()
    .insert(customers)
    .values({
      brandId: 'pebble',
      customerType: 0,
      firstName: 'Test',
      lastName: `Profile ${counter}`,
      residenceCountryCode: 'GB',
      ...values,
    })
    .returning({ id: customers.id });
  const email = `profile-${counter}-${Date.now()}@profile.test`;
  const [user] = await db()
    .insert(users)
    .values({ customerId: customer!.id, email, passwordHash })
    .returning({ id: users.id });
  if (options.address ?? true) {
    await db().insert(customerAddresses).values({
      customerId: customer!.id,
      address1: '1 Test Row',
      city: 'London',
      postalCode: 'E1 6AN',
      countryCode: 'GB',
      addressStatus: 'confirmed',
      proofOfResidenceStatus: 'validated',
    });
  }
  await db()
    .insert(customerPhones)
    .values({
      customerId: customer!.id,
      countryCode: 'GB',
      number: options.phone ?? `+44 7700 900${String(counter % 1000).padStart(3, '0')}`,
      confirmed: true,
    });
  return { customerId: customer!.id, userId: user!.id, email, token: await server.signIn(email) };
}

async function ok<T = Record<string, unknown>>(
  method: string,
  body: Record<string, unknown>,
  who: { token: string },
): Promise<T> {
  const answer = await server.send(method, body, { token: who.token });
  expect(answer.body.responseCode, `${method}: ${JSON.stringify(answer.body)}`).toBe('00');
  expect(answer.status).toBe(200);
  return answer.body as T;
}

type Profile = {
  customer: Record<string, unknown>;
  emails: ProfileEmail[];
  phones: ProfilePhone[];
  addresses: ProfileAddress[];
  usernameChangeRequests: { id: number; newUsername: string; status: string }[];
  canCreatePersonalAccount: boolean;
};
const profileOf = (who: { token: string }, extra: Record<string, unknown> = {}) =>
  ok<Profile>('getProfile', extra, who);

/** The newest outbox message to an address or number. */
async function lastMessage(recipient: string) {
  const [row] = await db()
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no message to ${recipient}`);
  return row;
}

async function emailCode(recipient: string): Promise<{ code: string; link: string }> {
  const { body } = await lastMessage(recipient);
  const code = /is (\d{6})\./.exec(body)?.[1];
  const link = /(https?:\/\/\S+\/api\/profile\/email-confirmation\?token=[A-Za-z0-9_-]+)/.exec(
    body,
  )?.[1];
  if (!code || !link) throw new Error(`no code in ${body}`);
  return { code, link };
}

async function smsCode(recipient: string): Promise<string> {
  const { body, channel } = await lastMessage(recipient);
  expect(channel).toBe('sms');
  const code = /^(\d{6}) is your/.exec(body)?.[1];
  if (!code) throw new Error(`no code in ${body}`);
  return code;
}

/** A code of six digits that is not the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function auditActions(customerId: number): Promise<string[]> {
  const rows = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.customerId, customerId))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('getProfile', () => {
  it('answers the demo customer’s details, e-mails, phones and address', async () => {
    const token = await server.signIn('personal@ledgerline.test');
    const profile = await profileOf({ token });
    expect(profile.customer).toMatchObject({
      firstName: 'Petra',
      lastName: 'Lindqvist',
      customerType: 0,
      login: 'personal@ledgerline.test',
      residenceCountryCode: 'SE',
    });
    expect(profile.emails.map((email) => [email.email, email.isPrimary, email.confirmed])).toEqual([
      ['personal@ledgerline.test', true, true],
      [DEMO_SECOND_EMAIL, false, false],
    ]);
    expect(profile.phones.length).toBeGreaterThan(0);
    expect(profile.phones.every((phone) => phone.confirmed && phone.phoneType === 2)).toBe(true);
    expect(profile.addresses).toEqual([
      expect.objectContaining({
        addressStatus: 'confirmed',
        confirmed: true,
        countryCode: 'SE',
        isDocumentRequired: false,
        replacesAddressId: null,
      }),
    ]);
    expect(profile.canCreatePersonalAccount).toBe(false);
  });

  it('seeds the profile data once: a second seeding adds nothing', async () => {
    const count = async () =>
      Promise.all(
        [customerEmails, customerPhones, notificationSettings, termsAcceptances].map(
          async (table) =>
            (
              await db()
                .select({ n: sql<number>`count(*)::int` })
                .from(table)
            )[0]!.n,
        ),
      );
    const before = await count();
    await seedDemo(db());
    expect(await count()).toEqual(before);
  });

  it('gives a customer with no e-mail rows yet its login as the confirmed primary address', async () => {
    const who = await createCustomer();
    const profile = await profileOf(who);
    expect(profile.emails).toEqual([
      expect.objectContaining({ email: who.email, isPrimary: true, confirmed: true }),
    ]);
    // Reading twice adds nothing.
    expect((await profileOf(who)).emails).toHaveLength(1);
  });

  it('answers the company’s profile to a user acting for it, and ENOA for a customer the user may not act for', async () => {
    const ioana = await server.signIn('ioana@harbourlight.example');
    const [office] = await db()
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'office@harbourlight.example'));
    const company = await profileOf({ token: ioana }, { fromCustomerId: office!.customerId });
    expect(company.customer).toMatchObject({
      customerId: office!.customerId,
      businessName: 'Harbourlight Studio Ltd',
      login: 'office@harbourlight.example',
    });

    const stranger = await createCustomer();
    const refused = await server.call(
      'getProfile',
      {},
      { token: ioana, fromCustomerId: stranger.customerId },
    );
    expect(refused.body.responseCode).toBe('ENOA');
  });
});

describe('e-mail addresses', () => {
  it('adds an address, e-mails it a code, confirms it, makes it primary and tells the old primary', async () => {
    const who = await createCustomer();
    const address = `second-${counter}@profile.test`;
    const { email } = await ok<{ email: ProfileEmail }>(
      'addEmail',
      { email: `  ${address}  ` },
      who,
    );
    expect(email).toMatchObject({ email: address, isPrimary: false, confirmed: false });
    const { code } = await emailCode(address);

    const refused = await server.call(
      'setPrimaryEmail',
      { emailId: email.emailId },
      { token: who.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { emailId: 'validation.emailNotConfirmed' },
    });

    const confirmed = await ok<{ email: ProfileEmail }>(
      'confirmEmail',
      { emailId: email.emailId, confirmationCode: ` ${code.slice(0, 3)} ${code.slice(3)} ` },
      who,
    );
    expect(confirmed.email.confirmed).toBe(true);

    const primary = await ok<{ email: ProfileEmail }>(
      'setPrimaryEmail',
      { emailId: email.emailId },
      who,
    );
    expect(primary.email.isPrimary).toBe(true);
    const profile = await profileOf(who);
    expect(profile.emails.filter((row) => row.isPrimary).map((row) => row.email)).toEqual([
      address,
    ]);
    // The login does not move with the primary address: that takes a reviewed username change.
    expect(profile.customer.login).toBe(who.email);
    const notice = await lastMessage(who.email);
    expect(notice.subject).toContain('e-mail address was changed');
    expect(notice.body).toContain(address);

    expect(await auditActions(who.customerId)).toEqual(
      expect.arrayContaining([
        'profile.emailAdded',
        'profile.emailConfirmed',
        'profile.primaryEmailSet',
      ]),
    );
  });

  it('never deletes the primary address; deletes another one', async () => {
    const who = await createCustomer();
    const profile = await profileOf(who);
    const primary = profile.emails[0]!;
    const refused = await server.call(
      'deleteEmail',
      { emailId: primary.emailId },
      { token: who.token },
    );
    expect(refused.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { emailId: 'validation.primaryEmailDelete' },
    });
    expect((await profileOf(who)).emails).toHaveLength(1);

    const { email } = await ok<{ email: ProfileEmail }>(
      'addEmail',
      { email: `gone-${counter}@profile.test` },
      who,
    );
    await ok('deleteEmail', { emailId: email.emailId }, who);
    expect((await profileOf(who)).emails.map((row) => row.emailId)).toEqual([primary.emailId]);
    expect(await auditActions(who.customerId)).toContain('profile.emailDeleted');
  });

  it('refuses an address already on the profile, in any case', async () => {
    const who = await createCustomer();
    const refused = await server.call(
      'addEmail',
      { email: who.email.toUpperCase() },
      { token: who.token },
    );
    expect(refused.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { email: 'validation.emailAlreadyAdded' },
    });
    expect((await profileOf(who)).emails).toHaveLength(1);
  });

  it('allows five wrong codes, then the code is used up even when right', async () => {
    const who = await createCustomer();
    const address = `tries-${counter}@profile.test`;
    const { email } = await ok<{ email: ProfileEmail }>('addEmail', { email: address }, who);
    const { code } = await emailCode(address);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await server.call(
        'confirmEmail',
        { emailId: email.emailId, confirmationCode: wrong(code) },
        { token: who.token },
      );
      expect(answer.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { confirmationCode: 'validation.codeInvalid' },
      });
    }
    const [row] = await db()
      .select()
      .from(contactCodes)
      .where(and(eq(contactCodes.target, 'email'), eq(contactCodes.targetId, email.emailId)));
    expect(row).toMatchObject({ attempts: 5 });
    expect(row!.usedAt).not.toBeNull();
    const late = await server.call(
      'confirmEmail',
      { emailId: email.emailId, confirmationCode: code },
      { token: who.token },
    );
    expect(late.body.validationErrors).toEqual({ confirmationCode: 'validation.codeInvalid' });
    expect(
      (await profileOf(who)).emails.find((row2) => row2.emailId === email.emailId)?.confirmed,
    ).toBe(false);

    // A new code works, and the old one no longer does.
    const resent = await ok('requestEmailConfirmation', { emailId: email.emailId }, who);
    expect(resent).toMatchObject({ sent: true, codeExpiresInSeconds: 300 });
    const { code: fresh } = await emailCode(address);
    if (fresh !== code)
      expect(
        (
          await server.call(
            'confirmEmail',
            { emailId: email.emailId, confirmationCode: code },
            { token: who.token },
          )
        ).body.responseCode,
      ).toBe('TA1');
    await ok('confirmEmail', { emailId: email.emailId, confirmationCode: fresh }, who);
  });

  it('refuses an expired code', async () => {
    const who = await createCustomer();
    const address = `expired-${counter}@profile.test`;
    const { email } = await ok<{ email: ProfileEmail }>('addEmail', { email: address }, who);
    const { code } = await emailCode(address);
    const [issued] = await db()
      .select()
      .from(contactCodes)
      .where(and(eq(contactCodes.target, 'email'), eq(contactCodes.targetId, email.emailId)));
    expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBe(5 * 60_000);
    await db()
      .update(contactCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(contactCodes.id, issued!.id));
    const answer = await server.call(
      'confirmEmail',
      { emailId: email.emailId, confirmationCode: code },
      { token: who.token },
    );
    expect(answer.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { confirmationCode: 'validation.codeInvalid' },
    });
    expect(
      (await profileOf(who)).emails.find((row) => row.emailId === email.emailId)?.confirmed,
    ).toBe(false);
  });

  it('stops sending codes to one address after five in an hour', async () => {
    const who = await createCustomer();
    const address = `flood-${counter}@profile.test`;
    const { email } = await ok<{ email: ProfileEmail }>('addEmail', { email: address }, who);
    for (let i = 0; i < 4; i += 1)
      await ok('requestEmailConfirmation', { emailId: email.emailId }, who);
    const before = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.recipient, address));
    const refused = await server.call(
      'requestEmailConfirmation',
      { emailId: email.emailId },
      { token: who.token },
    );
    expect(refused.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { emailId: 'validation.tooManyCodes' },
    });
    expect(
      await db().select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, address)),
    ).toHaveLength(before.length);
  });

  it('stops one customer adding address after address to send codes: twenty an hour in all', async () => {
    const who = await createCustomer();
    for (let i = 0; i < 20; i += 1) {
      const { email } = await ok<{ email: ProfileEmail }>(
        'addEmail',
        { email: `cycle-${counter}-${i}@profile.test` },
        who,
      );
      await ok('deleteEmail', { emailId: email.emailId }, who);
    }
    const refused = await server.call(
      'addEmail',
      { email: `cycle-${counter}-last@profile.test` },
      { token: who.token },
    );
    expect(refused.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { email: 'validation.tooManyCodes' },
    });
    expect(
      await db()
        .select({ id: outbox.id })
        .from(outbox)
        .where(eq(outbox.recipient, `cycle-${counter}-last@profile.test`)),
    ).toEqual([]);
    expect((await profileOf(who)).emails).toHaveLength(1);
  });

  it('confirms through the e-mailed link once, then answers fail', async () => {
    const who = await createCustomer();
    const address = `link-${counter}@profile.test`;
    const { email } = await ok<{ email: ProfileEmail }>('addEmail', { email: address }, who);
    const { link } = await emailCode(address);
    const url = new URL(link);
    expect(url.pathname).toBe('/api/profile/email-confirmation');
    const first = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/home?emailConfirmation=success');
    expect(
      (await profileOf(who)).emails.find((row) => row.emailId === email.emailId)?.confirmed,
    ).toBe(true);
    const again = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(again.headers.location).toBe('/home?emailConfirmation=fail');
    const forged = await server.app.inject({
      method: 'GET',
      url: '/api/profile/email-confirmation?token=nope',
    });
    expect(forged.headers.location).toBe('/home?emailConfirmation=fail');
    expect(await auditActions(who.customerId)).toContain('profile.emailConfirmed');
  });
});

describe('phones', () => {
  it('checks a number for its country and says whether it is held', async () => {
    const who = await createCustomer({}, { phone: '+44 7911 123777' });
    expect(
      await ok('checkPhone', { phoneCountryCode: 'GB', phone: '07911 123777' }, who),
    ).toMatchObject({ valid: true, exists: true });
    expect(
      await ok('checkPhone', { phoneCountryCode: 'GB', phone: '07911 123778' }, who),
    ).toMatchObject({ valid: true, exists: false });
    // A US number is not a valid GB number, nor is a too-short one.
    expect(
      await ok('checkPhone', { phoneCountryCode: 'GB', phone: '+1 202 555 0143' }, who),
    ).toMatchObject({ valid: false });
    expect(await ok('checkPhone', { phoneCountryCode: 'GB', phone: '0770' }, who)).toMatchObject({
      valid: false,
    });
  });

  it('adds a phone and confirms it with the SMS code', async () => {
    const who = await createCustomer();
    const { phone, codeExpiresInSeconds } = await ok<{
      phone: ProfilePhone;
      codeExpiresInSeconds: number;
    }>('addPhone', { phoneCountryCode: 'LT', phone: '8 612 34567', phoneType: 2 }, who);
    expect(codeExpiresInSeconds).toBe(300);
    expect(phone).toMatchObject({
      countryCode: 'LT',
      number: '+370 612 34567',
      confirmed: false,
      phoneType: 2,
      replacesPhoneId: null,
    });
    const code = await smsCode('+37061234567');
    const bad = await server.call(
      'confirmPhone',
      { phoneId: phone.id, code: wrong(code) },
      { token: who.token },
    );
    expect(bad.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { code: 'validation.codeInvalid' },
    });
    const confirmed = await ok<{ phone: ProfilePhone }>(
      'confirmPhone',
      { phoneId: phone.id, code },
      who,
    );
    expect(confirmed.phone.confirmed).toBe(true);
    expect(await auditActions(who.customerId)).toEqual(
      expect.arrayContaining([
        'profile.phoneAdded',
        'profile.phoneConfirmationFailed',
        'profile.phoneConfirmed',
      ]),
    );
  });

  it('keeps the old phone until its replacement is confirmed; SMS sign-in codes then follow the new number', async () => {
    const who = await createCustomer({}, { phone: '+44 7700 900654' });
    await db().insert(authSettings).values({ userId: who.userId, smsPhone: '+447700900654' });
    const old = (await profileOf(who)).phones[0]!;
    const { phone } = await ok<{ phone: ProfilePhone }>(
      'addPhone',
      { phoneCountryCode: 'GB', phone: '07911 123655', phoneType: 2, phoneId: old.id },
      who,
    );
    expect(phone).toMatchObject({ replacesPhoneId: old.id, confirmed: false });
    let phones = (await profileOf(who)).phones;
    expect(phones.map((row) => [row.id, row.confirmed])).toEqual([
      [old.id, true],
      [phone.id, false],
    ]);

    // A second replacement takes the place of the first one, still keeping the old phone.
    const { phone: second } = await ok<{ phone: ProfilePhone }>(
      'addPhone',
      { phoneCountryCode: 'GB', phone: '07911 123656', phoneType: 2, phoneId: old.id },
      who,
    );
    phones = (await profileOf(who)).phones;
    expect(phones.map((row) => row.id)).toEqual([old.id, second.id]);

    await ok('confirmPhone', { phoneId: second.id, code: await smsCode('+447911123656') }, who);
    phones = (await profileOf(who)).phones;
    expect(phones).toEqual([
      expect.objectContaining({
        id: second.id,
        number: '+44 7911 123656',
        confirmed: true,
        replacesPhoneId: null,
      }),
    ]);
    const [settings] = await db()
      .select()
      .from(authSettings)
      .where(eq(authSettings.userId, who.userId));
    expect(settings!.smsPhone).toBe('+44 7911 123656');
  });

  it('refuses an invalid number, one already on the profile, and a wrong phone type', async () => {
    const who = await createCustomer({}, { phone: '+44 7911 123432' });
    const before = (await profileOf(who)).phones;
    const invalid = await server.call(
      'addPhone',
      { phoneCountryCode: 'GB', phone: '+1 202 555 0143', phoneType: 2 },
      { token: who.token },
    );
    expect(invalid.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { phone: 'validation.phoneNumber' },
    });
    const duplicate = await server.call(
      'addPhone',
      { phoneCountryCode: 'GB', phone: '07911123432', phoneType: 2 },
      { token: who.token },
    );
    expect(duplicate.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { phone: 'validation.phoneAlreadyAdded' },
    });
    const type = await server.send(
      'addPhone',
      { phoneCountryCode: 'GB', phone: '07911123433', phoneType: 1 },
      { token: who.token },
    );
    expect(type.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { phoneType: expect.any(String) },
    });
    expect((await profileOf(who)).phones).toEqual(before);
  });

  it('refuses an expired SMS code', async () => {
    const who = await createCustomer();
    const { phone } = await ok<{ phone: ProfilePhone }>(
      'addPhone',
      { phoneCountryCode: 'GB', phone: '07911 123999', phoneType: 2 },
      who,
    );
    const code = await smsCode('+447911123999');
    await db()
      .update(contactCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(contactCodes.target, 'phone'), eq(contactCodes.targetId, phone.id)));
    expect(
      (await server.call('confirmPhone', { phoneId: phone.id, code }, { token: who.token })).body
        .validationErrors,
    ).toEqual({ code: 'validation.codeInvalid' });
    await ok('requestPhoneConfirmation', { phoneId: phone.id }, who);
    await ok('confirmPhone', { phoneId: phone.id, code: await smsCode('+447911123999') }, who);
  });
});

describe('addresses', () => {
  it('replaces an address within the country on confirmation; one replacement at a time', async () => {
    const who = await createCustomer();
    const old = (await profileOf(who)).addresses[0]!;
    expect(
      await ok('checkAddressReplacement', { countryCode: 'GB', oldAddressId: old.addressId }, who),
    ).toMatchObject({ allowed: true, requiresDocument: false });
    expect(
      await ok('checkAddressReplacement', { countryCode: 'FR', oldAddressId: old.addressId }, who),
    ).toMatchObject({ allowed: true, requiresDocument: true });

    const { address } = await ok<{ address: ProfileAddress }>(
      'replaceAddress',
      {
        oldAddressId: old.addressId,
        address1: ' 2   New Street ',
        city: 'Leeds',
        postalCode: 'LS1 4AP',
        countryCode: 'GB',
      },
      who,
    );
    expect(address).toMatchObject({
      address1: '2 New Street',
      addressStatus: 'unconfirmed',
      replacesAddressId: old.addressId,
      isDocumentRequired: false,
    });

    expect(
      await ok('checkAddressReplacement', { countryCode: 'GB', oldAddressId: old.addressId }, who),
    ).toMatchObject({ allowed: false, reason: 'replacementPending' });
    const second = await server.call(
      'replaceAddress',
      {
        oldAddressId: old.addressId,
        address1: '3 Other Street',
        city: 'York',
        postalCode: 'YO1 7HH',
        countryCode: 'GB',
      },
      { token: who.token },
    );
    expect(second.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { oldAddressId: 'validation.addressReplacementPending' },
    });
    expect((await profileOf(who)).addresses.map((row) => row.addressId)).toEqual([
      old.addressId,
      address.addressId,
    ]);

    const confirmed = await ok<{ address: ProfileAddress }>(
      'confirmAddress',
      { addressId: address.addressId },
      who,
    );
    expect(confirmed.address).toMatchObject({
      addressStatus: 'confirmed',
      confirmed: true,
      replacesAddressId: null,
    });
    expect((await profileOf(who)).addresses.map((row) => row.addressId)).toEqual([
      address.addressId,
    ]);
    expect(await auditActions(who.customerId)).toEqual(
      expect.arrayContaining(['profile.addressReplacementRequested', 'profile.addressConfirmed']),
    );
  });

  it('keeps the old address while a move abroad waits for its proof of address; the customer may withdraw it', async () => {
    const who = await createCustomer();
    const old = (await profileOf(who)).addresses[0]!;
    const { address } = await ok<{ address: ProfileAddress }>(
      'replaceAddress',
      {
        oldAddressId: old.addressId,
        address1: '500 Market St',
        city: 'San Francisco',
        postalCode: '94105',
        countryCode: 'US',
        stateCode: 'US-CA',
      },
      who,
    );
    expect(address).toMatchObject({ isDocumentRequired: true, stateName: 'California' });
    const pending = await ok<{ address: ProfileAddress }>(
      'confirmAddress',
      { addressId: address.addressId },
      who,
    );
    expect(pending.address.addressStatus).toBe('pending');
    expect(
      (await profileOf(who)).addresses.map((row) => [row.addressId, row.addressStatus]),
    ).toEqual([
      [old.addressId, 'confirmed'],
      [address.addressId, 'pending'],
    ]);
    const again = await server.call(
      'confirmAddress',
      { addressId: address.addressId },
      { token: who.token },
    );
    expect(again.body.validationErrors).toEqual({ addressId: 'validation.addressNotConfirmable' });

    const keep = await server.call(
      'deleteAddress',
      { addressId: old.addressId },
      { token: who.token },
    );
    expect(keep.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { addressId: 'validation.addressConfirmedDelete' },
    });
    await ok('deleteAddress', { addressId: address.addressId }, who);
    expect((await profileOf(who)).addresses.map((row) => row.addressId)).toEqual([old.addressId]);
  });

  it('creates a first address needing a proof of address, checking the state against the country', async () => {
    const who = await createCustomer({}, { address: false });
    const noState = await server.call(
      'createAddress',
      { address1: '1 Main St', city: 'Austin', postalCode: '78701', countryCode: 'US' },
      { token: who.token },
    );
    expect(noState.body.validationErrors).toEqual({ stateCode: 'validation.required' });
    const wrongState = await server.call(
      'createAddress',
      {
        address1: '1 Main St',
        city: 'Austin',
        postalCode: '78701',
        countryCode: 'US',
        stateCode: 'CA-ON',
      },
      { token: who.token },
    );
    expect(wrongState.body.validationErrors).toEqual({ stateCode: 'validation.stateCode' });
    const stateless = await server.call(
      'createAddress',
      {
        address1: '1 Main St',
        city: 'Paris',
        postalCode: '75001',
        countryCode: 'FR',
        stateCode: 'US-TX',
      },
      { token: who.token },
    );
    expect(stateless.body.validationErrors).toEqual({ stateCode: 'validation.stateCode' });
    expect((await profileOf(who)).addresses).toEqual([]);

    const { address } = await ok<{ address: ProfileAddress }>(
      'createAddress',
      {
        address1: '1 Main St',
        city: 'Austin',
        postalCode: '78701',
        countryCode: 'US',
        stateCode: 'US-TX',
      },
      who,
    );
    expect(address).toMatchObject({
      addressStatus: 'unconfirmed',
      isDocumentRequired: true,
      stateName: 'Texas',
    });
    const second = await server.call(
      'createAddress',
      {
        address1: '2 Main St',
        city: 'Austin',
        postalCode: '78701',
        countryCode: 'US',
        stateCode: 'US-TX',
      },
      { token: who.token },
    );
    expect(second.body.validationErrors).toEqual({ address1: 'validation.addressExists' });
    const unconfirmed = await server.call(
      'checkAddressReplacement',
      { countryCode: 'US', oldAddressId: address.addressId },
      { token: who.token },
    );
    expect(unconfirmed.body).toMatchObject({ allowed: false, reason: 'addressNotConfirmed' });
  });
});

describe('tax number, username change and personal account', () => {
  it('updates the tax number, normalised, and refuses the same one again', async () => {
    const who = await createCustomer();
    const { customer } = await ok<{ customer: { taxId: string } }>(
      'updateTaxNumber',
      { taxId: ' ab 123-456 ' },
      who,
    );
    expect(customer.taxId).toBe('AB 123-456');
    const same = await server.call(
      'updateTaxNumber',
      { taxId: 'AB 123-456' },
      { token: who.token },
    );
    expect(same.body.validationErrors).toEqual({ taxId: 'validation.taxIdUnchanged' });
    const bad = await server.call('updateTaxNumber', { taxId: '12' }, { token: who.token });
    expect(bad.body.validationErrors).toEqual({ taxId: 'validation.taxId' });
    const [row] = await db()
      .select({ taxId: customers.taxId })
      .from(customers)
      .where(eq(customers.id, who.customerId));
    expect(row!.taxId).toBe('AB 123-456');
    expect(await auditActions(who.customerId)).toContain('profile.taxNumberUpdated');
  });

  it('refuses a tax number that is not one (1E309, a date) or fails its country’s rule, changing nothing', async () => {
    const who = await createCustomer({ taxId: 'AB123456C' });
    for (const taxId of ['1E309', '9999-99-99', '2026-99-99', '1.5e+10', 'AB 123456 Z9']) {
      const answer = await server.call('updateTaxNumber', { taxId }, { token: who.token });
      expect(answer.status, taxId).toBe(400);
      expect(answer.body, taxId).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { taxId: 'validation.taxId' },
      });
    }
    const brazilian = await createCustomer({ residenceCountryCode: 'BR' });
    const wrongCheckDigit = await server.call(
      'updateTaxNumber',
      { taxId: '529.982.247-24' },
      { token: brazilian.token },
    );
    expect(wrongCheckDigit.body.validationErrors).toEqual({ taxId: 'validation.taxId' });
    await ok('updateTaxNumber', { taxId: '529.982.247-25' }, brazilian);
    // A country without a rule of its own: the general shape decides.
    const algerian = await createCustomer({ residenceCountryCode: 'DZ' });
    await ok('updateTaxNumber', { taxId: 'DZ-40771' }, algerian);
    const rows = await db()
      .select({ id: customers.id, taxId: customers.taxId })
      .from(customers)
      .where(inArray(customers.id, [who.customerId, brazilian.customerId, algerian.customerId]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.taxId]))).toEqual({
      [who.customerId]: 'AB123456C',
      [brazilian.customerId]: '529.982.247-25',
      [algerian.customerId]: 'DZ-40771',
    });
  });

  it('records one pending username change to a free address', async () => {
    const who = await createCustomer();
    const { request } = await ok<{ request: { id: number; status: string; newUsername: string } }>(
      'requestUsernameChange',
      { newUsername: `renamed-${counter}@profile.test` },
      who,
    );
    expect(request).toMatchObject({
      status: 'pending',
      newUsername: `renamed-${counter}@profile.test`,
    });
    const second = await server.call(
      'requestUsernameChange',
      { newUsername: `other-${counter}@profile.test` },
      { token: who.token },
    );
    expect(second.body.validationErrors).toEqual({
      newUsername: 'validation.usernameChangePending',
    });
    expect((await profileOf(who)).usernameChangeRequests).toEqual([
      expect.objectContaining({ id: request.id, status: 'pending' }),
    ]);

    const other = await createCustomer();
    const taken = await server.call(
      'requestUsernameChange',
      { newUsername: 'Personal@Ledgerline.test' },
      { token: other.token },
    );
    expect(taken.body.validationErrors).toEqual({ newUsername: 'validation.emailTaken' });
    const same = await server.call(
      'requestUsernameChange',
      { newUsername: other.email },
      { token: other.token },
    );
    expect(same.body.validationErrors).toEqual({ newUsername: 'validation.usernameUnchanged' });
    expect(
      await db()
        .select()
        .from(usernameChangeRequests)
        .where(eq(usernameChangeRequests.userId, other.userId)),
    ).toEqual([]);
  });

  it('opens one personal account for a business user, who may then act for it', async () => {
    const owner = await createCustomer({
      customerType: 2,
      businessName: 'Profile Test Ltd',
      firstName: null,
      lastName: null,
    });
    expect((await profileOf(owner)).canCreatePersonalAccount).toBe(true);
    const { customerId } = await ok<{ customerId: number }>('createPersonalAccount', {}, owner);
    const [created] = await db().select().from(customers).where(eq(customers.id, customerId));
    expect(created).toMatchObject({
      customerType: 0,
      brandId: 'pebble',
      isNeedPersonalInfoUpdate: true,
      isNeedKyc: true,
      residenceCountryCode: 'GB',
    });
    const access = await ok<{ accessibleCustomers: { id: number; accessRights: number }[] }>(
      'getCustomerAccessInfo',
      {},
      owner,
    );
    expect(access.accessibleCustomers).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: customerId, accessRights: 2 })]),
    );
    const personal = await profileOf(owner, { fromCustomerId: customerId });
    expect(personal.emails).toEqual([
      expect.objectContaining({ email: owner.email, isPrimary: true, confirmed: true }),
    ]);

    expect((await profileOf(owner)).canCreatePersonalAccount).toBe(false);
    const again = await server.call('createPersonalAccount', {}, { token: owner.token });
    expect(again.body.validationErrors).toEqual({ _: 'validation.personalAccountNotAllowed' });
    const personalUser = await createCustomer();
    expect(
      (await server.call('createPersonalAccount', {}, { token: personalUser.token })).body
        .responseCode,
    ).toBe('TA1');
  });
});

describe('notification settings and legal info', () => {
  it('answers the defaults by group, saves a choice and keeps security notices on', async () => {
    const who = await createCustomer();
    const { settings } = await ok<{
      settings: { group: string; identified: string; value: boolean; editable: boolean }[];
    }>('getNotificationSettings', {}, who);
    expect(new Set(settings.map((setting) => setting.group))).toEqual(
      new Set(['security', 'transactions', 'marketing', 'news']),
    );
    expect(settings.find((setting) => setting.identified === 'marketingEmail')).toMatchObject({
      value: false,
      editable: true,
    });

    expect(
      await ok('setNotificationSetting', { identified: 'marketingEmail', value: true }, who),
    ).toMatchObject({ setting: { identified: 'marketingEmail', value: true, group: 'marketing' } });
    await ok('setNotificationSetting', { identified: 'newsProduct', value: false }, who);
    const after = (
      await ok<{ settings: { identified: string; value: boolean }[] }>(
        'getNotificationSettings',
        {},
        who,
      )
    ).settings;
    expect(after.find((setting) => setting.identified === 'marketingEmail')?.value).toBe(true);
    expect(after.find((setting) => setting.identified === 'newsProduct')?.value).toBe(false);

    const locked = await server.call(
      'setNotificationSetting',
      { identified: 'securityNewSignIn', value: false },
      { token: who.token },
    );
    expect(locked.body.validationErrors).toEqual({
      identified: 'validation.notificationSettingLocked',
    });
    const unknown = await server.send(
      'setNotificationSetting',
      { identified: 'nope', value: false },
      { token: who.token },
    );
    expect(unknown.body.responseCode).toBe('TA1');
    const rows = await db()
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, who.userId));
    expect(rows.map((row) => [row.identified, row.value]).sort()).toEqual([
      ['marketingEmail', true],
      ['newsProduct', false],
    ]);
  });

  it('lists the brand’s documents with the user’s acceptance of the current version', async () => {
    const token = await server.signIn('personal@ledgerline.test');
    const { items } = await ok<{
      items: { id: number; key: string; value: string; acceptedAt: string | null; url: string }[];
    }>('getLegalInfo', {}, { token });
    const terms = getBrand('pebble').terms;
    expect(items.map((item) => [item.id, item.key, item.value, item.url])).toEqual(
      terms.map((term) => [term.id, term.key, term.value, term.url]),
    );
    expect(items.every((item) => item.acceptedAt !== null)).toBe(true);

    // terms@ accepted only earlier versions: the current ones show as not accepted.
    const old = await server.signIn('terms@ledgerline.test');
    const oldItems = (
      await ok<{ items: { acceptedAt: string | null }[] }>('getLegalInfo', {}, { token: old })
    ).items;
    expect(oldItems.every((item) => item.acceptedAt === null)).toBe(true);
  });

  it('downloads the agreement record once through a single-use link', async () => {
    const who = await createCustomer({ firstName: 'Ștefan', lastName: 'Țurcanu' });
    const term = getBrand('pebble').terms[0]!;
    await db().insert(termsAcceptances).values({
      userId: who.userId,
      brandId: 'pebble',
      termKey: term.key,
      termValue: term.value,
      ip: '203.0.113.7',
    });
    const generate = (body: unknown, token: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/pdf/api/generator_pdf/agreement',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify(body),
      });
    const answer = await generate({ id: term.id, lang: 'ro' }, who.token);
    expect(answer.statusCode).toBe(200);
    const link = new URL(answer.json().redirectLink as string);
    const file = await server.app.inject({ method: 'GET', url: link.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${term.value}.pdf"`);
    const pdf = await PDFDocument.load(file.rawPayload, { updateMetadata: false });
    expect(pdf.getSubject()).toBe('Ștefan Țurcanu');
    expect(pdf.getTitle()).toBe('Evidența acceptării — Politica de confidențialitate');
    expect((await server.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(404);

    expect((await generate({ id: 99 }, who.token)).statusCode).toBe(404);
    const bad = await generate({ id: 'x' }, who.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().responseCode).toBe('TA1');
    const stranger = await createCustomer();
    const foreign = await generate({ id: term.id, fromCustomerId: stranger.customerId }, who.token);
    expect(foreign.json().responseCode).toBe('ENOA');
  });
});

describe('another customer’s ids', () => {
  it('answer not found for every method taking an id, and change nothing', async () => {
    const owner = await createCustomer();
    const intruder = await createCustomer();
    const { email } = await ok<{ email: ProfileEmail }>(
      'addEmail',
      { email: `owned-${counter}@profile.test` },
      owner,
    );
    const { phone } = await ok<{ phone: ProfilePhone }>(
      'addPhone',
      { phoneCountryCode: 'GB', phone: '07911 123321', phoneType: 2 },
      owner,
    );
    const ownerProfile = await profileOf(owner);
    const primary = ownerProfile.emails.find((row) => row.isPrimary)!;
    const confirmedPhone = ownerProfile.phones.find((row) => row.confirmed)!;
    const address = ownerProfile.addresses[0]!;
    const newAddress = {
      address1: '9 Intruder Way',
      city: 'London',
      postalCode: 'N1 1AA',
      countryCode: 'GB',
    };
    const codesBefore = await db()
      .select()
      .from(contactCodes)
      .where(eq(contactCodes.customerId, owner.customerId))
      .orderBy(contactCodes.id);
    const outboxBefore = await db().select({ id: outbox.id }).from(outbox);

    const cases: [string, Record<string, unknown>][] = [
      ['confirmEmail', { emailId: email.emailId, confirmationCode: '123456' }],
      ['requestEmailConfirmation', { emailId: email.emailId }],
      ['deleteEmail', { emailId: email.emailId }],
      ['setPrimaryEmail', { emailId: primary.emailId }],
      [
        'addPhone',
        { phoneCountryCode: 'GB', phone: '07911 123322', phoneType: 2, phoneId: confirmedPhone.id },
      ],
      ['confirmPhone', { phoneId: phone.id, code: '123456' }],
      ['requestPhoneConfirmation', { phoneId: phone.id }],
      ['checkAddressReplacement', { countryCode: 'GB', oldAddressId: address.addressId }],
      ['replaceAddress', { oldAddressId: address.addressId, ...newAddress }],
      ['confirmAddress', { addressId: address.addressId }],
      ['deleteAddress', { addressId: address.addressId }],
    ];
    for (const [method, body] of cases) {
      const answer = await server.send(method, body, { token: intruder.token });
      expect(answer.status, method).toBe(404);
      expect(answer.body.responseCode, method).toBe('ENOA');
    }
    expect(await profileOf(owner)).toEqual(ownerProfile);
    expect((await profileOf(intruder)).phones).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(contactCodes)
        .where(eq(contactCodes.customerId, owner.customerId))
        .orderBy(contactCodes.id),
    ).toEqual(codesBefore);
    expect(await db().select({ id: outbox.id }).from(outbox)).toHaveLength(outboxBefore.length);
  });
});

describe('bad input', () => {
  it('answers TA1 naming the field for each bad payload, and changes nothing', async () => {
    const who = await createCustomer();
    const before = await profileOf(who);
    const emailsBefore = await db()
      .select()
      .from(customerEmails)
      .where(eq(customerEmails.customerId, who.customerId));
    const cases: [string, Record<string, unknown>, string][] = [
      ['addEmail', { email: 'not-an-address' }, 'email'],
      ['addEmail', { email: 'a@b.co', extra: 1 }, '_'],
      ['confirmEmail', { emailId: 1, confirmationCode: '12ab56' }, 'confirmationCode'],
      ['confirmEmail', { emailId: 0, confirmationCode: '123456' }, 'emailId'],
      ['deleteEmail', { emailId: 'one' }, 'emailId'],
      ['setPrimaryEmail', {}, 'emailId'],
      ['checkPhone', { phoneCountryCode: 'gb', phone: '07700900123' }, 'phoneCountryCode'],
      ['addPhone', { phoneCountryCode: 'GB', phone: 'call me', phoneType: 2 }, 'phone'],
      ['confirmPhone', { phoneId: 1, code: '' }, 'code'],
      [
        'createAddress',
        { address1: '   ', city: 'London', postalCode: 'N1', countryCode: 'GB' },
        'address1',
      ],
      [
        'createAddress',
        { address1: 'x'.repeat(257), city: 'London', postalCode: 'N1', countryCode: 'GB' },
        'address1',
      ],
      [
        'replaceAddress',
        {
          oldAddressId: 1,
          address1: '1 Row',
          city: 'London',
          postalCode: 'N1',
          countryCode: 'GBR',
        },
        'countryCode',
      ],
      ['confirmAddress', { addressId: -5 }, 'addressId'],
      ['updateTaxNumber', { taxId: '' }, 'taxId'],
      ['requestUsernameChange', { newUsername: 'nobody' }, 'newUsername'],
      ['setNotificationSetting', { identified: 'marketingEmail', value: 'yes' }, 'value'],
      ['createPersonalAccount', { name: 'x' }, '_'],
    ];
    for (const [method, body, field] of cases) {
      const answer = await server.send(method, body, { token: who.token });
      expect(answer.status, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.responseCode).toBe('TA1');
      const keys = Object.keys(answer.body.validationErrors ?? {});
      if (field === '_') expect(keys.length, method).toBeGreaterThan(0);
      else expect(keys, `${method} ${JSON.stringify(answer.body)}`).toContain(field);
    }
    expect(await profileOf(who)).toEqual(before);
    expect(
      await db().select().from(customerEmails).where(eq(customerEmails.customerId, who.customerId)),
    ).toEqual(emailsBefore);
  });
});
