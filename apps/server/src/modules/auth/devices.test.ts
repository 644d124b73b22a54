import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  approveMethodsResponseSchema,
  authDeviceSchema,
  deviceCreatedSchema,
  deviceListSchema,
  seiAuthorizationSchema,
} from '@ledgerline/contract';
import { authSettings, users } from '../../db/schema';
import { DEMO_PUSH_DEVICE_SECRET, DEMO_SMS_PHONE, DEMO_TOTP_SECRET } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import { lastSms, login, token } from '../../../test/auth-flow';
import { loginHistoryOf } from './history';
import { secretFromBase32, totpAt } from '../../lib/totp';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SIGN_IN_ADDRESS_LIMIT: '1000' });
});
afterAll(async () => server.close());

async function api(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  accessToken: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${accessToken}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function signInPush(): Promise<string> {
  const response = await token(server, { secret: DEMO_PUSH_DEVICE_SECRET });
  expect(response.statusCode).toBe(200);
  return response.json().accessToken as string;
}

async function signInOtp(): Promise<string> {
  const [user] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'otp@ledgerline.test'));
  await server.database.db
    .update(authSettings)
    .set({ totpLastStep: null })
    .where(eq(authSettings.userId, user?.id ?? 0));
  const { response, verifier } = await login(server, 'otp@ledgerline.test');
  const done = await token(server, {
    code: response.json().code,
    codeVerifier: verifier,
    otp: totpAt(secretFromBase32(DEMO_TOTP_SECRET), Date.now()),
  });
  expect(done.statusCode).toBe(200);
  return done.json().accessToken as string;
}

const newPhone = { name: 'iPhone 16', code: 'iphone-16-test', type: 'ios' };

describe('devices', () => {
  it('lists, creates, reads and deletes the signed-in user’s devices', async () => {
    const accessToken = await signInPush();
    const listed = deviceListSchema.parse(
      (await api('GET', '/api/auth/devices', accessToken)).json(),
    );
    expect(listed.devices.map((device) => [device.name, device.approved])).toEqual([
      ['Pixel 8', true],
    ]);

    const created = await api('POST', '/api/auth/devices', accessToken, newPhone);
    expect(created.statusCode).toBe(200);
    const device = deviceCreatedSchema.parse(created.json());
    expect(device).toMatchObject({
      name: 'iPhone 16',
      type: 'ios',
      approved: false,
      secret: expect.any(String),
    });
    const read = await api('GET', `/api/auth/devices/${device.id}`, accessToken);
    expect(authDeviceSchema.strict().parse(read.json())).toMatchObject({
      id: device.id,
      approved: false,
    });
    expect(read.json()).not.toHaveProperty('secret');

    const viaDeviceApi = deviceListSchema.parse(
      (await api('GET', '/api/device-api/device', accessToken)).json(),
    );
    expect(viaDeviceApi.devices.map((item) => item.id)).toContain(device.id);
    expect((await api('DELETE', `/api/auth/devices/${device.id}`, accessToken)).statusCode).toBe(
      200,
    );
    expect((await api('GET', `/api/auth/devices/${device.id}`, accessToken)).statusCode).toBe(404);
  });

  it('refuses bad device input with field errors, and strangers without a token', async () => {
    const accessToken = await signInPush();
    const bad = await api('POST', '/api/auth/devices', accessToken, {
      name: '',
      code: 'x',
      type: 'windows',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().validationErrors).sort()).toEqual(['name', 'type']);
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/devices' })).statusCode).toBe(
      401,
    );
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/device-api/device' })).statusCode,
    ).toBe(401);
    expect((await api('GET', '/api/auth/devices/abc', accessToken)).statusCode).toBe(400);
  });

  it('answers 404 when a user touches another user’s device id, and changes nothing', async () => {
    const pushToken = await signInPush();
    const pixel = deviceListSchema.parse((await api('GET', '/api/auth/devices', pushToken)).json())
      .devices[0];
    if (!pixel) throw new Error('no Pixel');
    const other = await server.signIn('personal@ledgerline.test');
    expect((await api('GET', `/api/auth/devices/${pixel.id}`, other)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/auth/devices/${pixel.id}`, other)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/device-api/device/${pixel.id}`, other)).statusCode).toBe(404);
    expect(
      (await api('POST', `/api/auth/devices/${pixel.id}/approve`, other, { methodId: 3 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('PATCH', `/api/auth/devices/${pixel.id}/approve/1`, other, { code: '123456' }))
        .statusCode,
    ).toBe(404);
    const still = deviceListSchema.parse((await api('GET', '/api/auth/devices', pushToken)).json());
    expect(still.devices.map((device) => device.id)).toContain(pixel.id);
  });
});

