import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  LoginRequest,
  LoginResponse,
  Migration,
  RealtimeEvent,
  TokenRequest,
} from '@ledgerline/contract';
import { BRANDS, isBrandId, type BrandConfig, type BrandId } from '@ledgerline/domain/brands';
import { describeSignInDevice, signInDeviceText } from '@ledgerline/domain/user-agent';
import type { Database, DbOrTx } from '../../db/client';
import {
  authDevices,
  authSettings,
  customers,
  deviceApprovalCodes,
  deviceRequests,
  pendingLogins,
  sessionDevices,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { randomToken, sha256, verifyPassword, type PasswordHasher } from '../../lib/crypto';
import { audit } from '../audit';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { ipNotAllowedError } from './ip-whitelist';
import type { BotCheck } from './botcheck';
import {
  approvedDeviceBySecret,
  createDevice,
  devicesOf,
  ownDevice,
  settingsOf,
  toWireDevice,
  type DeviceRow,
} from './devices';
import { recordAttempt, type LoginFlowName, type LoginResult } from './history';
import { maskPhoneNumber, normalisePhoneNumber } from './phone';
import { verifyPkceS256 } from './pkce';
import type { IssuedTokens, SessionService } from './sessions';
import {
  accountBlockedError,
  accountBlockedUntil,
  assertAddressNotThrottled,
  clearAccountFailures,
  registerAccountFailure,
} from './throttle';
import type { PendingClaims, TokenService } from './tokens';
import { matchingTotpStep, secretFromBase32 } from '../../lib/totp';

/** A pending sign-in (and its SMS code, device request and tmpJwt) lives 5 minutes; a strict migration's /scp 10. */
export const PENDING_LOGIN_TTL_MS = 5 * 60_000;
export const SCP_TTL_MS = 10 * 60_000;
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** After the device approved, the authorization code must be exchanged within 60 s. */
export const CODE_AFTER_APPROVAL_MS = 60_000;
const DAY_MS = 86_400_000;

export const APPROVE_METHOD_IDS = { sms: 1, otp: 2, existingDevice: 3 } as const;

export interface RequestInfo {
  ip: string;
  userAgent: string | undefined;
  brandId: BrandId;
}

type UserRow = typeof users.$inferSelect & { brandId: string };

/** A login answer plus the tokens behind it (the route sets the cookie and shapes the body). */
export interface LoginOutcome {
  answer: LoginResponse;
  tokens?: IssuedTokens;
}

export type DecisionActor = { kind: 'device'; device: DeviceRow } | { kind: 'devTool' };

/**
 * What another module does, inside the decision's transaction, when the phone decides a request of
 * its kind (e.g. 'transaction': settle or reject the transfer); answers events to publish after commit.
 */
export type DeviceRequestHook = (
  tx: DbOrTx,
  request: { id: string; userId: number; kind: string },
  approved: boolean,
) => Promise<{ userId: number; event: RealtimeEvent }[]>;

export interface AuthService {
  login(body: LoginRequest, request: RequestInfo): Promise<LoginOutcome>;
  token(body: TokenRequest, request: RequestInfo): Promise<IssuedTokens>;
  /** The one place a device request (push login, device link, scp, device approval, …) is decided: PUT /login/{key}/confirm and /dev/device both come here. */
  decideDeviceRequest(
    key: string,
    approved: boolean,
    actor: DecisionActor,
    ip: string,
  ): Promise<{ key: string; approved: boolean; userId: number }>;
  /** A realtime ticket for the holder of a tmpJwt. */
  loginRealtimeTicket(tmpJwt: string): Promise<{ ticket: string; expiresInSeconds: number }>;
  resendPush(tmpJwt: string, ip: string): Promise<{ key: string }>;
  /** Enable push as second factor: tmpJwt of a strict migration, or a signed-in user. */
  requestScp(
    bearer: { tmpJwt?: string; userId?: number },
    ip: string,
  ): Promise<{ deeplink: string; key: string }>;
  sendStoreLinks(userId: number, phoneNumber: string, ip: string): Promise<void>;
  /** The claims of a tmpJwt whose pending sign-in is still open, or null. */
  pendingOf(tmpJwt: string): Promise<PendingClaims | null>;
  approveMethods(userId: number): Promise<{ id: number; name: 'sms' | 'otp' | 'existingDevice' }[]>;
  startDeviceApproval(
    userId: number,
    deviceId: number,
    methodId: number,
    ip: string,
  ): Promise<{ deviceId: number; methodId: number; key?: string }>;
  completeDeviceApproval(
    userId: number,
    deviceId: number,
    methodId: number,
    code: string | undefined,
    ip: string,
  ): Promise<DeviceRow>;
}

function brandOf(user: { brandId: string }): BrandConfig {
  return BRANDS[isBrandId(user.brandId) ? user.brandId : 'pebble'];
}

function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function authError(description: string, reason: string, httpStatus = 401): AppError {
  return new AppError(httpStatus === 409 ? 'VF' : 'AU', description, {
    httpStatus,
    extra: { reason },
  });
}

/**
 * "Chrome on Windows" for the push approval's details (the device shows it as given): the same
 * rule as the sign-in history's (domain describeSignInDevice), so both name a browser alike.
 */
function describeBrowser(userAgent: string | undefined): string {
  return signInDeviceText(describeSignInDevice({ client: 'web', userAgent }));
}

export function migrationOf(
  settings: { migrationReq: string; migrationDeadline: Date | null },
  now = new Date(),
): { req: 'none' | 'soft' | 'strict'; daysLeft: number } {
  if (settings.migrationReq === 'strict') return { req: 'strict', daysLeft: 0 };
  if (settings.migrationReq !== 'soft') return { req: 'none', daysLeft: 0 };
  const daysLeft = settings.migrationDeadline
    ? Math.ceil((settings.migrationDeadline.getTime() - now.getTime()) / DAY_MS)
    : 0;
  // A soft migration whose deadline passed is strict.
  return daysLeft > 0 ? { req: 'soft', daysLeft } : { req: 'strict', daysLeft: 0 };
}

export function createAuthService(deps: {
  db: Database;
  passwords: PasswordHasher;
  tokens: TokenService;
  sessions: SessionService;
  realtime: RealtimeHub;
  mailer: Mailer;
  botCheck: BotCheck;
  signInAddressLimit: number;
  /** Device-request kinds other modules own, by kind. */
  deviceRequestHooks?: Record<string, DeviceRequestHook>;
}): AuthService {
  const { db, tokens, sessions, realtime, mailer, botCheck } = deps;
  // Verifying against a fixed hash when the user does not exist keeps the answer time the same.
  // Made at the first unknown name, not at start: each test server would pay a slow hash for it.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= deps.passwords.hash(randomToken()));

  async function userByEmail(db2: DbOrTx, username: string): Promise<UserRow | undefined> {
    const [row] = await db2
      .select({ user: users, brandId: customers.brandId })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(sql`lower(${users.email}) = ${username}`);
    return row ? { ...row.user, brandId: row.brandId } : undefined;
  }

  async function userById(db2: DbOrTx, userId: number): Promise<UserRow | undefined> {
    const [row] = await db2
      .select({ user: users, brandId: customers.brandId })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(eq(users.id, userId));
    return row ? { ...row.user, brandId: row.brandId } : undefined;
  }

  async function attempt(
    db2: DbOrTx,
    user: { id: number; email: string } | undefined,
    username: string | null,
    request: RequestInfo,
    flow: LoginFlowName,
    result: LoginResult,
    client: string | null,
    device?: string | null,
  ) {
    await recordAttempt(db2, {
      userId: user?.id ?? null,
      username: user?.email ?? username,
      ip: request.ip,
      userAgent: request.userAgent,
      client,
      flow,
      result,
      device: device ?? null,
    });
  }

  /** A failed password or code: counted for the account (in its own transaction), recorded, answered. */
  async function failCode(
    user: UserRow,
    request: RequestInfo,
    flow: LoginFlowName,
    result: LoginResult,
    client: string,
    error: AppError,
  ): Promise<never> {
    const blockedUntil = await db.transaction(async (tx) => {
      const until = await registerAccountFailure(tx, user.email.toLowerCase());
      await attempt(tx, user, null, request, flow, result, client);
      await audit(tx, {
        action: 'login.failed',
        userId: user.id,
        customerId: user.customerId,
        ip: request.ip,
        details: { flow, result },
      });
      return until;
    });
    if (blockedUntil) throw accountBlockedError(blockedUntil, `${error.message} `);
    throw error;
  }

  /** With the user's IP whitelist on, an attempt from elsewhere is recorded and refused (IPW, HTTP 403). */
  async function refuseOutsideWhitelist(
    user: UserRow,
    request: RequestInfo,
    flow: LoginFlowName,
    client: string | null,
  ): Promise<void> {
    if (await sessions.ipWhitelist.allows(user.id, request.ip)) return;
    await db.transaction(async (tx) => {
      await attempt(tx, user, null, request, flow, 'ipNotAllowed', client);
      await audit(tx, {
        action: 'login.ipRefused',
        userId: user.id,
        customerId: user.customerId,
        ip: request.ip,
        details: { flow, client },
      });
    });
    throw ipNotAllowedError();
  }

  /** The phone app a direct sign-in came through, so the device list can mark it as the current one. */
  async function rememberSessionDevice(
    tx: DbOrTx,
    session: { sessionId: string },
    deviceId: number,
  ): Promise<void> {
    await tx.insert(sessionDevices).values({ sessionId: session.sessionId, deviceId });
  }

  /** Completes a sign-in inside tx: session, history, audit, failure count cleared. */
  async function completeSignIn(
    tx: DbOrTx,
    user: UserRow,
    request: RequestInfo,
    client: string,
    flow: LoginFlowName,
    device?: string | null,
  ) {
    const session = await sessions.open(tx, {
      userId: user.id,
      client,
      ip: request.ip,
      userAgent: request.userAgent,
    });
    await clearAccountFailures(tx, user.email.toLowerCase());
    await attempt(tx, user, null, request, flow, 'success', client, device);
    await audit(tx, {
      action: 'login.succeeded',
      userId: user.id,
      customerId: user.customerId,
      ip: request.ip,
      details: { client, flow },
    });
    return session;
  }

  async function newPending(
    tx: DbOrTx,
    user: UserRow,
    input: {
      id?: string;
      flow: string;
      codeChallenge: string | null;
      client: string;
      request: RequestInfo;
      ttlMs: number;
      withCode: boolean;
      extra?: Partial<typeof pendingLogins.$inferInsert>;
    },
  ): Promise<{ id: string; code: string | null; expiresAt: Date; tmpJwt: string }> {
    const id = input.id ?? randomUUID();
    const code = input.withCode ? randomToken(32) : null;
    const expiresAt = new Date(Date.now() + input.ttlMs);
    await tx.insert(pendingLogins).values({
      id,
      userId: user.id,
      flow: input.flow,
      codeHash: code ? sha256(code) : null,
      codeChallenge: input.codeChallenge,
      client: input.client.slice(0, 64),
      ip: input.request.ip.slice(0, 64),
      userAgent: input.request.userAgent?.slice(0, 512) ?? null,
      expiresAt,
      ...input.extra,
    });
    const tmpJwt = await tokens.issueTmpJwt({ userId: user.id, pendingLoginId: id }, expiresAt);
    return { id, code, expiresAt, tmpJwt };
  }

  async function newDeviceRequest(
    tx: DbOrTx,
    input: {
      userId: number;
      kind: string;
      title: string;
      details: Record<string, string>;
      expiresAt: Date;
      pendingLoginId: string | null;
      deviceId?: number | null;
    },
  ): Promise<string> {
    const key = randomUUID();
    await tx.insert(deviceRequests).values({
      id: key,
      userId: input.userId,
      kind: input.kind,
      title: input.title.slice(0, 256),
      details: input.details,
      expiresAt: input.expiresAt,
      pendingLoginId: input.pendingLoginId,
      deviceId: input.deviceId ?? null,
    });
    return key;
  }

  function loginRequestDetails(request: RequestInfo): Record<string, string> {
    return {
      from: describeBrowser(request.userAgent),
      address: request.ip,
      at: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    };
  }

  async function pendingOf(tmpJwt: string): Promise<PendingClaims | null> {
    const claims = await tokens.verifyTmpJwt(tmpJwt);
    if (!claims) return null;
    const [pending] = await db
      .select({ id: pendingLogins.id })
      .from(pendingLogins)
      .where(
        and(
          eq(pendingLogins.id, claims.pendingLoginId),
          eq(pendingLogins.userId, claims.userId),
          isNull(pendingLogins.usedAt),
          gt(pendingLogins.expiresAt, new Date()),
        ),
      );
    return pending ? claims : null;
  }

  async function requirePending(tmpJwt: string) {
    const claims = await pendingOf(tmpJwt);
    if (!claims) throw authError('This sign-in has expired. Please sign in again.', 'codeExpired');
    const [pending] = await db
      .select()
      .from(pendingLogins)
      .where(eq(pendingLogins.id, claims.pendingLoginId));
    if (!pending) throw authError('This sign-in has expired. Please sign in again.', 'codeExpired');
    return pending;
  }

  async function approveMethods(
    userId: number,
  ): Promise<{ id: number; name: 'sms' | 'otp' | 'existingDevice' }[]> {
    const settings = await settingsOf(db, userId);
    const approved = await devicesOf(db, userId, { approvedOnly: true });
    const methods: { id: number; name: 'sms' | 'otp' | 'existingDevice' }[] = [];
    if (settings.smsPhone) methods.push({ id: APPROVE_METHOD_IDS.sms, name: 'sms' });
    if (settings.totpSecret) methods.push({ id: APPROVE_METHOD_IDS.otp, name: 'otp' });
    if (approved.length > 0)
      methods.push({ id: APPROVE_METHOD_IDS.existingDevice, name: 'existingDevice' });
    return methods;
  }

  return {
    pendingOf,

    async login(body, request) {
      const username = body.username.toLowerCase();
      await assertAddressNotThrottled(db, request.ip, deps.signInAddressLimit);
      try {
        await botCheck.verify(body.altcha, {
          brandId: request.brandId,
          ip: request.ip,
          action: 'login',
          username,
        });
      } catch (error) {
        await attempt(db, undefined, username, request, 'password', 'botCheckFailed', body.client);
        throw error;
      }
      const blocked = await accountBlockedUntil(db, username);
      if (blocked) {
        await attempt(db, undefined, username, request, 'password', 'blocked', body.client);
        throw accountBlockedError(blocked);
      }
      const user = await userByEmail(db, username);
      const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await decoy()));
      if (!user || !passwordOk || user.disabled || user.status !== 'active') {
        const blockedUntil = await db.transaction(async (tx) => {
          const until = await registerAccountFailure(tx, username);
          await attempt(tx, user, username, request, 'password', 'wrongPassword', body.client);
          await audit(tx, {
            action: 'login.failed',
            userId: user?.id ?? null,
            ip: request.ip,
            details: { client: body.client },
          });
          return until;
        });
        if (blockedUntil) throw accountBlockedError(blockedUntil, 'Wrong e-mail or password. ');
        throw new AppError('AU', 'Wrong e-mail or password', {
          extra: { reason: 'wrongCredentials' },
        });
      }
      // Checked after the password, so the refusal tells nothing to someone who does not know it.
      await refuseOutsideWhitelist(user, request, 'password', body.client);

      const settings = await settingsOf(db, user.id);
      const approved = await devicesOf(db, user.id, { approvedOnly: true });
      const devices = approved.map(toWireDevice);
      const brand = brandOf(user);

      // The mobile wrapper's path: a known, approved device of this user signs in directly.
      if (body.secret) {
        const device = await approvedDeviceBySecret(db, body.secret);
        if (device && device.userId === user.id) {
          const session = await db.transaction(async (tx) => {
            await tx
              .update(authDevices)
              .set({
                lastActivityAt: new Date(),
                ...(body.pushToken ? { pushToken: body.pushToken } : {}),
              })
              .where(eq(authDevices.id, device.id));
            const opened = await completeSignIn(
              tx,
              user,
              request,
              body.client,
              'direct',
              device.name,
            );
            await rememberSessionDevice(tx, opened, device.id);
            return opened;
          });
          const issued = await sessions.tokensFor(user, session);
          return {
            answer: {
              authFlow: 'direct',
              accessToken: issued.accessToken,
              refreshToken: issued.refreshToken,
              expiresIn: issued.expiresIn,
              userId: user.id,
            },
            tokens: issued,
          };
        }
      }

      const base = { request, client: body.client, codeChallenge: body.codeChallenge };
      switch (user.login2faMode) {
        case 'otp': {
          if (!settings.totpSecret)
            throw new AppError(
              'VF',
              'Two-step verification is not set up for this account. Please contact support.',
            );
          const pending = await db.transaction(async (tx) => {
            const created = await newPending(tx, user, {
              ...base,
              flow: 'otp',
              ttlMs: PENDING_LOGIN_TTL_MS,
              withCode: true,
            });
            await attempt(tx, user, null, request, 'otp', 'secondFactorRequired', body.client);
            return created;
          });
          return { answer: { authFlow: 'otp', code: pending.code ?? '', userId: user.id } };
        }
        case 'sms': {
          if (!settings.smsPhone)
            throw new AppError(
              'VF',
              'No phone number is set up for SMS codes. Please contact support.',
            );
          const phone = settings.smsPhone;
          const smsCode = sixDigits();
          const smsIdentifier = String(randomInt(10, 100));
          const id = randomUUID();
          const pending = await db.transaction(async (tx) => {
            const created = await newPending(tx, user, {
              ...base,
              id,
              flow: 'sms',
              ttlMs: PENDING_LOGIN_TTL_MS,
              withCode: true,
              extra: {
                smsCodeHash: sha256(`${id}:${smsCode}`),
                smsIdentifier,
                smsExpiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
              },
            });
            await mailer.enqueue(tx, {
              channel: 'sms',
              recipient: phone,
              body: `${smsIdentifier}-${smsCode} is your ${brand.projectName} sign-in code`,
              userId: user.id,
            });
            await attempt(tx, user, null, request, 'sms', 'secondFactorRequired', body.client);
            return created;
          });
          return {
            answer: {
              authFlow: 'sms',
              code: pending.code ?? '',
              phoneNumber: maskPhoneNumber(phone),
              smsIdentifier,
              userId: user.id,
            },
          };
        }
        case 'push': {
          const flow = approved.length > 0 ? 'push' : 'verifyDevice';
          const result = await db.transaction(async (tx) => {
            const pending = await newPending(tx, user, {
              ...base,
              flow,
              ttlMs: PENDING_LOGIN_TTL_MS,
              withCode: true,
            });
            const key = await newDeviceRequest(tx, {
              userId: user.id,
              kind: flow === 'push' ? 'login' : 'verifyDevice',
              title:
                flow === 'push'
                  ? `Sign in to ${brand.projectName}?`
                  : `Link this phone to ${user.email}`,
              details: loginRequestDetails(request),
              expiresAt: pending.expiresAt,
              pendingLoginId: pending.id,
            });
            await tx
              .update(pendingLogins)
              .set({ requestKey: key })
              .where(eq(pendingLogins.id, pending.id));
            await attempt(tx, user, null, request, flow, 'secondFactorRequired', body.client);
            return { pending, key };
          });
          const code = result.pending.code ?? '';
          if (flow === 'push')
            return {
              answer: {
                authFlow: 'push',
                code,
                key: result.key,
                tmpJwt: result.pending.tmpJwt,
                devices,
                userId: user.id,
              },
            };
          return {
            answer: {
              authFlow: 'verifyDevice',
              code,
              key: result.key,
              tmpJwt: result.pending.tmpJwt,
              devices,
              link: `${brand.appUrl}/link-device?key=${result.key}`,
              userId: user.id,
            },
          };
        }
        default: {
          const migration = migrationOf(settings);
          if (migration.req === 'strict') {
            const pending = await db.transaction(async (tx) => {
              const created = await newPending(tx, user, {
                ...base,
                flow: 'scp',
                codeChallenge: null,
                ttlMs: SCP_TTL_MS,
                withCode: false,
              });
              await attempt(tx, user, null, request, 'scp', 'secondFactorRequired', body.client);
              return created;
            });
            const strict: Migration = {
              req: 'strict',
              daysLeft: 0,
              devices,
              tmpJwt: pending.tmpJwt,
              strat: 'enable',
            };
            return { answer: { authFlow: 'simple', userId: user.id, migration: strict } };
          }
          const session = await db.transaction((tx) =>
            completeSignIn(tx, user, request, body.client, 'simple'),
          );
          const issued = await sessions.tokensFor(user, session);
          const answer: LoginResponse = {
            authFlow: 'simple',
            accessToken: issued.accessToken,
            refreshToken: issued.refreshToken,
            expiresIn: issued.expiresIn,
            userId: user.id,
          };
          if (migration.req === 'soft')
            answer.migration = {
              req: 'soft',
              daysLeft: migration.daysLeft,
              devices,
              tmpJwt: null,
              strat: 'enable',
            };
          return { answer, tokens: issued };
        }
      }
    },

    async token(body, request) {
      await assertAddressNotThrottled(db, request.ip, deps.signInAddressLimit);
      if ('secret' in body) {
        const device = await approvedDeviceBySecret(db, body.secret);
        const user = device ? await userById(db, device.userId) : undefined;
        if (!device || !user || user.disabled || user.status !== 'active') {
          await attempt(db, undefined, null, request, 'direct', 'wrongSecret', 'mobile');
          throw new AppError(
            'AU',
            'This device is not known or not approved. Please sign in with your password.',
            { extra: { reason: 'wrongCredentials' } },
          );
        }
        const blocked = await accountBlockedUntil(db, user.email.toLowerCase());
        if (blocked) {
          await attempt(db, user, null, request, 'direct', 'blocked', 'mobile');
          throw accountBlockedError(blocked);
        }
        await refuseOutsideWhitelist(user, request, 'direct', 'mobile');
        const session = await db.transaction(async (tx) => {
          await tx
            .update(authDevices)
            .set({
              lastActivityAt: new Date(),
              ...(body.pushToken ? { pushToken: body.pushToken } : {}),
            })
            .where(eq(authDevices.id, device.id));
          const opened = await completeSignIn(tx, user, request, 'mobile', 'direct', device.name);
          await rememberSessionDevice(tx, opened, device.id);
          return opened;
        });
        return sessions.tokensFor(user, session);
      }

      const [pending] = await db
        .select()
        .from(pendingLogins)
        .where(eq(pendingLogins.codeHash, sha256(body.code)));
      if (!pending || !pending.codeChallenge) {
        await attempt(db, undefined, null, request, 'token', 'codeExpired', null);
        throw authError(
          'This sign-in code is not valid or has expired. Please sign in again.',
          'codeExpired',
        );
      }
      const user = await userById(db, pending.userId);
      if (!user)
        throw authError(
          'This sign-in code is not valid or has expired. Please sign in again.',
          'codeExpired',
        );
      const flow = pending.flow as LoginFlowName;
      const client = pending.client;
      const now = new Date();
      if (pending.usedAt) {
        await attempt(db, user, null, request, flow, 'codeUsed', client);
        throw authError('This sign-in code was already used. Please sign in again.', 'codeUsed');
      }
      if (pending.expiresAt <= now) {
        await attempt(db, user, null, request, flow, 'codeExpired', client);
        throw authError('This sign-in has expired. Please sign in again.', 'codeExpired');
      }
      if (!verifyPkceS256(body.codeVerifier, pending.codeChallenge)) {
        await db.transaction(async (tx) => {
          await tx
            .update(pendingLogins)
            .set({ usedAt: now })
            .where(eq(pendingLogins.id, pending.id));
          await attempt(tx, user, null, request, flow, 'badVerifier', client);
        });
        throw authError(
          'The code verifier does not match this sign-in. Please sign in again.',
          'badVerifier',
        );
      }
      const blocked = await accountBlockedUntil(db, user.email.toLowerCase());
      if (blocked) {
        await attempt(db, user, null, request, flow, 'blocked', client);
        throw accountBlockedError(blocked);
      }
      // The second step may come from another address than the password did.
      await refuseOutsideWhitelist(user, request, flow, client);

      let totpStep: number | null = null;
      let device: string | null = null;
      if (pending.flow === 'otp' || pending.flow === 'sms') {
        if (!body.otp)
          throw AppError.invalid(
            { otp: 'validation.required' },
            pending.flow === 'otp'
              ? 'Enter the code from your authenticator app'
              : 'Enter the code from the SMS',
          );
        if (pending.flow === 'otp') {
          const settings = await settingsOf(db, user.id);
          if (!settings.totpSecret)
            throw new AppError(
              'VF',
              'Two-step verification is not set up for this account. Please contact support.',
            );
          totpStep = matchingTotpStep(
            secretFromBase32(settings.totpSecret),
            body.otp,
            now.getTime(),
          );
          if (totpStep === null)
            return failCode(
              user,
              request,
              'otp',
              'wrongCode',
              client,
              authError('The code is not correct.', 'wrongCode'),
            );
          if (settings.totpLastStep !== null && totpStep <= settings.totpLastStep) {
            return failCode(
              user,
              request,
              'otp',
              'codeUsed',
              client,
              authError(
                'This code was already used. Wait for the next code in your app.',
                'codeUsed',
              ),
            );
          }
        } else {
          if (!pending.smsExpiresAt || pending.smsExpiresAt <= now) {
            await attempt(db, user, null, request, 'sms', 'codeExpired', client);
            throw authError(
              'The SMS code has expired. Please sign in again to get a new one.',
              'codeExpired',
            );
          }
          if (sha256(`${pending.id}:${body.otp}`) !== pending.smsCodeHash) {
            return failCode(
              user,
              request,
              'sms',
              'wrongCode',
              client,
              authError('The code is not correct.', 'wrongCode'),
            );
          }
        }
      } else if (pending.flow === 'push' || pending.flow === 'verifyDevice') {
        if (pending.declinedAt) {
          await db
            .update(pendingLogins)
            .set({ usedAt: now })
            .where(eq(pendingLogins.id, pending.id));
          throw authError('The sign-in was declined on your device.', 'declined', 403);
        }
        if (!pending.approvedAt)
          throw authError('Waiting for approval on your device.', 'pending', 409);
        if (pending.approvedAt.getTime() + CODE_AFTER_APPROVAL_MS <= now.getTime()) {
          await db.transaction(async (tx) => {
            await tx
              .update(pendingLogins)
              .set({ usedAt: now })
              .where(eq(pendingLogins.id, pending.id));
            await attempt(tx, user, null, request, flow, 'codeExpired', client);
          });
          throw authError('This sign-in code has expired. Please sign in again.', 'codeExpired');
        }
        if (pending.requestKey) {
          const [decided] = await db
            .select({ name: authDevices.name })
            .from(deviceRequests)
            .innerJoin(authDevices, eq(authDevices.id, deviceRequests.deviceId))
            .where(eq(deviceRequests.id, pending.requestKey));
          device = decided?.name ?? null;
        }
      } else {
        throw authError(
          'This sign-in code is not valid or has expired. Please sign in again.',
          'codeExpired',
        );
      }

      const outcome = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(pendingLogins)
          .set({ usedAt: now })
          .where(and(eq(pendingLogins.id, pending.id), isNull(pendingLogins.usedAt)))
          .returning({ id: pendingLogins.id });
        if (!claimed) return null;
        if (totpStep !== null) {
          const [stepped] = await tx
            .update(authSettings)
            .set({ totpLastStep: totpStep })
            .where(
              and(
                eq(authSettings.userId, user.id),
                or(isNull(authSettings.totpLastStep), lt(authSettings.totpLastStep, totpStep)),
              ),
            )
            .returning({ userId: authSettings.userId });
          if (!stepped) return 'stepUsed' as const;
        }
        return completeSignIn(tx, user, request, client, flow, device);
      });
      if (outcome === null)
        throw authError('This sign-in code was already used. Please sign in again.', 'codeUsed');
      if (outcome === 'stepUsed')
        throw authError(
          'This code was already used. Wait for the next code in your app.',
          'codeUsed',
        );
      return sessions.tokensFor(user, outcome);
    },

    async decideDeviceRequest(key, approved, actor, ip) {
      const now = new Date();
      const result = await db.transaction(async (tx) => {
        const [requestRow] = await tx
          .select()
          .from(deviceRequests)
          .where(eq(deviceRequests.id, key))
          .for('update');
        if (!requestRow || requestRow.status !== 'pending' || requestRow.expiresAt <= now)
          return null;
        if (actor.kind === 'device') {
          const allowed =
            requestRow.kind === 'login' ||
            requestRow.kind === 'twoStepChange' ||
            Object.hasOwn(deps.deviceRequestHooks ?? {}, requestRow.kind) ||
            (requestRow.kind === 'approveDevice' && requestRow.deviceId !== actor.device.id);
          if (!allowed || requestRow.userId !== actor.device.userId) return null;
          await tx
            .update(authDevices)
            .set({ lastActivityAt: now })
            .where(eq(authDevices.id, actor.device.id));
        }
        let deciderDeviceId: number | null = actor.kind === 'device' ? actor.device.id : null;
        const user = await userById(tx, requestRow.userId);
        if (!user) return null;
        if (
          actor.kind === 'devTool' &&
          (requestRow.kind === 'login' ||
            requestRow.kind === 'approveDevice' ||
            requestRow.kind === 'twoStepChange')
        ) {
          // The development stand-in plays the user's phone: the request went to their approved device.
          const [phone] = await devicesOf(tx, user.id, { approvedOnly: true });
          deciderDeviceId = phone?.id ?? null;
        }
        let modeSet = false;
        if (approved && (requestRow.kind === 'verifyDevice' || requestRow.kind === 'scp')) {
          // The phone that scanned the QR code is linked and approved (in development: the /dev/device stand-in).
          const { device } = await createDevice(tx, user.id, {
            name: 'Phone app',
            code: `app-${randomToken(6)}`,
            type: 'android',
            approved: true,
          });
          deciderDeviceId = device.id;
          await audit(tx, {
            action: 'device.linked',
            userId: user.id,
            customerId: user.customerId,
            ip,
            details: { deviceId: device.id, via: requestRow.kind },
          });
          if (requestRow.kind === 'scp') {
            await tx.update(users).set({ login2faMode: 'push' }).where(eq(users.id, user.id));
            await tx
              .insert(authSettings)
              .values({ userId: user.id, migrationReq: 'none' })
              .onConflictDoUpdate({
                target: authSettings.userId,
                set: { migrationReq: 'none', migrationDeadline: null },
              });
            await audit(tx, {
              action: 'scp.enabled',
              userId: user.id,
              customerId: user.customerId,
              ip,
            });
            modeSet = true;
          }
        }
        await tx
          .update(deviceRequests)
          .set({
            status: approved ? 'approved' : 'denied',
            decidedAt: now,
            ...(requestRow.kind === 'approveDevice' ? {} : { deviceId: deciderDeviceId }),
          })
          .where(eq(deviceRequests.id, key));
        if (requestRow.pendingLoginId) {
          await tx
            .update(pendingLogins)
            .set(approved ? { approvedAt: now } : { declinedAt: now })
            .where(
              and(
                eq(pendingLogins.id, requestRow.pendingLoginId),
                eq(pendingLogins.requestKey, key),
                isNull(pendingLogins.usedAt),
              ),
            );
          if (requestRow.kind === 'login' || requestRow.kind === 'verifyDevice') {
            const [decider] = deciderDeviceId
              ? await tx
                  .select({ name: authDevices.name })
                  .from(authDevices)
                  .where(eq(authDevices.id, deciderDeviceId))
              : [];
            const deciderName = decider?.name ?? null;
            await recordAttempt(tx, {
              userId: user.id,
              username: user.email,
              ip,
              flow: requestRow.kind === 'login' ? 'push' : 'verifyDevice',
              result: approved ? 'approved' : 'declined',
              device: deciderName,
            });
          }
        }
        const hook = deps.deviceRequestHooks?.[requestRow.kind];
        const events = hook
          ? await hook(tx, { id: key, userId: user.id, kind: requestRow.kind }, approved)
          : [];
        return { userId: user.id, pendingLoginId: requestRow.pendingLoginId, modeSet, events };
      });
      if (!result) throw AppError.notFound('No such request is waiting');
      const event = { type: 'LoginRequestDecided' as const, payload: { key, approved } };
      if (result.pendingLoginId) await realtime.publishToLogin(result.pendingLoginId, event);
      else await realtime.publish(result.userId, event);
      if (result.modeSet)
        await realtime.publish(result.userId, { type: 'TwoStepVerificationModeSet' });
      for (const item of result.events) await realtime.publish(item.userId, item.event);
      return { key, approved, userId: result.userId };
    },

    async loginRealtimeTicket(tmpJwt) {
      const claims = await pendingOf(tmpJwt);
      if (!claims)
        throw authError('This sign-in has expired. Please sign in again.', 'codeExpired');
      return sessions.issueLoginRealtimeTicket(claims.pendingLoginId);
    },

    async resendPush(tmpJwt, ip) {
      const pending = await requirePending(tmpJwt);
      if ((pending.flow !== 'push' && pending.flow !== 'verifyDevice') || pending.approvedAt) {
        throw new AppError('VF', 'There is no device request to send again for this sign-in.');
      }
      const user = await userById(db, pending.userId);
      if (!user) throw authError('This sign-in has expired. Please sign in again.', 'codeExpired');
      const brand = brandOf(user);
      return db.transaction(async (tx) => {
        if (pending.requestKey) {
          await tx
            .update(deviceRequests)
            .set({ status: 'superseded', decidedAt: new Date() })
            .where(
              and(eq(deviceRequests.id, pending.requestKey), eq(deviceRequests.status, 'pending')),
            );
        }
        const key = await newDeviceRequest(tx, {
          userId: user.id,
          kind: pending.flow === 'push' ? 'login' : 'verifyDevice',
          title:
            pending.flow === 'push'
              ? `Sign in to ${brand.projectName}?`
              : `Link this phone to ${user.email}`,
          details: loginRequestDetails({
            ip: pending.ip ?? ip,
            userAgent: pending.userAgent ?? undefined,
            brandId: brand.id,
          }),
          expiresAt: pending.expiresAt,
          pendingLoginId: pending.id,
        });
        await tx
          .update(pendingLogins)
          .set({ requestKey: key, declinedAt: null })
          .where(eq(pendingLogins.id, pending.id));
        await audit(tx, {
          action: 'login.pushResent',
          userId: user.id,
          customerId: user.customerId,
          ip,
        });
        return { key };
      });
    },

    async requestScp(bearer, ip) {
      let userId: number;
      let pendingLoginId: string | null = null;
      let expiresAt = new Date(Date.now() + SCP_TTL_MS);
      if (bearer.tmpJwt) {
        const pending = await requirePending(bearer.tmpJwt);
        if (pending.flow !== 'scp')
          throw new AppError('VF', 'This sign-in does not need push to be enabled.');
        userId = pending.userId;
        pendingLoginId = pending.id;
        expiresAt = pending.expiresAt;
      } else if (bearer.userId !== undefined) {
        userId = bearer.userId;
      } else {
        throw AppError.unauthorised('Missing bearer token');
      }
      const user = await userById(db, userId);
      if (!user) throw AppError.unauthorised();
      const brand = brandOf(user);
      const key = await db.transaction(async (tx) => {
        // One enable-push request at a time per user: an older one is replaced.
        await tx
          .update(deviceRequests)
          .set({ status: 'superseded', decidedAt: new Date() })
          .where(
            and(
              eq(deviceRequests.userId, userId),
              eq(deviceRequests.kind, 'scp'),
              eq(deviceRequests.status, 'pending'),
            ),
          );
        const created = await newDeviceRequest(tx, {
          userId,
          kind: 'scp',
          title: 'Enable push sign-in',
          details: { account: user.email },
          expiresAt,
          pendingLoginId,
        });
        if (pendingLoginId)
          await tx
            .update(pendingLogins)
            .set({ requestKey: created })
            .where(eq(pendingLogins.id, pendingLoginId));
        await audit(tx, { action: 'scp.requested', userId, customerId: user.customerId, ip });
        return created;
      });
      return { deeplink: `${brand.appUrl}/enable-push?key=${key}`, key };
    },

    async sendStoreLinks(userId, phoneNumber, ip) {
      const user = await userById(db, userId);
      if (!user) throw AppError.unauthorised();
      const phone = normalisePhoneNumber(phoneNumber);
      if (!phone)
        throw AppError.invalid(
          { phoneNumber: 'validation.phone' },
          'The phone number is not valid',
        );
      const brand = brandOf(user);
      await db.transaction(async (tx) => {
        await mailer.enqueue(tx, {
          channel: 'sms',
          recipient: phone,
          body: `Get the ${brand.projectName} app. App Store: ${brand.storeLinks.appStore} Google Play: ${brand.storeLinks.googlePlay}`,
          userId,
        });
        await audit(tx, { action: 'storeLinks.sent', userId, customerId: user.customerId, ip });
      });
    },

    approveMethods,

    async startDeviceApproval(userId, deviceId, methodId, ip) {
      const device = await ownDevice(db, userId, deviceId);
      if (device.approved) throw new AppError('VF', 'This device is already approved.');
      const available = await approveMethods(userId);
      if (!available.some((method) => method.id === methodId))
        throw new AppError('VF', 'This approval method is not available for your account.');
      const user = await userById(db, userId);
      if (!user) throw AppError.unauthorised();
      const settings = await settingsOf(db, userId);
      const brand = brandOf(user);
      const expiresAt = new Date(Date.now() + SMS_CODE_TTL_MS);
      return db.transaction(async (tx) => {
        let codeHash: string | null = null;
        let key: string | undefined;
        if (methodId === APPROVE_METHOD_IDS.sms && settings.smsPhone) {
          const code = sixDigits();
          codeHash = sha256(`${deviceId}:${code}`);
          await mailer.enqueue(tx, {
            channel: 'sms',
            recipient: settings.smsPhone,
            body: `${code} is your ${brand.projectName} code to approve the device "${device.name}"`,
            userId,
          });
        } else if (methodId === APPROVE_METHOD_IDS.existingDevice) {
          key = await newDeviceRequest(tx, {
            userId,
            kind: 'approveDevice',
            title: `Approve the new device "${device.name}"?`,
            details: { device: device.name, type: device.type },
            expiresAt,
            pendingLoginId: null,
            deviceId,
          });
        }
        const values = { methodId, codeHash, requestKey: key ?? null, expiresAt };
        await tx
          .insert(deviceApprovalCodes)
          .values({ deviceId, ...values })
          .onConflictDoUpdate({ target: deviceApprovalCodes.deviceId, set: values });
        await audit(tx, {
          action: 'device.approvalStarted',
          userId,
          customerId: user.customerId,
          ip,
          details: { deviceId, methodId },
        });
        return { deviceId, methodId, ...(key ? { key } : {}) };
      });
    },

    async completeDeviceApproval(userId, deviceId, methodId, code, ip) {
      const device = await ownDevice(db, userId, deviceId);
      if (device.approved) throw new AppError('VF', 'This device is already approved.');
      const user = await userById(db, userId);
      if (!user) throw AppError.unauthorised();
      const [started] = await db
        .select()
        .from(deviceApprovalCodes)
        .where(
          and(
            eq(deviceApprovalCodes.deviceId, deviceId),
            eq(deviceApprovalCodes.methodId, methodId),
          ),
        );
      if (!started) throw new AppError('VF', 'Start the approval with this method first.');
      const now = new Date();
      if (started.expiresAt <= now)
        throw authError('The approval code has expired. Start the approval again.', 'codeExpired');
      let totpStep: number | null = null;
      const wrong = async () => {
        await db.transaction((tx) => registerAccountFailure(tx, user.email.toLowerCase()));
        throw authError('The code is not correct.', 'wrongCode');
      };
      if (methodId === APPROVE_METHOD_IDS.sms) {
        if (!code) throw AppError.invalid({ code: 'validation.required' });
        if (sha256(`${deviceId}:${code}`) !== started.codeHash) await wrong();
      } else if (methodId === APPROVE_METHOD_IDS.otp) {
        if (!code) throw AppError.invalid({ code: 'validation.required' });
        const settings = await settingsOf(db, userId);
        totpStep = settings.totpSecret
          ? matchingTotpStep(secretFromBase32(settings.totpSecret), code, now.getTime())
          : null;
        if (
          totpStep === null ||
          (settings.totpLastStep !== null && totpStep <= settings.totpLastStep)
        )
          await wrong();
      } else {
        const [decision] = started.requestKey
          ? await db
              .select({ status: deviceRequests.status })
              .from(deviceRequests)
              .where(eq(deviceRequests.id, started.requestKey))
          : [];
        if (decision?.status === 'denied')
          throw authError('The request was declined on your other device.', 'declined', 403);
        if (decision?.status !== 'approved')
          throw authError('Waiting for approval on your other device.', 'pending', 409);
      }
      return db.transaction(async (tx) => {
        if (totpStep !== null)
          await tx
            .update(authSettings)
            .set({ totpLastStep: totpStep })
            .where(eq(authSettings.userId, userId));
        const [updated] = await tx
          .update(authDevices)
          .set({ approved: true, approvedAt: now })
          .where(eq(authDevices.id, deviceId))
          .returning();
        await tx.delete(deviceApprovalCodes).where(eq(deviceApprovalCodes.deviceId, deviceId));
        await audit(tx, {
          action: 'device.approved',
          userId,
          customerId: user.customerId,
          ip,
          details: { deviceId, methodId },
        });
        if (!updated) throw AppError.notFound('Device not found');
        return updated;
      });
    },
  };
}
