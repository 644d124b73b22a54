import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { loginResponseSchema, tokensSchema } from '@ledgerline/contract';
import {
  authDevices,
  authSettings,
  auditLog,
  deviceRequests,
  loginHistory,
  pendingLogins,
  users,
} from '../../db/schema';
import { DEMO_PUSH_DEVICE_SECRET, DEMO_SMS_PHONE, DEMO_TOTP_SECRET } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import { openSocket } from '../../../test/realtime-client';
import { decideOnDevPhone, lastSms, login, token } from '../../../test/auth-flow';
import { secretFromBase32, totpAt } from '../../lib/totp';
import { sha256 } from '../../lib/crypto';

let server: TestServer;
let wsBase: string;
let origin: string;

beforeAll(async () => {
  // Many deliberate failures from one address here: the per-address slowing has its own test file.
  server = await startTestServer({ SIGN_IN_ADDRESS_LIMIT: '1000' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsBase = `ws://127.0.0.1:${address.port}`;
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => server.close());

async function userId(email: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function resetTotpStep(email: string): Promise<void> {
  await server.database.db
    .update(authSettings)
    .set({ totpLastStep: null })
    .where(eq(authSettings.userId, await userId(email)));
}

function totpNow(offsetSteps = 0): string {
  return totpAt(secretFromBase32(DEMO_TOTP_SECRET), Date.now() + offsetSteps * 30_000);
}

async function customerInfoStatus(accessToken: string): Promise<number> {
  return (await server.main('getCustomerInfo', {}, { token: accessToken })).statusCode;
}

async function ticketForTmpJwt(tmpJwt: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/realtime-ticket',
    payload: { tmpJwt },
  });
  expect(response.statusCode).toBe(200);
  return response.json().ticket as string;
}

describe('the simple flow and migration to push', () => {
  it('signs a user without a second factor in at once, refresh token in the cookie only', async () => {
    const { response } = await login(server, 'personal@ledgerline.test');
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.parse(response.json());
    expect(body).toMatchObject({ authFlow: 'simple', expiresIn: 300 });
    expect(body.refreshToken).toBeUndefined();
    expect(body.migration).toBeUndefined();
    expect(await customerInfoStatus(body.accessToken ?? '')).toBe(200);
  });

  it('gives a mobile client its refresh token in the body as well', async () => {
    const { response } = await login(server, 'personal@ledgerline.test', { client: 'mobile' });
    expect(response.json().refreshToken).toEqual(expect.any(String));
  });

  it('lets a soft-migration user continue with tokens and the days left', async () => {
    const { response } = await login(server, 'soft@ledgerline.test');
    const body = loginResponseSchema.parse(response.json());
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.migration).toEqual({
      req: 'soft',
      daysLeft: 20,
      devices: [],
      tmpJwt: null,
      strat: 'enable',
    });
  });

  it('stops a strict-migration user until push is enabled through /scp, then answers push', async () => {
    const first = loginResponseSchema.parse(
      (await login(server, 'strict@ledgerline.test')).response.json(),
    );
    expect(first.authFlow).toBe('simple');
    expect(first.accessToken).toBeUndefined();
    expect(first.migration).toMatchObject({
      req: 'strict',
      daysLeft: 0,
      devices: [],
      strat: 'enable',
    });
    const tmpJwt = first.migration?.tmpJwt ?? '';
    // The tmpJwt opens nothing but its own steps.
    expect(await customerInfoStatus(tmpJwt)).toBe(401);

    const socket = await openSocket(
      `${wsBase}/realtime?ticket=${await ticketForTmpJwt(tmpJwt)}`,
      origin,
    );
    const scp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/scp/request',
      headers: { authorization: `Bearer ${tmpJwt}` },
    });
    expect(scp.statusCode).toBe(200);
    const { deeplink, key } = scp.json() as { deeplink: string; key: string };
    expect(deeplink).toBe(`pebblewallet://open/enable-push?key=${key}`);

    const page = await server.app.inject({
      method: 'GET',
      url: '/dev/device?email=strict@ledgerline.test',
    });
    expect(page.body).toContain('Enable push sign-in');
    expect((await decideOnDevPhone(server, key, 'approve')).statusCode).toBe(303);
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { key, approved: true },
    });
    socket.socket.close();

    const [user] = await server.database.db
      .select({ mode: users.login2faMode })
      .from(users)
      .where(eq(users.email, 'strict@ledgerline.test'));
    expect(user?.mode).toBe('push');
    const again = loginResponseSchema.parse(
      (await login(server, 'strict@ledgerline.test')).response.json(),
    );
    expect(again.authFlow).toBe('push');
    expect(again.devices).toHaveLength(1);
    expect(again.migration).toBeUndefined();
  });
});

