import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { RESPONSE_CODES } from '@ledgerline/domain';
import {
  accountCodes,
  auditLog,
  customerAccess,
  customers,
  outbox,
  transferPermissions,
  users,
} from '../../db/schema';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { secretFromBase32, totpAt } from '../../lib/totp';
import { startTestServer, type TestServer } from '../../../test/helper';
import { login, token } from '../../../test/auth-flow';
import { openSocket } from '../../../test/realtime-client';
import { transferFixtures } from '../transfers/test-fixtures';

let server: TestServer;
let office: string;
let ioana: string;
let clerk: string;
let business: string;
let officeId: number;
let tradingId: number;
const f = transferFixtures(() => server);
const db = () => server.database.db;

async function customerIdByName(name: string): Promise<number> {
  const [row] = await db()
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.businessName, name));
  if (!row) throw new Error(`no company ${name}`);
  return row.id;
}

async function grantOf(userId: number, customerId: number) {
  const [row] = await db()
    .select()
    .from(customerAccess)
    .where(and(eq(customerAccess.userId, userId), eq(customerAccess.customerId, customerId)));
  return row;
}

async function auditActions(customerId: number): Promise<string[]> {
  const rows = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.customerId, customerId))
    .orderBy(desc(auditLog.id));
  return rows.map((row) => row.action);
}

/** The activation link's user and code from the newest invitation e-mail to `email`. */
async function invitationLink(
  email: string,
): Promise<{ user: string; code: string; body: string }> {
  const [mail] = await db()
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = mail?.body.match(/\/activate\?action=activationEmployee&user=([^&\s]+)&code=(\S+)/);
  if (!mail || !match?.[1] || !match[2]) throw new Error(`no invitation to ${email}`);
  return {
    user: decodeURIComponent(match[1]),
    code: decodeURIComponent(match[2]),
    body: mail.body,
  };
}

async function transferAttempt(who: string, customerId: number) {
  const gbp = await f.accountIn(office, 'GBP');
  const eur = await f.accountIn(office, 'EUR');
  return f.call(
    'transferBetweenAccounts',
    who,
    {
      fromAccount: gbp.accountId,
      toAccount: eur.accountId,
      toAmount: '5',
      currency: 'EUR',
      idempotencyKey: f.key(),
    },
    customerId === officeId ? officeId : customerId,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  [office, ioana, clerk, business] = await Promise.all([
    server.signIn('office@harbourlight.example'),
    server.signIn('ioana@harbourlight.example'),
    server.signIn(DEMO_CLERK_EMAIL),
    server.signIn('business@ledgerline.test'),
  ]);
  officeId = await f.customerIdOf('office@harbourlight.example');
  tradingId = await customerIdByName('Ledgerline Demo Trading Ltd');
}, 240_000);
afterAll(async () => {
  await server.close();
});

