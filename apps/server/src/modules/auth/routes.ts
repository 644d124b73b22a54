import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_ID,
  deviceApproveCompleteSchema,
  deviceApproveStartSchema,
  deviceCreateSchema,
  deviceRenameSchema,
  loginConfirmRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  realtimeTicketRequestSchema,
  refreshRequestSchema,
  seiAuthorizeRequestSchema,
  storesUrlsRequestSchema,
  tokenRequestSchema,
  type LoginResponse,
  type Tokens,
} from '@ledgerline/contract';
import { AppError, issuesToValidationErrors } from '../../lib/errors';
import { audit } from '../audit';
import { authenticateRequest } from '../../plugins/auth-guard';
import type { Services } from '../../services';
import type { Database } from '../../db/client';
import { authDevices, sessionDevices } from '../../db/schema';
import { and, eq } from 'drizzle-orm';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookies';
import {
  approvedDeviceBySecret,
  createDevice,
  devicesOf,
  ownDevice,
  toWireDevice,
} from './devices';
import type { RequestInfo } from './flows';
import type { IssuedTokens } from './sessions';
import { approveSeiAuthorization, createSeiAuthorization } from './sei';

const deviceParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });
const approveParams = z.object({
  id: z.coerce.number().int().min(1).max(MAX_ID),
  methodId: z.coerce.number().int().min(1).max(3),
});
const keyParams = z.object({ key: z.uuid() });
const seiParams = z.object({ authorizationId: z.uuid() });

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw AppError.invalid(issuesToValidationErrors(parsed.error.issues));
  return parsed.data;
}

/** The bearer credential of the Authorization header, whatever it is (access token, tmpJwt, device secret). */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer ([A-Za-z0-9\-_.~+/=]{1,2048})$/.exec(header) : null;
  return match?.[1];
}

function requestInfo(request: FastifyRequest, services: Services): RequestInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    brandId: services.botCheck.brandOf(request.headers.host),
  };
}

/** Tokens for the body: the browser ('web') gets its refresh token only in the HttpOnly cookie. */
function tokenBody(tokens: IssuedTokens): Tokens {
  return {
    accessToken: tokens.accessToken,
    ...(tokens.client === 'web' ? {} : { refreshToken: tokens.refreshToken }),
    expiresIn: tokens.expiresIn,
    userId: tokens.userId,
  };
}

function answerTokens(reply: FastifyReply, tokens: IssuedTokens): Tokens {
  setRefreshCookie(reply, tokens.refreshToken, tokens.sessionExpiresAt);
  return tokenBody(tokens);
}

const OK = { responseCode: '00', responseDescription: 'Success' } as const;

/** Deletes the caller's own device; another user's id is 404. */
async function removeDevice(
  db: Database,
  caller: { userId: number; customerId: number },
  id: number,
  ip: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await ownDevice(tx, caller.userId, id, { forUpdate: true });
    await tx
      .delete(authDevices)
      .where(and(eq(authDevices.id, id), eq(authDevices.userId, caller.userId)));
    await audit(tx, {
      action: 'device.deleted',
      userId: caller.userId,
      customerId: caller.customerId,
      ip,
      details: { deviceId: id },
    });
  });
}

/** The caller's devices; the one this session signed in through (direct flow) is marked isCurrent. */
async function devicesOfCaller(db: Database, caller: { userId: number; sessionId: string }) {
  const [current] = await db
    .select({ deviceId: sessionDevices.deviceId })
    .from(sessionDevices)
    .where(eq(sessionDevices.sessionId, caller.sessionId));
  return (await devicesOf(db, caller.userId)).map((device) => ({
    ...toWireDevice(device),
    isCurrent: device.id === current?.deviceId,
  }));
}