describe('the otp flow', () => {
  it('signs in with the TOTP code, once', async () => {
    await resetTotpStep('otp@ledgerline.test');
    const { response, verifier } = await login(server, 'otp@ledgerline.test');
    const body = loginResponseSchema.parse(response.json());
    expect(body).toMatchObject({ authFlow: 'otp', code: expect.any(String) });
    expect(body.accessToken).toBeUndefined();
    const code = totpNow();
    const done = await token(server, { code: body.code, codeVerifier: verifier, otp: code });
    expect(done.statusCode).toBe(200);
    expect(await customerInfoStatus(tokensSchema.parse(done.json()).accessToken)).toBe(200);

    // The same TOTP code in a new sign-in is refused: a code works once.
    const second = await login(server, 'otp@ledgerline.test');
    const reused = await token(server, {
      code: second.response.json().code,
      codeVerifier: second.verifier,
      otp: code,
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ reason: 'codeUsed' });
  });

  it('refuses a wrong code and lets the same sign-in try again', async () => {
    await resetTotpStep('otp@ledgerline.test');
    const { response, verifier } = await login(server, 'otp@ledgerline.test');
    const code = response.json().code as string;
    const good = totpNow();
    const wrong = good === '000000' ? '111111' : '000000';
    const refused = await token(server, { code, codeVerifier: verifier, otp: wrong });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      responseCode: 'AU',
      reason: 'wrongCode',
      responseDescription: 'The code is not correct.',
    });
    expect((await token(server, { code, codeVerifier: verifier, otp: good })).statusCode).toBe(200);
  });

  it('asks for the code when it is missing', async () => {
    const { response, verifier } = await login(server, 'otp@ledgerline.test');
    const missing = await token(server, { code: response.json().code, codeVerifier: verifier });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { otp: expect.any(String) },
    });
  });

  it('completes a sign-in with the RFC 7636 Appendix B verifier and challenge', async () => {
    await resetTotpStep('otp@ledgerline.test');
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const { response } = await login(server, 'otp@ledgerline.test', {
      verifier,
      challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    });
    const done = await token(server, {
      code: response.json().code,
      codeVerifier: verifier,
      otp: totpNow(),
    });
    expect(done.statusCode).toBe(200);
  });
});

describe('the authorization code and PKCE', () => {
  it('refuses a verifier that does not match the challenge, and the code is then spent', async () => {
    await resetTotpStep('otp@ledgerline.test');
    const { response } = await login(server, 'otp@ledgerline.test');
    const code = response.json().code as string;
    const bad = await token(server, { code, codeVerifier: 'a'.repeat(128), otp: totpNow() });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ reason: 'badVerifier' });
    const after = await token(server, { code, codeVerifier: 'a'.repeat(128), otp: totpNow() });
    expect(after.json()).toMatchObject({ reason: 'codeUsed' });
  });

  it('refuses a code used twice', async () => {
    await resetTotpStep('otp@ledgerline.test');
    const { response, verifier } = await login(server, 'otp@ledgerline.test');
    const code = response.json().code as string;
    expect((await token(server, { code, codeVerifier: verifier, otp: totpNow() })).statusCode).toBe(
      200,
    );
    await resetTotpStep('otp@ledgerline.test');
    const again = await token(server, { code, codeVerifier: verifier, otp: totpNow() });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ reason: 'codeUsed' });
  });

  it('refuses a push code exchanged more than 60 s after the approval', async () => {
    const { response, verifier } = await login(server, 'push@ledgerline.test');
    const body = response.json() as { code: string; key: string };
    expect((await decideOnDevPhone(server, body.key, 'approve')).statusCode).toBe(303);
    await server.database.db
      .update(pendingLogins)
      .set({ approvedAt: new Date(Date.now() - 61_000) })
      .where(eq(pendingLogins.requestKey, body.key));
    const late = await token(server, { code: body.code, codeVerifier: verifier });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ reason: 'codeExpired' });
  });

  it('refuses a challenge method other than S256 and malformed challenges or verifiers', async () => {
    const plain = await login(server, 'personal@ledgerline.test', {
      extra: { codeChallengeMethod: 'plain' },
    });
    expect(plain.response.statusCode).toBe(400);
    expect(plain.response.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { codeChallengeMethod: 'Only S256 is accepted' },
    });
    const short = await login(server, 'personal@ledgerline.test', { challenge: 'a'.repeat(42) });
    expect(short.response.statusCode).toBe(400);
    expect(short.response.json().validationErrors).toHaveProperty('codeChallenge');
    const long = await login(server, 'personal@ledgerline.test', { challenge: 'a'.repeat(129) });
    expect(long.response.statusCode).toBe(400);
    const reserved = await login(server, 'personal@ledgerline.test', {
      challenge: `${'a'.repeat(50)}+/=`,
    });
    expect(reserved.response.statusCode).toBe(400);
    const badVerifier = await token(server, { code: 'x', codeVerifier: 'short' });
    expect(badVerifier.statusCode).toBe(400);
    expect(badVerifier.json().validationErrors).toBeDefined();
  });

  it('refuses an unknown code', async () => {
    const unknown = await token(server, { code: 'not-a-code', codeVerifier: 'a'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ reason: 'codeExpired' });
  });
});