describe('the company users list', () => {
  it('lists the company login and every granted user with level, status and flags', async () => {
    const { status, body } = await f.call('getCompanyUsers', ioana, {}, officeId);
    expect(status).toBe(200);
    expect(body.canManage).toBe(true);
    expect(body.companyName).toBe('Harbourlight Studio Ltd');
    const byEmail = new Map(body.users.map((user) => [user.email, user]));
    expect(byEmail.get('office@harbourlight.example')).toMatchObject({
      status: 'holder',
      accessRight: 2,
    });
    expect(byEmail.get('ioana@harbourlight.example')).toMatchObject({
      status: 'active',
      accessRight: 2,
      isYou: true,
    });
    expect(byEmail.get(DEMO_CLERK_EMAIL)).toMatchObject({ status: 'active', accessRight: 3 });
    expect(byEmail.get(DEMO_CLERK_EMAIL)?.permissions).toContain('ownAccount.betweenAccounts');
  });

  it('is read-only for a user without full access, whose changes are refused and change nothing', async () => {
    const { body } = await f.call('getCompanyUsers', clerk, {}, officeId);
    expect(body.canManage).toBe(false);
    const ioanaId = await f.userId('ioana@harbourlight.example');
    const before = await grantOf(ioanaId, officeId);
    for (const [method, payload] of [
      ['updateCompanyUserRights', { userId: ioanaId, accessRight: 1, permissions: [] }],
      ['suspendCompanyUser', { userId: ioanaId }],
      ['removeCompanyUser', { userId: ioanaId }],
      ['addCompanyUser', { email: 'sneaky@harbourlight.example', accessRight: 2, permissions: [] }],
    ] as const) {
      const answer = await f.send(method, clerk, payload, officeId);
      expect(answer.status, method).toBe(403);
      expect(answer.body.responseCode).toBe('ENOA');
    }
    expect(await grantOf(ioanaId, officeId)).toEqual(before);
    const [invited] = await db()
      .select()
      .from(users)
      .where(eq(users.email, 'sneaky@harbourlight.example'));
    expect(invited).toBeUndefined();
  });

  it("refuses another company's user ids as not found, changing nothing", async () => {
    const businessId = await f.userId('business@ledgerline.test');
    const before = await grantOf(businessId, tradingId);
    for (const [method, payload] of [
      ['updateCompanyUserRights', { userId: businessId, accessRight: 1, permissions: [] }],
      ['suspendCompanyUser', { userId: businessId }],
      ['removeCompanyUser', { userId: businessId }],
      ['resendCompanyUserInvitation', { userId: businessId }],
    ] as const) {
      const answer = await f.send(method, ioana, payload, officeId);
      expect(answer.status, method).toBe(404);
    }
    expect(await grantOf(businessId, tradingId)).toEqual(before);
    // And the other way round: Trading's full-access user cannot touch Harbourlight's clerk.
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    const answer = await f.send(
      'updateCompanyUserRights',
      business,
      { userId: clerkId, accessRight: 2, permissions: [] },
      tradingId,
    );
    expect(answer.status).toBe(404);
    expect((await grantOf(clerkId, officeId))?.accessRight).toBe(3);
  });

  it('refuses a person with no company and a company the caller has no access to', async () => {
    const personal = await server.signIn('personal@ledgerline.test');
    expect((await f.call('getCompanyUsers', personal, {})).status).toBe(403);
    expect((await f.call('getCompanyUsers', personal, {}, officeId)).status).toBe(403);
  });

  it('refuses bad input with the envelope and changes nothing', async () => {
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    for (const payload of [
      { userId: clerkId, accessRight: 5, permissions: [] },
      { userId: clerkId, accessRight: 0, permissions: [] },
      { userId: clerkId, accessRight: 2, permissions: ['ownAccount.teleport'] },
      { userId: clerkId, accessRight: 2, permissions: [], extra: true },
    ]) {
      const answer = await f.send('updateCompanyUserRights', ioana, payload, officeId);
      expect(answer.status).toBe(400);
      expect(answer.body.responseCode).toBe(RESPONSE_CODES.invalidParameters);
    }
    expect((await grantOf(clerkId, officeId))?.accessRight).toBe(3);
  });
});

describe('the last full-access user', () => {
  it('can never be downgraded, suspended or removed', async () => {
    const businessId = await f.userId('business@ledgerline.test');
    const downgrade = await f.call(
      'updateCompanyUserRights',
      business,
      { userId: businessId, accessRight: 3, permissions: [] },
      tradingId,
    );
    expect(downgrade.status).toBe(400);
    expect(downgrade.body.validationErrors).toEqual({ accessRight: 'validation.lastFullAccess' });
    expect(
      (await f.call('suspendCompanyUser', business, { userId: businessId }, tradingId)).status,
    ).toBe(400);
    expect(
      (await f.call('removeCompanyUser', business, { userId: businessId }, tradingId)).status,
    ).toBe(400);
    expect(await grantOf(businessId, tradingId)).toMatchObject({
      accessRight: 2,
      suspendedAccessRight: null,
    });
  });
});

