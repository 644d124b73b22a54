import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  BLACKLIST_ADDED_DESCRIPTION,
  deviceListSchema,
  securityMethods,
} from '@ledgerline/contract';
import {
  auditLog,
  ipWhitelistEntries,
  loginHistory,
  payoutBlacklist,
  users,
} from '../../db/schema';
import { DEMO_SECURITY_DEVICE_SECRET } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import { login, refreshCookieValue, token } from '../../../test/auth-flow';
import { HOSTILE_DAYS } from '../../../test/hostile';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SIGN_IN_ADDRESS_LIMIT: '1000' });
});
afterAll(async () => server.close());

const HOME = '127.0.0.1';

async function signInFrom(email: string, ip = HOME): Promise<string> {
  const { response } = await login(server, email, { ip });
  expect(response.statusCode).toBe(200);
  return response.json().accessToken as string;
}

async function userIdOf(email: string): Promise<number> {
  const [user] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`no ${email}`);
  return user.id;
}

async function auditActions(userId: number): Promise<string[]> {
  const rows = await server.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.userId, userId));
  return rows.map((row) => row.action);
}

describe('getSecuritySettings', () => {
  it('answers the modes, the modes each user may switch to, and the calling address', async () => {
    const personal = await server.call(
      'getSecuritySettings',
      {},
      { token: await server.signIn('personal@ledgerline.test') },
    );
    expect(personal.status).toBe(200);
    expect(securityMethods.getSecuritySettings.response.parse(personal.body)).toEqual({
      login2faMode: 'no',
      transactionApproveMode: 0,
      availableLoginModes: ['no', 'otp'],
      availableTransactionModes: [0, 3, 4],
      ipWhitelistEnabled: false,
      currentIp: HOME,
    });
    const push = (
      await server.call(
        'getSecuritySettings',
        {},
        { token: await server.signIn('security-centre@ledgerline.test') },
      )
    ).body;
    expect(push).toMatchObject({
      availableLoginModes: ['no', 'otp', 'push'],
      availableTransactionModes: [0, 1, 3, 4],
    });
  });

  it('refuses a stranger and a payload with extra fields', async () => {
    expect((await server.main('getSecuritySettings', {})).statusCode).toBe(401);
    const extra = await server.send(
      'getSecuritySettings',
      { userId: 1 },
      { token: await server.signIn('personal@ledgerline.test') },
    );
    expect(extra.status).toBe(400);
    expect(extra.body.responseCode).toBe('TA1');
  });
});