describe('the sms flow', () => {
  it('sends the code by SMS with the two-digit identifier and signs in with it', async () => {
    const { response, verifier } = await login(server, 'sms@ledgerline.test');
    const body = loginResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      authFlow: 'sms',
      phoneNumber: '+44 •••• ••0123',
      smsIdentifier: expect.stringMatching(/^\d{2}$/),
    });
    const sms = await lastSms(server, DEMO_SMS_PHONE);
    const match = /^(\d{2})-(\d{6}) is your Pebble Wallet sign-in code$/.exec(sms);
    expect(match?.[1]).toBe(body.smsIdentifier);
    // The code is stored hashed, never as it was sent.
    const [stored] = await server.database.db
      .select()
      .from(pendingLogins)
      .where(eq(pendingLogins.smsIdentifier, body.smsIdentifier ?? ''))
      .orderBy(desc(pendingLogins.createdAt));
    expect(stored?.smsCodeHash).not.toContain(match?.[2]);
    const done = await token(server, { code: body.code, codeVerifier: verifier, otp: match?.[2] });
    expect(done.statusCode).toBe(200);
  });

  it('refuses a wrong SMS code and an expired one', async () => {
    const { response, verifier } = await login(server, 'sms@ledgerline.test');
    const body = response.json() as { code: string; smsIdentifier: string };
    const sent = /-(\d{6}) /.exec(await lastSms(server, DEMO_SMS_PHONE))?.[1] ?? '';
    const wrong = await token(server, {
      code: body.code,
      codeVerifier: verifier,
      otp: sent === '123456' ? '654321' : '123456',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ reason: 'wrongCode' });
    // Five minutes later: move the stored expiry back instead of waiting.
    await server.database.db
      .update(pendingLogins)
      .set({ smsExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingLogins.codeHash, sha256(body.code)));
    const expired = await token(server, { code: body.code, codeVerifier: verifier, otp: sent });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      reason: 'codeExpired',
      responseDescription: 'The SMS code has expired. Please sign in again to get a new one.',
    });
  });
});