describe('rights changes', () => {
  it('take effect on the very next request of an open session, with an audit row', async () => {
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    expect((await transferAttempt(clerk, officeId)).body).toMatchObject({
      status: 'approvalCreated',
    });

    const lowered = await f.call(
      'updateCompanyUserRights',
      ioana,
      { userId: clerkId, accessRight: 1, permissions: ['ownAccount.betweenAccounts'] },
      officeId,
    );
    expect(lowered.status).toBe(200);
    expect(lowered.body.user).toMatchObject({
      accessRight: 1,
      permissions: ['ownAccount.betweenAccounts'],
    });
    // The same token, no new sign-in: the right is gone at once.
    const refused = await transferAttempt(clerk, officeId);
    expect(refused.status).toBe(403);
    expect(refused.body.responseDescription).toBe('You may not make transfers for this customer');
    // Read access stays: the accounts are still there for a reader.
    expect((await f.call('getAccounts', clerk, {}, officeId)).status).toBe(200);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.customerId, officeId), eq(auditLog.action, 'companyUser.rightsChanged')),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      userId: await f.userId('ioana@harbourlight.example'),
      details: {
        targetUserId: clerkId,
        before: { accessRight: 3, status: 'active' },
        after: { accessRight: 1, status: 'active' },
      },
    });

    await f.call(
      'updateCompanyUserRights',
      ioana,
      {
        userId: clerkId,
        accessRight: 3,
        permissions: ['ownAccount.betweenAccounts', 'otherPerson.p2p'],
      },
      officeId,
    );
    expect((await transferAttempt(clerk, officeId)).body).toMatchObject({
      status: 'approvalCreated',
    });
  });

  it('a flag taken away refuses that transfer kind at once', async () => {
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    await f.call(
      'updateCompanyUserRights',
      ioana,
      { userId: clerkId, accessRight: 3, permissions: ['otherPerson.p2p'] },
      officeId,
    );
    const refused = await transferAttempt(clerk, officeId);
    expect(refused.status).toBe(403);
    expect(refused.body.responseDescription).toBe('Your permissions do not allow this transfer');
    await f.call(
      'updateCompanyUserRights',
      ioana,
      {
        userId: clerkId,
        accessRight: 3,
        permissions: ['ownAccount.betweenAccounts', 'otherPerson.p2p'],
      },
      officeId,
    );
  });

  it('suspend shuts the company to the user at once; resume gives the same right back', async () => {
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    const suspended = await f.call('suspendCompanyUser', ioana, { userId: clerkId }, officeId);
    expect(suspended.body.user).toMatchObject({ status: 'suspended', suspendedAccessRight: 3 });
    expect((await f.call('getAccounts', clerk, {}, officeId)).status).toBe(403);
    expect((await f.call('suspendCompanyUser', ioana, { userId: clerkId }, officeId)).status).toBe(
      400,
    );

    const resumed = await f.call('resumeCompanyUser', ioana, { userId: clerkId }, officeId);
    expect(resumed.body.user).toMatchObject({ status: 'active', accessRight: 3 });
    expect((await transferAttempt(clerk, officeId)).body).toMatchObject({
      status: 'approvalCreated',
    });
    expect((await auditActions(officeId)).slice(0, 3)).toEqual(
      expect.arrayContaining(['companyUser.suspended', 'companyUser.resumed']),
    );
  });

  it('level 4 (confirmed) reads the accounts but neither transfers nor manages users', async () => {
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    await f.call(
      'updateCompanyUserRights',
      ioana,
      { userId: clerkId, accessRight: 4, permissions: ['ownAccount.betweenAccounts'] },
      officeId,
    );
    expect((await f.call('getAccounts', clerk, {}, officeId)).status).toBe(200);
    expect((await transferAttempt(clerk, officeId)).status).toBe(403);
    expect((await f.call('getCompanyUsers', clerk, {}, officeId)).body.canManage).toBe(false);
    expect((await f.call('suspendCompanyUser', clerk, { userId: clerkId }, officeId)).status).toBe(
      403,
    );
    await f.call(
      'updateCompanyUserRights',
      ioana,
      {
        userId: clerkId,
        accessRight: 3,
        permissions: ['ownAccount.betweenAccounts', 'otherPerson.p2p'],
      },
      officeId,
    );
  });

  it('level 5 (documents-only representative) sees no accounts and cannot be given through the API', async () => {
    const clerkId = await f.userId(DEMO_CLERK_EMAIL);
    await db()
      .update(customerAccess)
      .set({ accessRight: 5 })
      .where(and(eq(customerAccess.userId, clerkId), eq(customerAccess.customerId, officeId)));
    expect((await f.call('getAccounts', clerk, {}, officeId)).status).toBe(403);
    expect((await transferAttempt(clerk, officeId)).status).toBe(403);
    // Listed as it is; the list of levels to give (ASSIGNABLE_ACCESS_LEVELS) has no 5.
    const list = await f.call('getCompanyUsers', ioana, {}, officeId);
    expect(list.body.users.find((user) => user.userId === clerkId)?.accessRight).toBe(5);
    await db()
      .update(customerAccess)
      .set({ accessRight: 3 })
      .where(and(eq(customerAccess.userId, clerkId), eq(customerAccess.customerId, officeId)));
  });

  it('pushes AccessChanged to the user whose rights changed, and to nobody else', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const ticketOf = async (bearer: string) =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/realtime-ticket',
          headers: { authorization: `Bearer ${bearer}` },
        })
      ).json<{ ticket: string }>().ticket;
    const origin = `http://127.0.0.1:${address.port}`;
    const open = async (bearer: string) =>
      openSocket(
        `ws://127.0.0.1:${address.port}/realtime?ticket=${await ticketOf(bearer)}`,
        origin,
      );
    const clerkSocket = await open(clerk);
    const businessSocket = await open(business);
    try {
      const clerkId = await f.userId(DEMO_CLERK_EMAIL);
      await f.call(
        'updateCompanyUserRights',
        ioana,
        {
          userId: clerkId,
          accessRight: 3,
          permissions: ['ownAccount.betweenAccounts', 'otherPerson.p2p'],
        },
        officeId,
      );
      expect(await clerkSocket.next('AccessChanged')).toMatchObject({
        payload: { customerId: officeId },
      });
      expect(businessSocket.messages.some((message) => message.type === 'AccessChanged')).toBe(
        false,
      );
    } finally {
      clerkSocket.socket.close();
      businessSocket.socket.close();
    }
  });
});

