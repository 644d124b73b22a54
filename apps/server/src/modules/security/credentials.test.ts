import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { securityMethods } from '@ledgerline/contract';
import { auditLog, authSettings, customers, outbox, users } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_PUSH_DEVICE_SECRET, DEMO_SMS_PHONE } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import {
  decideOnDevPhone,
  lastSms,
  login,
  refreshCookieValue,
  token,
} from '../../../test/auth-flow';
import { openSocket } from '../../../test/realtime-client';
import { secretFromBase32, totpAt } from '../../lib/totp';

let server: TestServer;
let base: string;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ SIGN_IN_ADDRESS_LIMIT: '1000' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `ws://127.0.0.1:${address.port}`;
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => server.close());

async function socketFor(accessToken: string) {
  const ticket = await server.app.inject({
    method: 'POST',
    url: '/api/auth/realtime-ticket',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(ticket.statusCode).toBe(200);
  return openSocket(`${base}/realtime?ticket=${ticket.json().ticket as string}`, origin);
}

/** The six-digit code of the newest e-mail to an address (the outbox is the delivery in tests). */
async function lastEmailCode(recipient: string): Promise<string> {
  const [row] = await server.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, 'email')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${recipient}`);
  return code;
}

async function userOf(email: string) {
  const [row] = await server.database.db
    .select({ user: users, customer: customers })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}`);
  return row;
}