describe('approving a new device', () => {
  it('answers the methods each user can use', async () => {
    const push = approveMethodsResponseSchema.parse(
      (await api('GET', '/api/auth/devices/approve-methods', await signInPush())).json(),
    );
    expect(push.methods).toEqual([{ id: 3, name: 'existingDevice' }]);
    const otp = approveMethodsResponseSchema.parse(
      (await api('GET', '/api/auth/devices/approve-methods', await signInOtp())).json(),
    );
    expect(otp.methods).toEqual([{ id: 2, name: 'otp' }]);
  });

  it('approves with the authenticator code', async () => {
    const accessToken = await signInOtp();
    const device = deviceCreatedSchema.parse(
      (await api('POST', '/api/auth/devices', accessToken, newPhone)).json(),
    );
    expect(
      (await api('POST', `/api/auth/devices/${device.id}/approve`, accessToken, { methodId: 1 }))
        .statusCode,
    ).toBe(400);
    const started = await api('POST', `/api/auth/devices/${device.id}/approve`, accessToken, {
      methodId: 2,
    });
    expect(started.json()).toEqual({ deviceId: device.id, methodId: 2 });
    const wrong = await api('PATCH', `/api/auth/devices/${device.id}/approve/2`, accessToken, {
      code:
        '000000' === totpAt(secretFromBase32(DEMO_TOTP_SECRET), Date.now() + 30_000)
          ? '111111'
          : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    // The next step's code (within the allowed drift) — the sign-in used the current one.
    const approved = await api('PATCH', `/api/auth/devices/${device.id}/approve/2`, accessToken, {
      code: totpAt(secretFromBase32(DEMO_TOTP_SECRET), Date.now() + 30_000),
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: device.id, approved: true });
  });

  it('approves by SMS code', async () => {
    const [user] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'sms@ledgerline.test'));
    const { response, verifier } = await login(server, 'sms@ledgerline.test');
    const sent = /-(\d{6}) /.exec(await lastSms(server, DEMO_SMS_PHONE))?.[1];
    const accessToken = (
      await token(server, { code: response.json().code, codeVerifier: verifier, otp: sent })
    ).json().accessToken as string;
    const device = deviceCreatedSchema.parse(
      (await api('POST', '/api/auth/devices', accessToken, newPhone)).json(),
    );
    expect(
      (await api('POST', `/api/auth/devices/${device.id}/approve`, accessToken, { methodId: 1 }))
        .statusCode,
    ).toBe(200);
    const sms = await lastSms(server, DEMO_SMS_PHONE);
    expect(sms).toMatch(/^\d{6} is your Pebble Wallet code to approve the device "iPhone 16"$/);
    const approved = await api('PATCH', `/api/auth/devices/${device.id}/approve/1`, accessToken, {
      code: sms.slice(0, 6),
    });
    expect(approved.json()).toMatchObject({ approved: true });
    expect(user).toBeDefined();
  });

  it('approves from an existing device (its PUT confirm), waiting until it decides', async () => {
    const accessToken = await signInPush();
    const device = deviceCreatedSchema.parse(
      (await api('POST', '/api/auth/devices', accessToken, newPhone)).json(),
    );
    const started = await api('POST', `/api/auth/devices/${device.id}/approve`, accessToken, {
      methodId: 3,
    });
    const key = started.json().key as string;
    expect(key).toEqual(expect.any(String));
    expect(
      (await api('PATCH', `/api/auth/devices/${device.id}/approve/3`, accessToken, {})).statusCode,
    ).toBe(409);
    // The new device cannot approve itself.
    const self = await server.app.inject({
      method: 'PUT',
      url: `/api/auth/login/${key}/confirm`,
      headers: { authorization: `Bearer ${device.secret}` },
      payload: { result: true },
    });
    expect(self.statusCode).toBe(401);
    const confirm = await server.app.inject({
      method: 'PUT',
      url: `/api/auth/login/${key}/confirm`,
      headers: { authorization: `Bearer ${DEMO_PUSH_DEVICE_SECRET}` },
      payload: { result: true },
    });
    expect(confirm.statusCode).toBe(200);
    const approved = await api(
      'PATCH',
      `/api/auth/devices/${device.id}/approve/3`,
      accessToken,
      {},
    );
    expect(approved.json()).toMatchObject({ id: device.id, approved: true });
    await api('DELETE', `/api/auth/devices/${device.id}`, accessToken);
  });
});