describe('the IP whitelist', () => {
  it('adds addresses and ranges of both families, and lists them', async () => {
    const accessToken = await server.signIn('anna@pebble.example');
    const single = await server.call(
      'addIpWhitelistEntry',
      { ip: ' 198.51.100.7 ' },
      { token: accessToken },
    );
    expect(single.status).toBe(200);
    expect(single.body.entry).toMatchObject({
      ip: '198.51.100.7',
      toIp: null,
      created: expect.any(String),
    });
    expect(
      (
        await server.call(
          'addIpWhitelistEntry',
          { ip: '203.0.113.0', toIp: '203.0.113.255' },
          { token: accessToken },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await server.call(
          'addIpWhitelistEntry',
          { ip: '2001:db8::1', toIp: '2001:db8::ffff' },
          { token: accessToken },
        )
      ).status,
    ).toBe(200);
    const list = securityMethods.getIpWhitelist.response.parse(
      (await server.call('getIpWhitelist', {}, { token: accessToken })).body,
    );
    expect(list.enabled).toBe(false);
    expect(list.currentIp).toBe(HOME);
    expect(list.entries.map((entry) => [entry.ip, entry.toIp])).toEqual([
      ['198.51.100.7', null],
      ['203.0.113.0', '203.0.113.255'],
      ['2001:db8::1', '2001:db8::ffff'],
    ]);
    expect(await auditActions(await userIdOf('anna@pebble.example'))).toContain(
      'security.ipWhitelistEntryAdded',
    );
  });

  it('refuses bad addresses, reversed ranges, mixed families and duplicates with field errors, changing nothing', async () => {
    const accessToken = await server.signIn('tomas@northmere.example');
    const cases: [unknown, Record<string, string>][] = [
      [{ ip: '300.1.1.1' }, { ip: 'validation.ipAddress' }],
      [{ ip: '10.0.0.1/24' }, { ip: 'validation.ipAddress' }],
      [{ ip: '' }, { ip: 'validation.required' }],
      [{ ip: '10.0.0.9', toIp: '10.0.0.1' }, { toIp: 'validation.ipRangeOrder' }],
      [{ ip: '10.0.0.1', toIp: '2001:db8::1' }, { toIp: 'validation.ipRangeFamily' }],
      [{ ip: '10.0.0.1', toIp: 'nope' }, { toIp: 'validation.ipAddress' }],
      [{ ip: 42 }, { ip: expect.any(String) as unknown as string }],
      [{ ip: '10.0.0.1', note: 'x' }, { _: expect.any(String) as unknown as string }],
    ];
    for (const [body, errors] of cases) {
      const response = await server.send('addIpWhitelistEntry', body, { token: accessToken });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ responseCode: 'TA1', validationErrors: errors });
    }
    expect(
      (await server.call('addIpWhitelistEntry', { ip: '10.0.0.1' }, { token: accessToken })).status,
    ).toBe(200);
    // The same address written another way is the same entry.
    const duplicate = await server.call(
      'addIpWhitelistEntry',
      { ip: '::ffff:10.0.0.1' },
      { token: accessToken },
    );
    expect(duplicate.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { ip: 'validation.ipWhitelistEntryExists' },
    });
    const list = (await server.call('getIpWhitelist', {}, { token: accessToken })).body;
    expect(list.entries).toHaveLength(1);
  });

  it('answers not found for another user’s entry id, which stays', async () => {
    const owner = await server.signIn('office@harbourlight.example');
    const entry = (await server.call('addIpWhitelistEntry', { ip: '192.0.2.10' }, { token: owner }))
      .body.entry as {
      id: number;
    };
    const stranger = await server.signIn('ioana@harbourlight.example');
    const refused = await server.call(
      'deleteIpWhitelistEntry',
      { id: entry.id },
      { token: stranger },
    );
    expect(refused.status).toBe(404);
    expect(refused.body.responseCode).toBe('ENOA');
    expect((await server.call('getIpWhitelist', {}, { token: stranger })).body.entries).toEqual([]);
    const [still] = await server.database.db
      .select()
      .from(ipWhitelistEntries)
      .where(eq(ipWhitelistEntries.id, entry.id));
    expect(still?.ip).toBe('192.0.2.10');
    expect(
      (await server.call('deleteIpWhitelistEntry', { id: 0 }, { token: stranger })).status,
    ).toBe(400);
  });

  it('will not shut out the calling address, then refuses sign-in and API calls from elsewhere and records them', async () => {
    const email = 'new@thistle.example';
    const userId = await userIdOf(email);
    const accessToken = await signInFrom(email);
    const outsider = await login(server, email, { ip: '198.51.100.99' });
    const outsiderToken = outsider.response.json().accessToken as string;
    const refreshFrom = (ip: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: ip,
        payload: { refreshToken: refreshCookieValue(outsider.response) },
      });

    // Nothing listed yet: turning the mode on would lock this address out.
    const lockout = await server.call(
      'setIpWhitelistMode',
      { enable: true },
      { token: accessToken },
    );
    expect(lockout.status).toBe(400);
    expect(lockout.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { enable: 'validation.ipWhitelistSelfLockout' },
    });
    expect((await server.call('getIpWhitelist', {}, { token: accessToken })).body.enabled).toBe(
      false,
    );

    const home = (
      await server.call(
        'addIpWhitelistEntry',
        { ip: '127.0.0.0', toIp: '127.0.0.255' },
        { token: accessToken },
      )
    ).body.entry as { id: number };
    const office = (
      await server.call('addIpWhitelistEntry', { ip: '192.0.2.50' }, { token: accessToken })
    ).body.entry as { id: number };
    const enabled = await server.call(
      'setIpWhitelistMode',
      { enable: true },
      { token: accessToken },
    );
    expect(enabled.body).toMatchObject({ responseCode: '00', enabled: true });

    // A session opened elsewhere before stops working at once; so does this one from another address.
    const refused = await server.call(
      'getCustomerInfo',
      {},
      { token: outsiderToken, ip: '198.51.100.99' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      responseCode: 'IPW',
      responseDescription: expect.stringMatching(/not allowed/),
    });
    expect(
      (await server.call('getSecuritySettings', {}, { token: accessToken, ip: '10.1.2.3' })).status,
    ).toBe(403);
    // No new tokens from outside either; the refresh token is not spent by the refusal.
    expect((await refreshFrom('198.51.100.99')).json()).toMatchObject({ responseCode: 'IPW' });
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/auth/devices',
          remoteAddress: '10.1.2.3',
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).statusCode,
    ).toBe(403);
    // Inside the list: the range and the single address (also as an IPv4-mapped IPv6 address).
    expect(
      (await server.call('getCustomerInfo', {}, { token: accessToken, ip: '127.0.0.200' })).status,
    ).toBe(200);
    expect(
      (await server.call('getCustomerInfo', {}, { token: accessToken, ip: '192.0.2.50' })).status,
    ).toBe(200);
    expect(
      (await server.call('getCustomerInfo', {}, { token: accessToken, ip: '::ffff:192.0.2.50' }))
        .status,
    ).toBe(200);

    // Sign-in from elsewhere: refused after the password, and recorded.
    const outsideLogin = await login(server, email, { ip: '203.0.113.9' });
    expect(outsideLogin.response.statusCode).toBe(403);
    expect(outsideLogin.response.json()).toMatchObject({ responseCode: 'IPW' });
    const [recorded] = await server.database.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.userId, userId), eq(loginHistory.ip, '203.0.113.9')));
    expect(recorded?.result).toBe('ipNotAllowed');
    // A wrong password from elsewhere still answers as a wrong password: the list is not revealed.
    expect(
      (await login(server, email, { ip: '203.0.113.9', password: 'not-the-password-1' })).response
        .statusCode,
    ).toBe(401);
    expect((await login(server, email, { ip: '192.0.2.50' })).response.statusCode).toBe(200);
    const actions = await auditActions(userId);
    expect(actions).toEqual(
      expect.arrayContaining([
        'security.ipWhitelistEnabled',
        'security.ipRefused',
        'login.ipRefused',
      ]),
    );

    // Deleting the entry that covers this address is refused; another one may go.
    const selfDelete = await server.call(
      'deleteIpWhitelistEntry',
      { id: home.id },
      { token: accessToken },
    );
    expect(selfDelete.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { id: 'validation.ipWhitelistSelfLockout' },
    });
    expect(
      (await server.call('deleteIpWhitelistEntry', { id: office.id }, { token: accessToken })).body,
    ).toMatchObject({ responseCode: '00', deleted: true });
    expect(
      (await server.call('getCustomerInfo', {}, { token: accessToken, ip: '192.0.2.50' })).status,
    ).toBe(403);

    // Off again: every address may call.
    expect(
      (await server.call('setIpWhitelistMode', { enable: false }, { token: accessToken })).body,
    ).toMatchObject({ enabled: false });
    expect(
      (await server.call('getCustomerInfo', {}, { token: outsiderToken, ip: '198.51.100.99' }))
        .status,
    ).toBe(200);
    expect((await refreshFrom('198.51.100.99')).statusCode).toBe(200);
    expect(
      (await server.call('deleteIpWhitelistEntry', { id: home.id }, { token: accessToken })).status,
    ).toBe(200);
    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining(['security.ipWhitelistDisabled', 'security.ipWhitelistEntryDeleted']),
    );
  });

  it('refuses a mode that is not a boolean', async () => {
    const response = await server.send(
      'setIpWhitelistMode',
      { enable: 'yes' },
      { token: await server.signIn('personal@ledgerline.test') },
    );
    expect(response.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { enable: 'validation.invalidValue' },
    });
  });
});