async function auditActions(userId: number): Promise<string[]> {
  return (
    await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.userId, userId))
  ).map((row) => row.action);
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('changing the password', () => {
  const email = 'security-password@ledgerline.test';
  const newPassword = 'Brand-new-pass-42';

  it('refuses a wrong current password, a weak or unrepeated new one, and a reused one', async () => {
    const accessToken = await server.signIn('anna@pebble.example');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { password: 'wrong-password-9', passwordNew: newPassword, passwordNewRepeat: newPassword },
        { password: 'validation.passwordWrong' },
      ],
      [
        { password: DEMO_PASSWORD, passwordNew: 'short1', passwordNewRepeat: 'short1' },
        { passwordNew: 'validation.passwordRule' },
      ],
      [
        {
          password: DEMO_PASSWORD,
          passwordNew: 'onlyletterslong',
          passwordNewRepeat: 'onlyletterslong',
        },
        { passwordNew: 'validation.passwordRule' },
      ],
      [
        { password: DEMO_PASSWORD, passwordNew: newPassword, passwordNewRepeat: `${newPassword}x` },
        { passwordNewRepeat: 'validation.passwordsDiffer' },
      ],
      [
        { password: DEMO_PASSWORD, passwordNew: DEMO_PASSWORD, passwordNewRepeat: DEMO_PASSWORD },
        { passwordNew: 'validation.passwordUnchanged' },
      ],
      [{ password: DEMO_PASSWORD }, { passwordNew: expect.any(String) as unknown as string }],
    ];
    for (const [body, errors] of cases) {
      const response = await server.send('changePassword', body, { token: accessToken });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ responseCode: 'TA1', validationErrors: errors });
    }
    // Nothing was sent and the password still works.
    expect((await login(server, 'anna@pebble.example')).response.statusCode).toBe(200);
  });

  it('needs the e-mailed code, then ends every other session while this one lives', async () => {
    const { user } = await userOf(email);
    const current = await server.signIn(email);
    const currentSocket = await socketFor(current);
    // Another session of the same user: a phone app with its refresh token in the body.
    const other = await login(server, email, { client: 'mobile' });
    const otherTokens = other.response.json() as { accessToken: string; refreshToken: string };
    const otherSocket = await socketFor(otherTokens.accessToken);

    const started = await server.call(
      'changePassword',
      { password: DEMO_PASSWORD, passwordNew: newPassword, passwordNewRepeat: newPassword },
      { token: current },
    );
    expect(started.status).toBe(200);
    const { requestKey, sentTo } = securityMethods.changePassword.response.parse(started.body);
    expect(sentTo).toBe('s•••@ledgerline.test');
    const code = await lastEmailCode(email);

    // Another user cannot use the request; a wrong code counts a try.
    expect(
      (
        await server.call(
          'confirmPasswordChange',
          { requestKey, code },
          { token: await server.signIn('personal@ledgerline.test') },
        )
      ).status,
    ).toBe(404);
    const wrong = await server.call(
      'confirmPasswordChange',
      { requestKey, code: wrongCode(code) },
      { token: current },
    );
    expect(wrong.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { code: 'validation.codeWrong' },
      attemptsLeft: 4,
    });
    expect(
      (await server.call('confirmPasswordChange', { requestKey, code: '12' }, { token: current }))
        .body,
    ).toMatchObject({ validationErrors: { code: 'validation.sixDigitCode' } });

    const confirmed = await server.call(
      'confirmPasswordChange',
      { requestKey, code },
      { token: current },
    );
    expect(confirmed.body).toMatchObject({ responseCode: '00', changed: true });
    expect(await currentSocket.next('PasswordChange')).toMatchObject({
      payload: { result: 'success' },
    });
    await otherSocket.closed;

    // This session goes on; the other one is over (its access token and its refresh token).
    expect((await server.call('getCustomerInfo', {}, { token: current })).status).toBe(200);
    expect(
      (await server.call('getCustomerInfo', {}, { token: otherTokens.accessToken })).status,
    ).toBe(401);
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: otherTokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().reason).toBe('sessionEnded');

    expect((await login(server, email)).response.statusCode).toBe(401);
    const fresh = await login(server, email, { password: newPassword });
    expect(fresh.response.statusCode).toBe(200);
    expect(refreshCookieValue(fresh.response)).toEqual(expect.any(String));
    // Used once: the same code does nothing more.
    expect(
      (await server.call('confirmPasswordChange', { requestKey, code }, { token: current })).body,
    ).toMatchObject({ validationErrors: { requestKey: 'validation.codeExpired' } });
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining([
        'password.changeRequested',
        'password.changeWrongCode',
        'password.changed',
      ]),
    );
    currentSocket.socket.close();
  });

  it('can be canceled, and lapses after five wrong codes', async () => {
    const accessToken = await server.signIn('tomas@northmere.example');
    const socket = await socketFor(accessToken);
    const body = {
      password: DEMO_PASSWORD,
      passwordNew: newPassword,
      passwordNewRepeat: newPassword,
    };
    const first = (await server.call('changePassword', body, { token: accessToken })).body
      .requestKey as string;
    const firstCode = await lastEmailCode('tomas@northmere.example');
    expect(
      (await server.call('cancelPasswordChange', { requestKey: first }, { token: accessToken }))
        .body,
    ).toMatchObject({ responseCode: '00', canceled: true });
    expect(await socket.next('PasswordChange')).toMatchObject({ payload: { result: 'canceled' } });
    expect(
      (
        await server.call(
          'confirmPasswordChange',
          { requestKey: first, code: firstCode },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({ validationErrors: { requestKey: 'validation.codeExpired' } });
    expect(
      (
        await server.call(
          'cancelPasswordChange',
          { requestKey: '6b1d7d0e-4a5f-4b8e-9a43-1f2a3b4c5d6e' },
          { token: accessToken },
        )
      ).status,
    ).toBe(404);

    const second = (await server.call('changePassword', body, { token: accessToken })).body
      .requestKey as string;
    const secondCode = await lastEmailCode('tomas@northmere.example');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await server.call(
        'confirmPasswordChange',
        { requestKey: second, code: wrongCode(secondCode) },
        { token: accessToken },
      );
      expect(response.body).toMatchObject({ attemptsLeft: 5 - attempt });
    }
    expect(
      (
        await server.call(
          'confirmPasswordChange',
          { requestKey: second, code: secondCode },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({ validationErrors: { requestKey: 'validation.codeExpired' } });
    expect((await login(server, 'tomas@northmere.example')).response.statusCode).toBe(200);
    socket.socket.close();
  });
});

describe('changing the second factor', () => {
  it('switches sign-in to an authenticator app with an e-mail code and a code from the new secret, then signs in with it', async () => {
    const email = 'security-2fa@ledgerline.test';
    const { user } = await userOf(email);
    const accessToken = await server.signIn(email);
    const socket = await socketFor(accessToken);

    const started = await server.call(
      'setTwoStepVerification',
      { target: 'login', mode: 'otp' },
      { token: accessToken },
    );
    expect(started.status).toBe(200);
    const change = securityMethods.setTwoStepVerification.response.parse(started.body);
    expect(change).toMatchObject({
      confirmWith: 'email',
      sentTo: 's•••@ledgerline.test',
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    expect(change.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*security-2fa.*secret=/);
    await socket.next('TwoStepVerificationModeSet');
    const secret = secretFromBase32(change.secret ?? '');
    const emailCode = await lastEmailCode(email);

    // Both proofs are needed: the e-mailed code (the current factor: none) and the new app's code.
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: change.requestKey, code: emailCode },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({
      validationErrors: { newFactorCode: 'validation.required' },
    });
    const badNew = await server.call(
      'confirmTwoStepVerification',
      {
        requestKey: change.requestKey,
        code: emailCode,
        newFactorCode: wrongCode(totpAt(secret, Date.now())),
      },
      { token: accessToken },
    );
    expect(badNew.body).toMatchObject({
      validationErrors: { newFactorCode: 'validation.codeWrong' },
    });
    const confirmed = await server.call(
      'confirmTwoStepVerification',
      { requestKey: change.requestKey, code: emailCode, newFactorCode: totpAt(secret, Date.now()) },
      { token: accessToken },
    );
    expect(confirmed.body).toMatchObject({
      responseCode: '00',
      login2faMode: 'otp',
      transactionApproveMode: 0,
    });
    await socket.next('TwoStepVerificationConfirmed');
    expect(
      (await server.call('getCustomerInfo', {}, { token: accessToken })).body.customer.login2faMode,
    ).toBe('otp');

    // The login flow follows the new mode: a code from the app completes it.
    const { response, verifier } = await login(server, email);
    expect(response.json()).toMatchObject({ authFlow: 'otp' });
    const done = await token(server, {
      code: response.json().code,
      codeVerifier: verifier,
      otp: totpAt(secret, Date.now() + 30_000),
    });
    expect(done.statusCode).toBe(200);

    // Back to none: the current factor is now the app; a wrong current code is refused.
    await server.database.db
      .update(authSettings)
      .set({ totpLastStep: null })
      .where(eq(authSettings.userId, user.id));
    const wrongCurrent = await server.call(
      'setTwoStepVerification',
      { target: 'login', mode: 'no', currentCode: wrongCode(totpAt(secret, Date.now())) },
      { token: accessToken },
    );
    expect(wrongCurrent.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { currentCode: 'validation.codeWrong' },
    });
    const off = securityMethods.setTwoStepVerification.response.parse(
      (
        await server.call(
          'setTwoStepVerification',
          { target: 'login', mode: 'no', currentCode: totpAt(secret, Date.now()) },
          { token: accessToken },
        )
      ).body,
    );
    expect(off.confirmWith).toBe('otp');
    expect(off.secret).toBeUndefined();
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: off.requestKey },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({ login2faMode: 'no' });
    expect((await login(server, email)).response.json()).toMatchObject({ authFlow: 'simple' });
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(['security.twoStepRequested', 'security.twoStepChanged']),
    );
    socket.socket.close();
  });

  it('sets the transaction mode, asking the current SMS factor by SMS', async () => {
    const accessToken = await (async () => {
      const { response, verifier } = await login(server, 'sms@ledgerline.test');
      const sent = /-(\d{6}) /.exec(await lastSms(server, DEMO_SMS_PHONE))?.[1];
      return (
        await token(server, { code: response.json().code, codeVerifier: verifier, otp: sent })
      ).json().accessToken as string;
    })();
    // The demo seeds SMS confirmation for sms@ (transfers, issue 5): start this change from none.
    const [smsUser] = await server.database.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.email, 'sms@ledgerline.test'));
    await server.database.db
      .update(customers)
      .set({ transactionApproveMode: 0 })
      .where(eq(customers.id, smsUser!.customerId));
    const toSms = (
      await server.call(
        'setTwoStepVerification',
        { target: 'transaction', mode: 2 },
        { token: accessToken },
      )
    ).body;
    expect(toSms).toMatchObject({ confirmWith: 'email' });
    const emailed = await lastEmailCode('sms@ledgerline.test');
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: toSms.requestKey, code: emailed },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({ transactionApproveMode: 2, login2faMode: 'sms' });

    const toApprovalCode = (
      await server.call(
        'setTwoStepVerification',
        { target: 'transaction', mode: 4 },
        { token: accessToken },
      )
    ).body;
    expect(toApprovalCode).toMatchObject({
      confirmWith: 'sms',
      sentTo: expect.stringMatching(/0123$/),
    });
    const sms = await lastSms(server, DEMO_SMS_PHONE);
    expect(sms).toMatch(/^\d{6} is your Pebble Wallet code to change two-step verification/);
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: toApprovalCode.requestKey, code: sms.slice(0, 6) },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({ transactionApproveMode: 4 });
    expect(
      (await server.call('getSecuritySettings', {}, { token: accessToken })).body,
    ).toMatchObject({
      transactionApproveMode: 4,
      login2faMode: 'sms',
    });
  });

  it('waits for the phone app when the current factor is push', async () => {
    const direct = await token(server, { secret: DEMO_PUSH_DEVICE_SECRET });
    const accessToken = direct.json().accessToken as string;
    const socket = await socketFor(accessToken);
    // Declined on the phone: the change fails and nothing moves.
    const declined = (
      await server.call(
        'setTwoStepVerification',
        { target: 'login', mode: 'no' },
        { token: accessToken },
      )
    ).body;
    expect(declined).toMatchObject({ confirmWith: 'push' });
    const page = await server.app.inject({
      method: 'GET',
      url: '/dev/device?email=push%40ledgerline.test',
    });
    expect(page.body).toContain('Change two-step verification');
    expect(page.body).toContain(`/dev/device/requests/${declined.requestKey as string}`);
    expect((await decideOnDevPhone(server, declined.requestKey, 'deny')).statusCode).toBe(303);
    expect(await socket.next('LoginRequestDecided')).toMatchObject({
      payload: { key: declined.requestKey, approved: false },
    });
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: declined.requestKey },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { requestKey: 'validation.twoStepDeclined' },
    });
    expect(
      (await server.call('getSecuritySettings', {}, { token: accessToken })).body.login2faMode,
    ).toBe('push');

    // Approved: the change applies once the phone said yes, not before.
    const change = (
      await server.call(
        'setTwoStepVerification',
        { target: 'login', mode: 'no' },
        { token: accessToken },
      )
    ).body;
    const pending = await server.call(
      'confirmTwoStepVerification',
      { requestKey: change.requestKey },
      { token: accessToken },
    );
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({ reason: 'pending' });
    // The phone app itself decides with its secret (PUT /login/{key}/confirm).
    const decided = await server.app.inject({
      method: 'PUT',
      url: `/api/auth/login/${change.requestKey as string}/confirm`,
      headers: { authorization: `Bearer ${DEMO_PUSH_DEVICE_SECRET}` },
      payload: { result: true },
    });
    expect(decided.statusCode).toBe(200);
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: change.requestKey },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({ login2faMode: 'no' });
    expect((await login(server, 'push@ledgerline.test')).response.json()).toMatchObject({
      authFlow: 'simple',
    });
    socket.socket.close();
  });

  it('refuses an unchanged or unavailable mode, bad targets, and another user’s request', async () => {
    const accessToken = await server.signIn('personal@ledgerline.test');
    const cases: [unknown, Record<string, string>][] = [
      [{ target: 'login', mode: 'no' }, { mode: 'validation.secondFactorUnchanged' }],
      [{ target: 'login', mode: 'sms' }, { mode: 'validation.secondFactorUnavailable' }],
      [{ target: 'transaction', mode: 1 }, { mode: 'validation.secondFactorUnavailable' }],
      [{ target: 'transaction', mode: 9 }, { mode: 'validation.invalidValue' }],
      [{ target: 'login', mode: 3 }, { mode: 'validation.invalidValue' }],
      [{ target: 'payments', mode: 'otp' }, { target: expect.any(String) as unknown as string }],
      [
        { target: 'login', mode: 'otp', currentCode: 'abc' },
        { currentCode: 'validation.sixDigitCode' },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await server.send('setTwoStepVerification', body, { token: accessToken });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ responseCode: 'TA1', validationErrors: errors });
    }
    const change = (
      await server.call(
        'setTwoStepVerification',
        { target: 'transaction', mode: 4 },
        { token: accessToken },
      )
    ).body;
    const stranger = await server.signIn('anna@pebble.example');
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: change.requestKey, code: '123456' },
          { token: stranger },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await server.call(
          'confirmTwoStepVerification',
          { requestKey: 'not-a-key' },
          { token: accessToken },
        )
      ).body,
    ).toMatchObject({ validationErrors: { requestKey: 'validation.invalidValue' } });
    expect(
      (await server.call('getSecuritySettings', {}, { token: accessToken })).body
        .transactionApproveMode,
    ).toBe(0);
  });
});