describe('SEI', () => {
  it('creates an authorization for the signed-in user and approves it; another user gets 404', async () => {
    const accessToken = await signInPush();
    const created = await api('POST', '/api/auth/sei/authorize', accessToken, {
      path: '/transfer/p2p?amount=10',
    });
    expect(created.statusCode).toBe(200);
    const authorization = seiAuthorizationSchema.parse(created.json());
    expect(authorization).toMatchObject({ path: '/transfer/p2p?amount=10', status: 'pending' });
    const other = await server.signIn('personal@ledgerline.test');
    expect(
      (await api('POST', `/api/auth/sei/authorize/${authorization.authorizationId}`, other))
        .statusCode,
    ).toBe(404);
    const approved = await api(
      'POST',
      `/api/auth/sei/authorize/${authorization.authorizationId}`,
      accessToken,
    );
    expect(approved.json()).toMatchObject({
      authorizationId: authorization.authorizationId,
      status: 'approved',
      path: '/transfer/p2p?amount=10',
    });
    expect(
      (await api('POST', `/api/auth/sei/authorize/${authorization.authorizationId}`, accessToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/api/auth/sei/authorize', accessToken, { path: 'https://evil.example/' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api('POST', '/api/auth/sei/authorize', accessToken, { path: '//evil.example/' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('code failures and login history', () => {
  it('blocks the account after 5 wrong codes, counting code failures like password failures', async () => {
    const { response, verifier } = await login(server, 'sms@ledgerline.test');
    const code = response.json().code as string;
    const sent = /-(\d{6}) /.exec(await lastSms(server, DEMO_SMS_PHONE))?.[1] ?? '';
    const wrong = sent === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(
        (await token(server, { code, codeVerifier: verifier, otp: wrong })).json(),
      ).toMatchObject({ reason: 'wrongCode' });
    }
    const fifth = await token(server, { code, codeVerifier: verifier, otp: wrong });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toMatchObject({
      reason: 'accountBlocked',
      blockedUntil: expect.any(String),
    });
    expect(fifth.json().responseDescription).toMatch(
      /^The code is not correct\. Too many failed attempts: sign-in to this account is blocked until /,
    );
    // The right code no longer helps, nor does a new sign-in with the password.
    expect((await token(server, { code, codeVerifier: verifier, otp: sent })).statusCode).toBe(403);
    expect((await login(server, 'sms@ledgerline.test')).response.json()).toMatchObject({
      reason: 'accountBlocked',
    });
  });

  it('keeps the history queryable by user and date', async () => {
    const [user] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'sms@ledgerline.test'));
    const rows = await loginHistoryOf(server.database.db, user?.id ?? 0, {
      from: new Date(Date.now() - 3600_000),
    });
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((row) => row.result))).toEqual(
      new Set(['secondFactorRequired', 'success', 'wrongCode', 'blocked']),
    );
    expect(
      await loginHistoryOf(server.database.db, user?.id ?? 0, {
        to: new Date(Date.now() - 3600_000),
      }),
    ).toEqual([]);
  });
});