describe('login history', () => {
  it('pages through the user’s own attempts, newest first, 20 a page by default, with a date filter', async () => {
    const email = 'limited@ledgerline.test';
    const userId = await userIdOf(email);
    for (let i = 0; i < 3; i += 1) await signInFrom(email, `192.0.2.${100 + i}`);
    expect(
      (await login(server, email, { ip: '192.0.2.200', password: 'wrong-password-1' })).response
        .statusCode,
    ).toBe(401);
    const accessToken = await signInFrom(email);
    await server.signIn('unverified@ledgerline.test');

    const first = securityMethods.getLoginHistory.response.parse(
      (await server.call('getLoginHistory', {}, { token: accessToken })).body,
    );
    expect(first).toMatchObject({ total: 5, pageNumber: 1, pageSize: 20 });
    expect(first.items.map((item) => [item.ip, item.result])).toEqual([
      [HOME, 'success'],
      ['192.0.2.200', 'wrongPassword'],
      ['192.0.2.102', 'success'],
      ['192.0.2.101', 'success'],
      ['192.0.2.100', 'success'],
    ]);
    expect(first.items[0]).toMatchObject({
      flow: 'simple',
      device: 'web',
      userAgent: expect.stringMatching(/Chrome/),
    });

    const page2 = (
      await server.call('getLoginHistory', { pageNumber: 2, pageSize: 2 }, { token: accessToken })
    ).body;
    expect(page2).toMatchObject({ total: 5, pageNumber: 2, pageSize: 2 });
    expect(page2.items.map((item: { ip: string }) => item.ip)).toEqual([
      '192.0.2.102',
      '192.0.2.101',
    ]);
    const page3 = (
      await server.call('getLoginHistory', { pageNumber: 3, pageSize: 2 }, { token: accessToken })
    ).body;
    expect(page3.items).toHaveLength(1);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await server.call(
          'getLoginHistory',
          { fromDate: today, toDate: today },
          { token: accessToken },
        )
      ).body.total,
    ).toBe(5);
    expect(
      (await server.call('getLoginHistory', { fromDate: tomorrow }, { token: accessToken })).body,
    ).toMatchObject({ total: 0, items: [] });
    // Rows of other users never show.
    const rows = await server.database.db
      .select({ userId: loginHistory.userId })
      .from(loginHistory);
    expect(rows.some((row) => row.userId !== userId)).toBe(true);
  });

  it('refuses bad filters with field errors', async () => {
    const accessToken = await server.signIn('personal@ledgerline.test');
    const cases: [unknown, string][] = [
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageNumber: 0 }, 'pageNumber'],
      [{ pageNumber: 1.5 }, 'pageNumber'],
      [{ fromDate: '2026-02-30' }, 'fromDate'],
      [{ fromDate: '01/02/2026' }, 'fromDate'],
      [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'toDate'],
      // Days that passed the pattern and then crashed SQL (issue 12).
      ...HOSTILE_DAYS.flatMap((day): [unknown, string][] => [
        [{ fromDate: day }, 'fromDate'],
        [{ toDate: day }, 'toDate'],
      ]),
    ];
    for (const [body, field] of cases) {
      const response = await server.send('getLoginHistory', body, { token: accessToken });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.validationErrors ?? {})).toContain(field);
    }
  });
});