describe('the push flow', () => {
  async function pushLogin(userAgent?: string) {
    const { response, verifier } = await login(
      server,
      'push@ledgerline.test',
      userAgent ? { userAgent } : {},
    );
    const body = loginResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      authFlow: 'push',
      code: expect.any(String),
      key: expect.any(String),
      tmpJwt: expect.any(String),
    });
    expect(body.devices?.map((device) => device.name)).toEqual(['Pixel 8']);
    const socket = await openSocket(
      `${wsBase}/realtime?ticket=${await ticketForTmpJwt(body.tmpJwt ?? '')}`,
      origin,
    );
    return { body, verifier, socket };
  }

  it('waits, then signs in once the phone app approves (/dev/device form)', async () => {
    const { body, verifier, socket } = await pushLogin(
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 EdgA/126.0',
    );
    const waiting = await token(server, { code: body.code, codeVerifier: verifier });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ reason: 'pending' });
    const page = await server.app.inject({
      method: 'GET',
      url: '/dev/device?email=push@ledgerline.test',
    });
    expect(page.body).toContain('Sign in to Pebble Wallet?');
    // The phone names the browser by the one user-agent rule the web's sign-in history uses.
    expect(page.body).toContain('from: Edge on Android');
    expect((await decideOnDevPhone(server, body.key ?? '', 'approve')).statusCode).toBe(303);
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { key: body.key, approved: true },
    });
    socket.socket.close();
    const done = await token(server, { code: body.code, codeVerifier: verifier });
    expect(done.statusCode).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.flow, 'push'), eq(loginHistory.result, 'success')))
      .orderBy(desc(loginHistory.id));
    expect(row?.device).toBe('Pixel 8');
  });

  it('says so when the phone app declines (/dev/device form)', async () => {
    const { body, verifier, socket } = await pushLogin();
    expect((await decideOnDevPhone(server, body.key ?? '', 'deny')).statusCode).toBe(303);
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { key: body.key, approved: false },
    });
    socket.socket.close();
    const refused = await token(server, { code: body.code, codeVerifier: verifier });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: 'declined',
      responseDescription: 'The sign-in was declined on your device.',
    });
  });

  it('takes the device decision through PUT /login/{key}/confirm with the device secret', async () => {
    const { body, verifier, socket } = await pushLogin();
    const url = `/api/auth/login/${body.key}/confirm`;
    expect(
      (await server.app.inject({ method: 'PUT', url, payload: { result: true } })).statusCode,
    ).toBe(401);
    expect(
      (
        await server.app.inject({
          method: 'PUT',
          url,
          headers: { authorization: 'Bearer not-a-device' },
          payload: { result: true },
        })
      ).statusCode,
    ).toBe(401);
    const confirm = await server.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${DEMO_PUSH_DEVICE_SECRET}` },
      payload: { result: true },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ key: body.key, approved: true });
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { key: body.key, approved: true },
    });
    socket.socket.close();
    // A request is decided once.
    const twice = await server.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${DEMO_PUSH_DEVICE_SECRET}` },
      payload: { result: false },
    });
    expect(twice.statusCode).toBe(404);
    const done = await token(server, { code: body.code, codeVerifier: verifier });
    expect(done.statusCode).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.flow, 'push'), eq(loginHistory.result, 'success')))
      .orderBy(desc(loginHistory.id));
    expect(row?.device).toBe('Pixel 8');
  });

  it('declines through PUT confirm', async () => {
    const { body, verifier, socket } = await pushLogin();
    const confirm = await server.app.inject({
      method: 'PUT',
      url: `/api/auth/login/${body.key}/confirm`,
      headers: { authorization: `Bearer ${DEMO_PUSH_DEVICE_SECRET}` },
      payload: { result: false },
    });
    expect(confirm.json()).toEqual({ key: body.key, approved: false });
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { approved: false },
    });
    socket.socket.close();
    expect((await token(server, { code: body.code, codeVerifier: verifier })).json()).toMatchObject(
      { reason: 'declined' },
    );
  });

  it('sends the request again with a new key (tmpJwt bearer)', async () => {
    const { body, verifier, socket } = await pushLogin();
    const resend = await server.app.inject({
      method: 'POST',
      url: '/api/auth/push/re-send',
      headers: { authorization: `Bearer ${body.tmpJwt}` },
    });
    expect(resend.statusCode).toBe(200);
    const { key } = resend.json() as { key: string };
    expect(key).not.toBe(body.key);
    // The old request is gone from the phone; the new one decides the sign-in.
    expect((await decideOnDevPhone(server, body.key ?? '', 'approve')).statusCode).toBe(404);
    expect((await decideOnDevPhone(server, key, 'approve')).statusCode).toBe(303);
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { key, approved: true },
    });
    socket.socket.close();
    expect((await token(server, { code: body.code, codeVerifier: verifier })).statusCode).toBe(200);
    // Without the tmpJwt, or with an access token, there is nothing to re-send.
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/auth/push/re-send' })).statusCode,
    ).toBe(401);
  });

  it('refuses a realtime ticket for a made-up tmpJwt', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/realtime-ticket',
      payload: { tmpJwt: 'a.b.c' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the verifyDevice flow', () => {
  it('links a new phone when a push user has no approved device, then signs in', async () => {
    const id = await userId('push@ledgerline.test');
    // Take the Pixel away for this test, then give it back.
    await server.database.db
      .update(authDevices)
      .set({ approved: false })
      .where(eq(authDevices.userId, id));
    try {
      const { response, verifier } = await login(server, 'push@ledgerline.test');
      const body = loginResponseSchema.parse(response.json());
      expect(body).toMatchObject({
        authFlow: 'verifyDevice',
        code: expect.any(String),
        tmpJwt: expect.any(String),
        devices: [],
      });
      expect(body.link).toBe(`pebblewallet://open/link-device?key=${body.key}`);
      const socket = await openSocket(
        `${wsBase}/realtime?ticket=${await ticketForTmpJwt(body.tmpJwt ?? '')}`,
        origin,
      );
      const page = await server.app.inject({
        method: 'GET',
        url: '/dev/device?email=push@ledgerline.test',
      });
      expect(page.body).toContain('Link this phone to push@ledgerline.test');
      expect((await decideOnDevPhone(server, body.key ?? '', 'approve')).statusCode).toBe(303);
      expect(await socket.next('LoginRequestDecided')).toMatchObject({
        payload: { key: body.key, approved: true },
      });
      socket.socket.close();
      expect((await token(server, { code: body.code, codeVerifier: verifier })).statusCode).toBe(
        200,
      );
      const linked = await server.database.db
        .select()
        .from(authDevices)
        .where(and(eq(authDevices.userId, id), eq(authDevices.approved, true)));
      expect(linked.map((device) => device.name)).toEqual(['Phone app']);
      await server.database.db.delete(authDevices).where(eq(authDevices.id, linked[0]?.id ?? 0));
    } finally {
      await server.database.db
        .update(authDevices)
        .set({ approved: true })
        .where(eq(authDevices.userId, id));
    }
  });
});

