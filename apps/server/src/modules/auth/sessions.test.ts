import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REFRESH_COOKIE, tokensSchema } from '@ledgerline/contract';
import { loginHistory, sessions, signInLockouts } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { openSocket } from '../../../test/realtime-client';
import { login, refreshCookieValue, refreshSetCookie } from '../../../test/auth-flow';

let server: TestServer;
let wsBase: string;
let origin: string;
const ADDRESS_LIMIT = 8;

beforeAll(async () => {
  server = await startTestServer({ SIGN_IN_ADDRESS_LIMIT: String(ADDRESS_LIMIT) });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  wsBase = `ws://127.0.0.1:${address.port}`;
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => server.close());

/** Each test signs in from its own loopback address, so the per-address count of one never touches another. */
let nextAddress = 10;
function freshAddress(): string {
  nextAddress += 1;
  return `127.0.0.${nextAddress}`;
}

async function signInWeb(email = 'personal@ledgerline.test') {
  const { response } = await login(server, email, { ip: freshAddress() });
  expect(response.statusCode).toBe(200);
  const cookie = refreshCookieValue(response);
  if (!cookie) throw new Error('no refresh cookie');
  return { accessToken: response.json().accessToken as string, cookie, response };
}

function refreshWithCookie(cookie: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: `other=1; ${REFRESH_COOKIE}=${cookie}` },
    payload: {},
  });
}

describe('the refresh cookie', () => {
  it('is HttpOnly, Secure, SameSite=Strict, Path=/ and __Host- prefixed, on every token answer', async () => {
    const { response, cookie } = await signInWeb();
    const header = refreshSetCookie(response) ?? '';
    expect(header.startsWith('__Host-')).toBe(true);
    const attributes = header.split(';').map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']),
    );
    expect(attributes.some((part) => part.startsWith('Domain='))).toBe(false);
    const maxAge = Number(attributes.find((part) => part.startsWith('Max-Age='))?.slice(8));
    expect(maxAge).toBeGreaterThan(11 * 3600);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    const refreshed = await refreshWithCookie(cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshSetCookie(refreshed)).toMatch(
      /^__Host-ll_refresh=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; Secure; SameSite=Strict$/,
    );
  });
});

describe('POST /auth/refresh', () => {
  it('rotates the refresh token: a new cookie each time, the browser never sees it in the body', async () => {
    const { cookie } = await signInWeb();
    const first = await refreshWithCookie(cookie);
    expect(first.statusCode).toBe(200);
    const body = tokensSchema.parse(first.json());
    expect(body.refreshToken).toBeUndefined();
    expect(body.expiresIn).toBe(300);
    const next = refreshCookieValue(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    expect((await server.main('getCustomerInfo', {}, { token: body.accessToken })).statusCode).toBe(
      200,
    );
    expect((await refreshWithCookie(next ?? '')).statusCode).toBe(200);
  });

  it('takes the body form from the mobile wrapper and answers the new token in the body', async () => {
    const { response } = await login(server, 'personal@ledgerline.test', {
      client: 'mobile',
      ip: freshAddress(),
    });
    const refreshToken = response.json().refreshToken as string;
    const rotated = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().refreshToken).toEqual(expect.any(String));
    expect(rotated.json().refreshToken).not.toBe(refreshToken);
  });

  it('revokes the whole session when a used refresh token comes back, closing its sockets', async () => {
    const { cookie, accessToken } = await signInWeb();
    const ticket = await server.app.inject({
      method: 'POST',
      url: '/api/auth/realtime-ticket',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const socket = await openSocket(`${wsBase}/realtime?ticket=${ticket.json().ticket}`, origin);
    const rotated = await refreshWithCookie(cookie);
    const current = refreshCookieValue(rotated) ?? '';
    const newAccess = rotated.json().accessToken as string;

    const replay = await refreshWithCookie(cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ responseCode: 'AU', reason: 'refreshReused' });
    expect(refreshSetCookie(replay)).toContain('Max-Age=0');
    expect(await socket.next('SessionClosed')).toMatchObject({ payload: { reason: 'revoked' } });
    // Every token of that session stops working: both access tokens and the current refresh token.
    expect((await server.main('getCustomerInfo', {}, { token: accessToken })).statusCode).toBe(401);
    expect((await server.main('getCustomerInfo', {}, { token: newAccess })).statusCode).toBe(401);
    expect((await refreshWithCookie(current)).json()).toMatchObject({ reason: 'sessionEnded' });
  });

  it('refuses an empty, a missing or an unknown refresh token', async () => {
    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: '' },
    });
    expect(empty.statusCode).toBe(401);
    expect(empty.json()).toMatchObject({
      reason: 'emptyRefreshToken',
      responseDescription: 'The refresh token is empty.',
    });
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: {},
    });
    expect(missing.json()).toMatchObject({ reason: 'emptyRefreshToken' });
    const unknown = await refreshWithCookie('made-up');
    expect(unknown.json()).toMatchObject({ reason: 'sessionEnded' });
  });

  it('ends with the session after 12 hours whatever the activity, and keeps last_seen_at', async () => {
    const { cookie, accessToken } = await signInWeb();
    const claims = await server.services.tokens.verifyAccessToken(accessToken);
    const [before] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claims?.sessionId ?? ''));
    expect(before?.lastSeenAt).toBeInstanceOf(Date);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, claims?.sessionId ?? ''));
    expect((await refreshWithCookie(cookie)).json()).toMatchObject({ reason: 'sessionEnded' });
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session and clears the cookie, with the bearer', async () => {
    const { accessToken, cookie } = await signInWeb();
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(refreshSetCookie(out)).toBe(
      `${REFRESH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`,
    );
    expect((await server.main('getCustomerInfo', {}, { token: accessToken })).statusCode).toBe(401);
    expect((await refreshWithCookie(cookie)).statusCode).toBe(401);
  });

  it('revokes with the cookie alone (a reload without an access token), or with the body token', async () => {
    const { accessToken, cookie } = await signInWeb();
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${REFRESH_COOKIE}=${cookie}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await server.main('getCustomerInfo', {}, { token: accessToken })).statusCode).toBe(401);

    const mobile = await login(server, 'personal@ledgerline.test', {
      client: 'mobile',
      ip: freshAddress(),
    });
    const outMobile = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: mobile.response.json().refreshToken },
    });
    expect(outMobile.statusCode).toBe(200);
    expect(
      (await server.main('getCustomerInfo', {}, { token: mobile.response.json().accessToken }))
        .statusCode,
    ).toBe(401);

    const nobody = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: {},
    });
    expect(nobody.statusCode).toBe(401);
  });
});