describe('the payout black list', () => {
  it('adds with the spec’s text, changes the block type, lists and deletes', async () => {
    const owner = await server.signIn('personal@ledgerline.test');
    const added = await server.call(
      'addPayoutBlacklist',
      { email: ' Scammer@Example.com ', blockType: 'p2p' },
      { token: owner },
    );
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      responseCode: '00',
      responseDescription: BLACKLIST_ADDED_DESCRIPTION,
      user: { email: 'scammer@example.com', blockType: 'p2p' },
    });
    expect(
      (
        await server.call(
          'addPayoutBlacklist',
          { email: 'scammer@example.com', blockType: 'all' },
          { token: owner },
        )
      ).body.user.blockType,
    ).toBe('all');
    expect(
      (
        await server.call(
          'addPayoutBlacklist',
          { email: 'other@example.com', blockType: 'p2p' },
          { token: owner },
        )
      ).status,
    ).toBe(200);
    const list = securityMethods.getPayoutBlacklist.response.parse(
      (await server.call('getPayoutBlacklist', {}, { token: owner })).body,
    );
    expect(list.users.map((user) => [user.email, user.blockType]).sort()).toEqual([
      ['other@example.com', 'p2p'],
      ['scammer@example.com', 'all'],
    ]);
    expect(
      (await server.call('deletePayoutBlacklist', { email: 'OTHER@example.com' }, { token: owner }))
        .body,
    ).toMatchObject({ responseCode: '00', deleted: true });
    expect((await server.call('getPayoutBlacklist', {}, { token: owner })).body.users).toHaveLength(
      1,
    );
  });

  it('refuses bad input, the user’s own address, and another customer’s entries', async () => {
    const owner = await server.signIn('soft@ledgerline.test');
    const cases: [unknown, Record<string, string>][] = [
      [{ email: 'not-an-email', blockType: 'p2p' }, { email: 'validation.email' }],
      [{ email: 'a@example.com', blockType: 'some' }, { blockType: 'validation.invalidValue' }],
      [{ email: 'a@example.com' }, { blockType: expect.any(String) as unknown as string }],
      [{ email: 'SOFT@ledgerline.test', blockType: 'all' }, { email: 'validation.blacklistSelf' }],
    ];
    for (const [body, errors] of cases) {
      const response = await server.send('addPayoutBlacklist', body, { token: owner });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ responseCode: 'TA1', validationErrors: errors });
    }
    expect((await server.call('getPayoutBlacklist', {}, { token: owner })).body.users).toEqual([]);

    await server.call(
      'addPayoutBlacklist',
      { email: 'kept@example.com', blockType: 'all' },
      { token: owner },
    );
    const stranger = await server.signIn('kyc@ledgerline.test');
    expect((await server.call('getPayoutBlacklist', {}, { token: stranger })).body.users).toEqual(
      [],
    );
    const refused = await server.call(
      'deletePayoutBlacklist',
      { email: 'kept@example.com' },
      { token: stranger },
    );
    expect(refused.status).toBe(404);
    const rows = await server.database.db
      .select()
      .from(payoutBlacklist)
      .where(eq(payoutBlacklist.email, 'kept@example.com'));
    expect(rows).toHaveLength(1);
    expect(await auditActions(await userIdOf('soft@ledgerline.test'))).toContain(
      'security.blacklistAdded',
    );
  });
});

