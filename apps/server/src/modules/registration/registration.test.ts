import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { getBrand } from '@ledgerline/domain/brands';
import { selectRows } from '../../db/client';
import {
  accountCodes,
  auditLog,
  customerAccess,
  customers,
  registrations,
  termsAcceptances,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({
    BRAND_HOSTS: 'amber.test=amberline,wallet.test=pebble',
    PUBLIC_ORIGINS: 'https://bank.example.test',
  });
});
afterAll(async () => server.close());

const PASSWORD = 'Sunny-harbour-42';

function freshEmail(prefix = 'new'): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now()}@Example.test`;
}

function personal(overrides: Record<string, unknown> = {}) {
  const brand = getBrand('pebble');
  return {
    brandId: 'pebble',
    registrationType: 'freelancers',
    firstName: '  Maria   Elena ',
    lastName: 'Costa',
    countryCode: 'PT',
    email: freshEmail(),
    password: PASSWORD,
    acceptedTerms: brand.terms.map((term) => term.value),
    ...overrides,
  };
}

function business(overrides: Record<string, unknown> = {}) {
  const brand = getBrand('northmere');
  return {
    brandId: 'northmere',
    registrationType: 'hostingProviders',
    businessName: 'Quayside Hosting Ltd',
    countryCode: 'GB',
    industryId: 5,
    firstName: 'Duncan',
    lastName: 'Reid',
    email: freshEmail('biz'),
    password: PASSWORD,
    acceptedTerms: brand.terms.map((term) => term.value),
    ...overrides,
  };
}

interface OutboxMessage {
  recipient: string;
  subject: string | null;
  body: string;
  userId: number | null;
}

async function outboxFor(email: string): Promise<OutboxMessage[]> {
  const response = await server.app.inject({ method: 'GET', url: '/dev/outbox.json' });
  const { messages } = response.json() as { messages: OutboxMessage[] };
  return messages.filter((message) => message.recipient.toLowerCase() === email.toLowerCase());
}

async function activationLink(email: string): Promise<URL> {
  const [latest] = await outboxFor(email);
  const match = /(https?:\/\/\S+\/activate\?\S+)/.exec(latest?.body ?? '');
  if (!match?.[1]) throw new Error(`no activation link for ${email}`);
  return new URL(match[1]);
}

async function resetCode(email: string): Promise<string> {
  const [latest] = await outboxFor(email);
  const match = /\b(\d{6})\b/.exec(latest?.body ?? '');
  if (!match?.[1]) throw new Error(`no reset code for ${email}`);
  return match[1];
}

async function userRow(email: string) {
  const [row] = await server.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** Row counts of every table: "changes nothing" means these stay the same. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await selectRows<{ table_name: string }>(
    server.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables) {
    const [row] = await selectRows<{ n: number }>(
      server.database.db,
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

function login(email: string, password: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { client: 'web', username: email, password, codeChallenge: 'x'.repeat(43) },
  });
}

async function registerAndActivate(body = personal()): Promise<string> {
  expect((await server.main('registerPersonal', body)).statusCode).toBe(200);
  const link = await activationLink(body.email);
  const response = await server.main('activateAccount', {
    username: link.searchParams.get('user'),
    activationCode: link.searchParams.get('code'),
  });
  expect(response.statusCode).toBe(200);
  return body.email;
}

describe('the e-mail existence check', () => {
  it('answers 0 for a free address, 1 for a customer and 3 for an authorised user', async () => {
    expect(
      (await server.main('checkEmailExists', { email: 'nobody@example.test' })).json(),
    ).toMatchObject({ responseCode: '00', status: 0 });
    expect(
      (await server.main('checkEmailExists', { email: ' ANNA@pebble.example ' })).json(),
    ).toMatchObject({ status: 1 });

    const employee = await userRow('ioana@harbourlight.example');
    const [office] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.businessName, 'Harbourlight Studio Ltd'));
    if (!employee || !office) throw new Error('seed missing');
    await server.database.db
      .update(customerAccess)
      .set({ accessRight: 5 })
      .where(and(eq(customerAccess.userId, employee.id), eq(customerAccess.customerId, office.id)));
    expect(
      (await server.main('checkEmailExists', { email: 'ioana@harbourlight.example' })).json(),
    ).toMatchObject({ status: 3 });
    await server.database.db
      .update(customerAccess)
      .set({ accessRight: 2 })
      .where(eq(customerAccess.userId, employee.id));
  });

  it('refuses a malformed address with a field error', async () => {
    const response = await server.main('checkEmailExists', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { email: 'validation.email' },
    });
  });
});

describe('registration', () => {
  it('creates a pending personal user, records the dated terms and puts the activation e-mail in the outbox', async () => {
    const body = personal();
    const response = await server.main('registerPersonal', body, {
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      responseCode: '00',
      responseDescription: 'Success',
      email: body.email,
      status: 'pendingActivation',
      activationExpiresInSeconds: 86_400,
    });

    const user = await userRow(body.email);
    expect(user).toMatchObject({ status: 'pendingActivation', language: 'es' });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    const [customer] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, user?.customerId ?? 0));
    expect(customer).toMatchObject({
      brandId: 'pebble',
      customerType: 0,
      firstName: 'Maria Elena',
      lastName: 'Costa',
      residenceCountryCode: 'PT',
      verified: false,
      isNeedKyc: true,
    });
    const [registration] = await server.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.userId, user?.id ?? 0));
    expect(registration).toMatchObject({
      brandId: 'pebble',
      kind: 'personal',
      registrationType: 'freelancers',
      activatedAt: null,
    });
    const terms = await server.database.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, user?.id ?? 0));
    expect(terms.map((term) => [term.termKey, term.termValue, term.versionDate])).toEqual([
      ['privacyPolicy', 'privacy-policy-2025-03-01', '2025-03-01'],
      ['termsAndConditions', 'terms-and-conditions-2025-03-01', '2025-03-01'],
    ]);
    expect(terms.every((term) => term.acceptedAt instanceof Date)).toBe(true);
    const [audited] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user?.id ?? 0), eq(auditLog.action, 'registration.created')));
    expect(audited?.details).toMatchObject({ brandId: 'pebble', kind: 'personal' });

    const [mail] = await outboxFor(body.email);
    expect(mail?.subject).toBe('Activa tu cuenta de Pebble Wallet');
    const link = await activationLink(body.email);
    expect(link.origin).toBe('http://localhost');
    expect(link.pathname).toBe('/activate');
    expect(link.searchParams.get('action')).toBe('activation');
    expect(link.searchParams.get('user')).toBe(body.email);
    expect(link.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Only the hash of the code is stored.
    const codes = await server.database.db
      .select()
      .from(accountCodes)
      .where(eq(accountCodes.userId, user?.id ?? 0));
    expect(codes).toHaveLength(1);
    expect(codes[0]?.codeHash).not.toContain(link.searchParams.get('code'));
  });

  it('does not let a pending user sign in', async () => {
    const body = personal();
    await server.main('registerPersonal', body);
    expect((await login(body.email, PASSWORD)).statusCode).toBe(401);
  });

  it('is refused on a brand without registration, and nothing changes', async () => {
    const before = await tableCounts();
    const response = await server.main(
      'registerPersonal',
      personal({
        brandId: 'quillpay',
        acceptedTerms: getBrand('quillpay').terms.map((term) => term.value),
      }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      responseCode: '13',
      responseDescription: 'Opening an account online is not available for Quillpay',
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('follows the brand of a host mapped in BRAND_HOSTS rather than the one the body names', async () => {
    const before = await tableCounts();
    const refused = await server.main('registerPersonal', personal(), {
      headers: { host: 'amber.test' },
    });
    expect(refused.json()).toMatchObject({
      responseCode: '13',
      responseDescription: expect.stringContaining('Amberline'),
    });
    expect(await tableCounts()).toEqual(before);

    const body = personal({ brandId: 'thistle', registrationType: 'freelancers' });
    const accepted = await server.main('registerPersonal', body, {
      headers: { host: 'wallet.test' },
    });
    expect(accepted.statusCode).toBe(200);
    const user = await userRow(body.email);
    const [customer] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, user?.customerId ?? 0));
    expect(customer?.brandId).toBe('pebble');
    expect((await activationLink(body.email)).origin).toBe('http://wallet.test');
  });

  it('never puts a host it does not know into the activation link', async () => {
    const body = personal();
    await server.main('registerPersonal', body, { headers: { host: 'evil.example' } });
    expect((await activationLink(body.email)).origin).toBe('https://bank.example.test');
    const other = personal();
    await server.main('registerPersonal', other, { headers: { host: 'localhost:1@evil.example' } });
    expect((await activationLink(other.email)).origin).toBe('https://bank.example.test');
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const before = await tableCounts();
    const response = await server.main(
      'registerPersonal',
      personal({ email: 'Anna@Pebble.example' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { email: 'validation.emailTaken' },
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a weak password, a type the brand does not offer and terms not accepted in the current version', async () => {
    const before = await tableCounts();
    const weak = await server.main('registerPersonal', personal({ password: 'onlyletters-long' }));
    expect(weak.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { password: 'validation.passwordRule' },
    });
    const short = await server.main('registerPersonal', personal({ password: 'abc123' }));
    expect(short.json()).toMatchObject({
      validationErrors: { password: 'validation.passwordRule' },
    });

    // Webcam models are a type of the first brand only (spec 1 §9).
    const northmere = getBrand('northmere').terms.map((term) => term.value);
    const type = await server.main(
      'registerPersonal',
      personal({
        brandId: 'northmere',
        registrationType: 'webcamModels',
        acceptedTerms: northmere,
      }),
    );
    expect(type.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { registrationType: 'validation.chooseOne' },
    });

    const missing = await server.main(
      'registerPersonal',
      personal({ acceptedTerms: ['privacy-policy-2025-03-01'] }),
    );
    expect(missing.json()).toMatchObject({
      validationErrors: { acceptedTerms: 'validation.termsRequired' },
    });
    const outdated = await server.main(
      'registerPersonal',
      personal({ acceptedTerms: ['privacy-policy-2024-01-01', 'terms-and-conditions-2025-03-01'] }),
    );
    expect(outdated.json()).toMatchObject({
      validationErrors: { acceptedTerms: 'validation.termsRequired' },
    });

    const country = await server.main('registerPersonal', personal({ countryCode: 'XX' }));
    expect(country.json()).toMatchObject({
      validationErrors: { countryCode: 'validation.chooseOne' },
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses an adult industry on a brand that hides them, and accepts it where offered', async () => {
    const thistleTerms = getBrand('thistle').terms.map((term) => term.value);
    const groups = (await server.main('getIndustryGroups', {})).json() as {
      groups: { label: string; industries: { id: number }[] }[];
    };
    const adult = groups.groups.find((group) => group.label === 'adult')?.industries[0]?.id;
    expect(adult).toBeDefined();
    const refused = await server.main(
      'registerBusiness',
      business({
        brandId: 'thistle',
        registrationType: 'others',
        industryId: adult,
        acceptedTerms: thistleTerms,
      }),
    );
    expect(refused.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { industryId: 'validation.chooseOne' },
    });
    const accepted = await server.main('registerBusiness', business({ industryId: adult }));
    expect(accepted.statusCode).toBe(200);
  });
});

describe('activation', () => {
  it('refuses a wrong code, activates with the right one once, and then the user signs in', async () => {
    const body = personal();
    await server.main('registerPersonal', body);
    const link = await activationLink(body.email);
    const code = link.searchParams.get('code') ?? '';

    const wrong = await server.main('activateAccount', {
      username: body.email,
      activationCode:
        `${code.slice(0, -1)}A` === code ? `${code.slice(0, -1)}B` : `${code.slice(0, -1)}A`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      responseCode: 'TA1',
      responseDescription: 'This activation link is not valid or has expired',
      validationErrors: { activationCode: 'validation.activationCodeInvalid' },
    });
    expect((await userRow(body.email))?.status).toBe('pendingActivation');

    // A personal link is not a business activation.
    expect(
      (await server.main('activateBusiness', { email: body.email, activationCode: code }))
        .statusCode,
    ).toBe(400);

    const ok = await server.main('activateAccount', {
      username: body.email.toUpperCase(),
      activationCode: code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      responseCode: '00',
      email: body.email,
      status: 'active',
      customerType: 0,
    });
    expect((await userRow(body.email))?.status).toBe('active');

    const reused = await server.main('activateAccount', {
      username: body.email,
      activationCode: code,
    });
    expect(reused.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { activationCode: 'validation.activationCodeInvalid' },
    });

    const signedIn = await login(body.email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ authFlow: 'simple', accessToken: expect.any(String) });
  });

  it('refuses an expired code', async () => {
    const body = personal();
    await server.main('registerPersonal', body);
    const user = await userRow(body.email);
    await server.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.userId, user?.id ?? 0));
    const link = await activationLink(body.email);
    const response = await server.main('activateAccount', {
      username: body.email,
      activationCode: link.searchParams.get('code'),
    });
    expect(response.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { activationCode: 'validation.activationCodeInvalid' },
    });
    expect((await userRow(body.email))?.status).toBe('pendingActivation');
  });

  it('activates a business from its activationBusiness link', async () => {
    const body = business();
    expect((await server.main('registerBusiness', body)).statusCode).toBe(200);
    const link = await activationLink(body.email);
    expect(link.searchParams.get('action')).toBe('activationBusiness');
    const [customer] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, (await userRow(body.email))?.customerId ?? 0));
    expect(customer).toMatchObject({
      customerType: 2,
      businessName: 'Quayside Hosting Ltd',
      residenceCountryCode: 'GB',
    });
    expect(
      (
        await server.main('activateAccount', {
          username: body.email,
          activationCode: link.searchParams.get('code'),
        })
      ).statusCode,
    ).toBe(400);
    const ok = await server.main('activateBusiness', {
      email: body.email,
      activationCode: link.searchParams.get('code'),
    });
    expect(ok.json()).toMatchObject({ responseCode: '00', status: 'active', customerType: 2 });
  });

  it('resends a link that replaces the old one, and answers the same for an unknown address', async () => {
    const body = personal();
    await server.main('registerPersonal', body);
    const first = await activationLink(body.email);
    const resent = await server.main('resendActivationCode', { email: body.email });
    const unknown = await server.main('resendActivationCode', { email: 'ghost@example.test' });
    expect(resent.json()).toEqual(unknown.json());
    expect(await outboxFor('ghost@example.test')).toHaveLength(0);
    expect(await outboxFor(body.email)).toHaveLength(2);
    const second = await activationLink(body.email);
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));
    expect(
      (
        await server.main('activateAccount', {
          username: body.email,
          activationCode: first.searchParams.get('code'),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await server.main('activateAccount', {
          username: body.email,
          activationCode: second.searchParams.get('code'),
        })
      ).statusCode,
    ).toBe(200);
    // An active account gets no further links.
    await server.main('resendActivationCode', { email: body.email });
    expect(await outboxFor(body.email)).toHaveLength(2);
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown address and e-mails a code only to the known one', async () => {
    const email = await registerAndActivate();
    const known = (await server.main('requestPasswordReset', { email })).json() as Record<
      string,
      unknown
    >;
    const unknown = (
      await server.main('requestPasswordReset', { email: 'nobody-here@example.test' })
    ).json() as Record<string, unknown>;
    const shape = (answer: Record<string, unknown>) => ({
      ...answer,
      taskId: typeof answer.taskId,
    });
    expect(shape(known)).toEqual(shape(unknown));
    expect(known).toMatchObject({
      responseCode: '00',
      verificationStatus: 'codeSent',
      isRetryable: true,
      codeExpiresInSeconds: 300,
      maxAttempts: 5,
    });
    expect(await outboxFor('nobody-here@example.test')).toHaveLength(0);
    expect(await resetCode(email)).toMatch(/^\d{6}$/);
  });

  it('counts wrong codes: after five the right code no longer works', async () => {
    const email = await registerAndActivate();
    await server.main('requestPasswordReset', { email });
    const code = await resetCode(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await server.main('checkPasswordResetCode', { email, code: wrongCode });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { code: 'validation.resetCodeInvalid' },
      });
    }
    expect((await server.main('checkPasswordResetCode', { email, code })).statusCode).toBe(400);
    expect(
      (await server.main('changePasswordWithCode', { email, code, password: 'Brand-new-pass-77' }))
        .statusCode,
    ).toBe(400);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = await registerAndActivate();
    await server.main('requestPasswordReset', { email });
    const code = await resetCode(email);
    const user = await userRow(email);
    await server.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(eq(accountCodes.userId, user?.id ?? 0), eq(accountCodes.purpose, 'passwordReset')),
      );
    expect((await server.main('checkPasswordResetCode', { email, code })).statusCode).toBe(400);
    expect(
      (await server.main('changePasswordWithCode', { email, code, password: 'Brand-new-pass-77' }))
        .statusCode,
    ).toBe(400);
  });

  it('changes the password with the right code, ends every session, writes an audit row and uses the code up', async () => {
    const email = await registerAndActivate();
    const token = await server.signIn(email, PASSWORD);
    expect((await server.main('getCustomerInfo', {}, { token })).statusCode).toBe(200);

    await server.main('requestPasswordReset', { email });
    const code = await resetCode(email);
    // A wrong guess first: one attempt of five is spent, the code still works.
    expect(
      (
        await server.main('checkPasswordResetCode', {
          email,
          code: code === '123456' ? '654321' : '123456',
        })
      ).statusCode,
    ).toBe(400);
    const checked = await server.main('checkPasswordResetCode', {
      email,
      code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
    });
    expect(checked.json()).toMatchObject({
      responseCode: '00',
      verificationStatus: 'codeAccepted',
    });

    const weak = await server.main('changePasswordWithCode', { email, code, password: 'short1' });
    expect(weak.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { password: 'validation.passwordRule' },
    });

    const changed = await server.main('changePasswordWithCode', {
      email,
      code,
      password: 'Brand-new-pass-77',
    });
    expect(changed.json()).toMatchObject({
      responseCode: '00',
      verificationStatus: 'passwordChanged',
    });

    expect((await server.main('getCustomerInfo', {}, { token })).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'Brand-new-pass-77')).statusCode).toBe(200);
    const user = await userRow(email);
    const [audited] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user?.id ?? 0), eq(auditLog.action, 'password.reset')));
    expect(audited?.details).toMatchObject({ sessionsEnded: 1 });
    const [notice] = await outboxFor(email);
    expect(notice?.subject).toBe('Your Pebble Wallet password was changed');

    expect(
      (await server.main('changePasswordWithCode', { email, code, password: 'Another-pass-88' }))
        .statusCode,
    ).toBe(400);
  });

  it('never writes passwords or codes to the log', async () => {
    const email = await registerAndActivate();
    await server.main('requestPasswordReset', { email });
    const code = await resetCode(email);
    await server.main('changePasswordWithCode', { email, code, password: 'Logged-never-99' });
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(PASSWORD);
    expect(logs).not.toContain('Logged-never-99');
    // A code would appear as a JSON string; bare digit runs (timestamps, durations) are not codes.
    expect(logs).not.toContain(`"${code}"`);
    expect(logs).not.toContain(`code=${code}`);
  });
});