describe('adding users and authorised-user activation', () => {
  it('invites a new person, who activates once with a password and a TOTP and signs in with exactly the rights given', async () => {
    const email = 'new.hire@harbourlight.example';
    const added = await f.call(
      'addCompanyUser',
      ioana,
      {
        email,
        firstName: 'Nia',
        lastName: 'Hale',
        accessRight: 3,
        permissions: ['ownAccount.betweenAccounts'],
        language: 'ro',
      },
      officeId,
    );
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      outcome: 'invited',
      user: { email, name: 'Nia Hale', status: 'invited', accessRight: 3 },
    });
    expect(await auditActions(officeId)).toContain('companyUser.invited');
    const link = await invitationLink(email);
    expect(link.user).toBe(email);
    // In the invitee's language.
    expect(link.body).toContain('utilizator autorizat');

    // Not signed in yet: the login waits for activation.
    expect((await login(server, email)).response.statusCode).not.toBe(200);

    const wrong = await f.send('startEmployeeActivation', '', { email, activationCode: 'nope' });
    expect(wrong.body.validationErrors).toEqual({
      activationCode: 'validation.activationCodeInvalid',
    });
    const started = await server.call('startEmployeeActivation', {
      email,
      activationCode: link.code,
    });
    expect(started.status).toBe(200);
    expect(started.body.companyName).toBe('Harbourlight Studio Ltd');
    const secret = secretFromBase32(started.body.totpSecret);

    const badCode = await server.call('activateEmployee', {
      email,
      activationCode: link.code,
      password: 'Hire-pass-2026',
      totpCode: totpAt(secret, Date.now()) === '000000' ? '111111' : '000000',
    });
    expect(badCode.body.validationErrors).toEqual({ totpCode: 'validation.codeWrong' });

    const activated = await server.call('activateEmployee', {
      email,
      activationCode: link.code,
      password: 'Hire-pass-2026',
      totpCode: totpAt(secret, Date.now()),
    });
    expect(activated.status).toBe(200);
    // Single use.
    const again = await server.call('activateEmployee', {
      email,
      activationCode: link.code,
      password: 'Other-pass-2026',
      totpCode: totpAt(secret, Date.now()),
    });
    expect(again.body.validationErrors).toEqual({
      activationCode: 'validation.activationCodeInvalid',
    });

    // Sign-in asks the authenticator's code (the next step: the activation used the current one).
    const attempt = await login(server, email, { password: 'Hire-pass-2026' });
    const step = attempt.response.json<{ authFlow: string; code: string }>();
    expect(step.authFlow).toBe('otp');
    const tokens = await token(server, {
      code: step.code,
      codeVerifier: attempt.verifier,
      otp: totpAt(secret, Date.now() + 30_000),
    });
    expect(tokens.statusCode).toBe(200);
    const hire = tokens.json<{ accessToken: string }>().accessToken;
    const info = await f.call('getCustomerAccessInfo', hire, {}, officeId);
    expect(info.body).toMatchObject({ accessRights: 3 });
    expect((await transferAttempt(hire, officeId)).body).toMatchObject({
      status: 'approvalCreated',
    });
    expect(await auditActions(officeId)).toContain('companyUser.activated');
  });

  it('an expired link is refused, and resend sends a new one that replaces the old', async () => {
    const email = 'late.hire@harbourlight.example';
    const added = await f.call(
      'addCompanyUser',
      ioana,
      { email, accessRight: 1, permissions: [] },
      officeId,
    );
    const userId = added.body.user.userId;
    const first = await invitationLink(email);
    await db()
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.userId, userId));
    expect(
      (await server.call('startEmployeeActivation', { email, activationCode: first.code })).status,
    ).toBe(400);

    const resent = await f.call('resendCompanyUserInvitation', ioana, { userId }, officeId);
    expect(resent.status).toBe(200);
    const second = await invitationLink(email);
    expect(second.code).not.toBe(first.code);
    expect(
      (await server.call('startEmployeeActivation', { email, activationCode: second.code })).status,
    ).toBe(200);
    expect(await auditActions(officeId)).toContain('companyUser.invitationResent');

    // Removed before activating: the link stops working.
    expect((await f.call('removeCompanyUser', ioana, { userId }, officeId)).status).toBe(200);
    expect(
      (await server.call('startEmployeeActivation', { email, activationCode: second.code })).status,
    ).toBe(400);
    expect(await grantOf(userId, officeId)).toBeUndefined();
    const [flags] = await db()
      .select()
      .from(transferPermissions)
      .where(
        and(eq(transferPermissions.userId, userId), eq(transferPermissions.customerId, officeId)),
      );
    expect(flags).toBeUndefined();
  });

  it('grants an existing login of the brand access, and refuses one of another brand or one already there', async () => {
    const granted = await f.call(
      'addCompanyUser',
      ioana,
      { email: 'tomas@northmere.example', accessRight: 1, permissions: [] },
      officeId,
    );
    expect(granted.body).toMatchObject({
      outcome: 'granted',
      user: { status: 'active', accessRight: 1 },
    });
    const tomas = await server.signIn('tomas@northmere.example');
    expect((await f.call('getAccounts', tomas, {}, officeId)).status).toBe(200);

    const twice = await f.call(
      'addCompanyUser',
      ioana,
      { email: 'tomas@northmere.example', accessRight: 2, permissions: [] },
      officeId,
    );
    expect(twice.body.validationErrors).toEqual({ email: 'validation.alreadyCompanyUser' });

    const otherBrand = await f.call(
      'addCompanyUser',
      ioana,
      { email: 'personal@ledgerline.test', accessRight: 1, permissions: [] },
      officeId,
    );
    expect(otherBrand.body.validationErrors).toEqual({ email: 'validation.emailOtherBrand' });

    const removed = await f.call(
      'removeCompanyUser',
      ioana,
      { userId: granted.body.user.userId },
      officeId,
    );
    expect(removed.status).toBe(200);
    expect((await f.call('getAccounts', tomas, {}, officeId)).status).toBe(403);
  });
});