describe('the direct flow (mobile wrapper)', () => {
  it('signs in directly with the password and an approved device secret, and keeps the push token', async () => {
    const { response } = await login(server, 'push@ledgerline.test', {
      client: 'mobile',
      extra: { secret: DEMO_PUSH_DEVICE_SECRET, pushToken: 'fcm-token-1' },
    });
    const body = loginResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      authFlow: 'direct',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 300,
    });
    const [device] = await server.database.db
      .select()
      .from(authDevices)
      .where(eq(authDevices.name, 'Pixel 8'));
    expect(device?.pushToken).toBe('fcm-token-1');
  });

  it('falls back to the user’s own flow when the secret is not one of their approved devices', async () => {
    const { response } = await login(server, 'push@ledgerline.test', {
      client: 'mobile',
      extra: { secret: 'someone-elses-secret' },
    });
    expect(response.json().authFlow).toBe('push');
  });

  it('signs in with the device secret alone at /token, and refuses an unknown one', async () => {
    const done = await token(server, { secret: DEMO_PUSH_DEVICE_SECRET, pushToken: 'fcm-token-2' });
    expect(done.statusCode).toBe(200);
    expect(tokensSchema.parse(done.json()).refreshToken).toEqual(expect.any(String));
    const refused = await token(server, { secret: 'no-such-device' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ reason: 'wrongCredentials' });
  });
});

describe('store links and history', () => {
  it('sends the brand’s store links by SMS to a signed-in user or a pending sign-in', async () => {
    const { response } = await login(server, 'push@ledgerline.test');
    const tmpJwt = response.json().tmpJwt as string;
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/auth/stores-urls/send',
      headers: { authorization: `Bearer ${tmpJwt}` },
      payload: { phoneNumber: '+44 7700 900456' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await lastSms(server, '+447700900456')).toBe(
      'Get the Pebble Wallet app. App Store: https://pebble.example/app/ios Google Play: https://pebble.example/app/android',
    );
    const stranger = await server.app.inject({
      method: 'POST',
      url: '/api/auth/stores-urls/send',
      payload: { phoneNumber: '+44 7700 900456' },
    });
    expect(stranger.statusCode).toBe(401);
  });

  it('records every attempt with address, user agent, flow and result', async () => {
    await login(server, 'personal@ledgerline.test', {
      password: 'wrong-password',
      ip: '127.0.0.9',
      userAgent: 'HistoryTest/1.0',
    });
    await login(server, 'personal@ledgerline.test', {
      ip: '127.0.0.9',
      userAgent: 'HistoryTest/1.0',
    });
    const rows = await server.database.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.userAgent, 'HistoryTest/1.0'))
      .orderBy(loginHistory.id);
    expect(rows.map((row) => [row.ip, row.flow, row.result, row.userId === null])).toEqual([
      ['127.0.0.9', 'password', 'wrongPassword', false],
      ['127.0.0.9', 'simple', 'success', false],
    ]);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.ip, '127.0.0.9'));
    expect(audits.map((row) => row.action).sort()).toEqual(['login.failed', 'login.succeeded']);
    // The device requests of push sign-ins never carry secrets.
    const requests = await server.database.db.select().from(deviceRequests).limit(50);
    expect(JSON.stringify(requests)).not.toContain(DEMO_PUSH_DEVICE_SECRET);
  });
});