describe('throttling', () => {
  it('blocks an account for 15 minutes after 5 failed passwords, says until when, and opens again after', async () => {
    const email = 'admin@ledgerline.test';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await login(server, email, {
        password: `wrong-${attempt}`,
        ip: freshAddress(),
      });
      expect(wrong.response.statusCode).toBe(401);
      expect(wrong.response.json()).toMatchObject({
        reason: 'wrongCredentials',
        responseDescription: 'Wrong e-mail or password',
      });
    }
    const fifth = await login(server, email, { password: 'wrong-5', ip: freshAddress() });
    expect(fifth.response.statusCode).toBe(403);
    const blocked = fifth.response.json() as {
      reason: string;
      blockedUntil: string;
      responseDescription: string;
    };
    expect(blocked.reason).toBe('accountBlocked');
    const until = new Date(blocked.blockedUntil);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(blocked.responseDescription).toContain(
      `blocked until ${blocked.blockedUntil.slice(0, 16).replace('T', ' ')} UTC`,
    );

    // Even the right password is refused while blocked, from any address.
    const right = await login(server, email, { ip: freshAddress() });
    expect(right.response.statusCode).toBe(403);
    expect(right.response.json()).toMatchObject({
      reason: 'accountBlocked',
      blockedUntil: blocked.blockedUntil,
    });
    const [row] = await server.database.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.username, email))
      .orderBy(loginHistory.id)
      .limit(1)
      .offset(5);
    expect(row?.result).toBe('blocked');

    // Fifteen minutes later (the stored block moved into the past) the right password works and clears the count.
    await server.database.db
      .update(signInLockouts)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInLockouts.username, email));
    const after = await login(server, email, { ip: freshAddress() });
    expect(after.response.statusCode).toBe(200);
    expect(
      await server.database.db
        .select()
        .from(signInLockouts)
        .where(eq(signInLockouts.username, email)),
    ).toEqual([]);
  });

  it('treats an unknown e-mail like a real one', async () => {
    const email = 'nobody-here@ledgerline.test';
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await login(server, email, { password: 'wrong', ip: freshAddress() });
    const sixth = await login(server, email, { password: 'wrong', ip: freshAddress() });
    expect(sixth.response.statusCode).toBe(403);
    expect(sixth.response.json().reason).toBe('accountBlocked');
  });

  it('slows an address after repeated failures with 429 and Retry-After', async () => {
    const ip = freshAddress();
    // Different accounts, so the per-account block does not answer first.
    for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt += 1) {
      const wrong = await login(server, `stranger-${attempt}@ledgerline.test`, {
        password: 'wrong',
        ip,
      });
      expect(wrong.response.statusCode).toBe(401);
    }
    const slowed = await login(server, 'personal@ledgerline.test', { ip });
    expect(slowed.response.statusCode).toBe(429);
    expect(slowed.response.json()).toMatchObject({ responseCode: 'RL', reason: 'tooManyAttempts' });
    const retryAfter = Number(slowed.response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(slowed.response.json().retryAfter).toBe(retryAfter);
    // Another address is not slowed.
    expect(
      (await login(server, 'personal@ledgerline.test', { ip: freshAddress() })).response.statusCode,
    ).toBe(200);
    // Once the failures leave the window, the address may try again.
    await server.database.db
      .update(loginHistory)
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginHistory.ip, ip));
    expect((await login(server, 'personal@ledgerline.test', { ip })).response.statusCode).toBe(200);
  });
});