describe('devices in the security centre', () => {
  it('marks the device the session signed in through, renames own devices only', async () => {
    const direct = await token(server, { secret: DEMO_SECURITY_DEVICE_SECRET });
    expect(direct.statusCode).toBe(200);
    const accessToken = direct.json().accessToken as string;
    const api = (
      method: 'GET' | 'PATCH',
      url: string,
      bearer: string,
      payload?: Record<string, unknown>,
    ) =>
      server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${bearer}` },
        ...(payload ? { payload } : {}),
      });

    const listed = deviceListSchema.parse(
      (await api('GET', '/api/auth/devices', accessToken)).json(),
    );
    expect(listed.devices.map((device) => [device.name, device.isCurrent])).toEqual([
      ['Security Pixel', true],
    ]);
    const device = listed.devices[0];
    if (!device) throw new Error('no device');
    const browser = await server.signIn('security-centre@ledgerline.test');
    expect(
      deviceListSchema.parse((await api('GET', '/api/auth/devices', browser)).json()).devices[0]
        ?.isCurrent,
    ).toBe(false);

    const renamed = await api('PATCH', `/api/auth/devices/${device.id}`, browser, {
      name: '  Work phone ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: device.id, name: 'Work phone', isCurrent: false });
    expect(
      (await api('PATCH', `/api/auth/devices/${device.id}`, browser, { name: '' })).json(),
    ).toMatchObject({ responseCode: 'TA1', validationErrors: { name: 'validation.required' } });
    expect(
      (await api('PATCH', `/api/auth/devices/${device.id}`, browser, { name: 'x'.repeat(129) }))
        .statusCode,
    ).toBe(400);
    const stranger = await server.signIn('personal@ledgerline.test');
    expect(
      (await api('PATCH', `/api/auth/devices/${device.id}`, stranger, { name: 'Mine now' }))
        .statusCode,
    ).toBe(404);
    expect(
      deviceListSchema.parse((await api('GET', '/api/auth/devices', accessToken)).json()).devices[0]
        ?.name,
    ).toBe('Work phone');
    expect(await auditActions(await userIdOf('security-centre@ledgerline.test'))).toContain(
      'device.renamed',
    );
  });
});