/** /api/auth (spec 1 §7); packages/contract/src/auth.ts describes every call and flow. */
export async function authRoutes(
  app: FastifyInstance,
  opts: { services: Services; db: Database },
): Promise<void> {
  const { services, db } = opts;
  const limitStrangers = app.rateLimit();

  async function signedIn(request: FastifyRequest) {
    return authenticateRequest(request, services);
  }

  app.get('/altcha', { preHandler: limitStrangers }, async () => services.botCheck.challenge());

  app.post('/login', { preHandler: limitStrangers }, async (request, reply) => {
    const body = parse(loginRequestSchema, request.body);
    const outcome = await services.auth.login(body, requestInfo(request, services));
    const answer: LoginResponse = { ...outcome.answer };
    if (outcome.tokens) {
      setRefreshCookie(reply, outcome.tokens.refreshToken, outcome.tokens.sessionExpiresAt);
      if (outcome.tokens.client === 'web') delete answer.refreshToken;
    }
    return answer;
  });

  app.post('/token', { preHandler: limitStrangers }, async (request, reply) => {
    const body = parse(tokenRequestSchema, request.body);
    const tokens = await services.auth.token(body, requestInfo(request, services));
    return answerTokens(reply, tokens);
  });

  app.post('/refresh', { preHandler: limitStrangers }, async (request, reply) => {
    const body = parse(refreshRequestSchema, request.body);
    // The body's token (mobile wrapper) when given — even an empty one, which is refused — else the cookie.
    const presented =
      body.refreshToken !== undefined ? body.refreshToken : readRefreshCookie(request);
    try {
      return answerTokens(reply, await services.sessions.refresh(presented, request.ip));
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  app.post('/logout', async (request, reply) => {
    const body = parse(logoutRequestSchema, request.body);
    let sessionId: string | null = null;
    if (bearerOf(request)) {
      const claims = await services.sessions.authenticate(bearerOf(request) ?? '');
      sessionId = claims?.sessionId ?? null;
    }
    sessionId ??= body.refreshToken
      ? await services.sessions.sessionOfRefreshToken(body.refreshToken)
      : null;
    const cookie = readRefreshCookie(request);
    sessionId ??= cookie ? await services.sessions.sessionOfRefreshToken(cookie) : null;
    clearRefreshCookie(reply);
    if (!sessionId) throw AppError.unauthorised('Not signed in');
    await services.sessions.signOut(sessionId, request.ip);
    return { responseCode: '00', responseDescription: 'Signed out' };
  });

  /** A short-lived, single-use ticket that opens the realtime WebSocket: for this session (bearer), or for a pending sign-in ({tmpJwt}). */
  app.post('/realtime-ticket', async (request) => {
    if (request.headers.authorization) {
      const caller = await signedIn(request);
      return services.sessions.issueRealtimeTicket(caller);
    }
    const body = parse(realtimeTicketRequestSchema, request.body);
    if (!body.tmpJwt) throw AppError.unauthorised('Missing bearer token');
    return services.auth.loginRealtimeTicket(body.tmpJwt);
  });

  /** The phone app's decision on a push sign-in (bearer: the device secret). */
  app.put('/login/:key/confirm', async (request) => {
    const { key } = parse(keyParams, request.params);
    const body = parse(loginConfirmRequestSchema, request.body);
    const secret = bearerOf(request);
    const device = secret ? await approvedDeviceBySecret(db, secret) : null;
    if (!device) throw AppError.unauthorised('This device is not known or not approved');
    const decided = await services.auth.decideDeviceRequest(
      key,
      body.result,
      { kind: 'device', device },
      request.ip,
    );
    return { key: decided.key, approved: decided.approved };
  });

  app.post('/push/re-send', async (request) => {
    const tmpJwt = bearerOf(request);
    if (!tmpJwt) throw AppError.unauthorised('Missing bearer token');
    return services.auth.resendPush(tmpJwt, request.ip);
  });

  app.post('/scp/request', async (request) => {
    const bearer = bearerOf(request);
    if (!bearer) throw AppError.unauthorised('Missing bearer token');
    if (await services.auth.pendingOf(bearer))
      return services.auth.requestScp({ tmpJwt: bearer }, request.ip);
    const caller = await signedIn(request);
    return services.auth.requestScp({ userId: caller.userId }, request.ip);
  });

  app.post('/stores-urls/send', { preHandler: limitStrangers }, async (request) => {
    const body = parse(storesUrlsRequestSchema, request.body);
    const bearer = bearerOf(request);
    if (!bearer) throw AppError.unauthorised('Missing bearer token');
    const pending = await services.auth.pendingOf(bearer);
    const userId = pending?.userId ?? (await signedIn(request)).userId;
    await services.auth.sendStoreLinks(userId, body.phoneNumber, request.ip);
    return { ...OK, responseDescription: 'The links were sent by SMS' };
  });

  // ---- Devices of the signed-in user ----

  app.get('/devices', async (request) => {
    const caller = await signedIn(request);
    return { devices: await devicesOfCaller(db, caller) };
  });

  app.post('/devices', async (request) => {
    const caller = await signedIn(request);
    const body = parse(deviceCreateSchema, request.body);
    const created = await db.transaction(async (tx) => {
      const result = await createDevice(tx, caller.userId, { ...body, approved: false });
      await audit(tx, {
        action: 'device.created',
        userId: caller.userId,
        customerId: caller.customerId,
        ip: request.ip,
        details: { deviceId: result.device.id },
      });
      return result;
    });
    return { ...toWireDevice(created.device), secret: created.secret };
  });

  app.get('/devices/approve-methods', async (request) => {
    const caller = await signedIn(request);
    return { methods: await services.auth.approveMethods(caller.userId) };
  });

  app.get('/devices/:id', async (request) => {
    const caller = await signedIn(request);
    const { id } = parse(deviceParams, request.params);
    return toWireDevice(await ownDevice(db, caller.userId, id));
  });

  app.delete('/devices/:id', async (request) => {
    const caller = await signedIn(request);
    const { id } = parse(deviceParams, request.params);
    await removeDevice(db, caller, id, request.ip);
    return { ...OK, responseDescription: 'Device removed' };
  });

  /** Renames one of the caller's devices (issue 6, the security centre); another user's id is 404. */
  app.patch('/devices/:id', async (request) => {
    const caller = await signedIn(request);
    const { id } = parse(deviceParams, request.params);
    const body = parse(deviceRenameSchema, request.body);
    const renamed = await db.transaction(async (tx) => {
      const before = await ownDevice(tx, caller.userId, id, { forUpdate: true });
      const [row] = await tx
        .update(authDevices)
        .set({ name: body.name })
        .where(and(eq(authDevices.id, id), eq(authDevices.userId, caller.userId)))
        .returning();
      if (!row) throw AppError.notFound('Device not found');
      await audit(tx, {
        action: 'device.renamed',
        userId: caller.userId,
        customerId: caller.customerId,
        ip: request.ip,
        details: { deviceId: id, from: before.name, to: body.name },
      });
      return row;
    });
    const [current] = await db
      .select({ deviceId: sessionDevices.deviceId })
      .from(sessionDevices)
      .where(eq(sessionDevices.sessionId, caller.sessionId));
    return { ...toWireDevice(renamed), isCurrent: current?.deviceId === id };
  });

  app.post('/devices/:id/approve', async (request) => {
    const caller = await signedIn(request);
    const { id } = parse(deviceParams, request.params);
    const body = parse(deviceApproveStartSchema, request.body);
    return services.auth.startDeviceApproval(caller.userId, id, body.methodId, request.ip);
  });

  app.patch('/devices/:id/approve/:methodId', async (request) => {
    const caller = await signedIn(request);
    const { id, methodId } = parse(approveParams, request.params);
    const body = parse(deviceApproveCompleteSchema, request.body);
    return toWireDevice(
      await services.auth.completeDeviceApproval(
        caller.userId,
        id,
        methodId,
        body.code,
        request.ip,
      ),
    );
  });

  // ---- SEI ----

  app.post('/sei/authorize', async (request) => {
    const caller = await signedIn(request);
    const body = parse(seiAuthorizeRequestSchema, request.body);
    return createSeiAuthorization(db, caller, body.path, request.ip);
  });

  app.post('/sei/authorize/:authorizationId', async (request) => {
    const caller = await signedIn(request);
    const { authorizationId } = parse(seiParams, request.params);
    return approveSeiAuthorization(db, caller, authorizationId, request.ip);
  });
}

/** /api/device-api (spec 1 §7): the signed-in user's devices, list and delete. */
export async function deviceApiRoutes(
  app: FastifyInstance,
  opts: { services: Services; db: Database },
): Promise<void> {
  const { services, db } = opts;
  app.get('/device', async (request) => {
    const caller = await authenticateRequest(request, services);
    return { devices: await devicesOfCaller(db, caller) };
  });
  app.delete('/device/:id', async (request) => {
    const caller = await authenticateRequest(request, services);
    const { id } = parse(deviceParams, request.params);
    await removeDevice(db, caller, id, request.ip);
    return { ...OK, responseDescription: 'Device removed' };
  });
}
