import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authRoutes as routes, type Tokens } from '@ledgerline/contract';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { audit } from '../audit';
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

/** /api/auth (spec 1 §7) and /api/device-api; packages/contract/src/auth/routes.ts is their table. */
export async function authRoutes(
  app: FastifyInstance,
  opts: { services: Services; db: Database },
): Promise<void> {
  const { services, db } = opts;

  route(app, routes.altcha, async () => {
    const challenge = await services.botCheck.challenge();
    return { ...challenge, parameters: { ...challenge.parameters } };
  });

  route(app, routes.login, async (request, reply) => {
    const outcome = await services.auth.login(request.body, requestInfo(request, services));
    const answer = { ...outcome.answer };
    if (outcome.tokens) {
      setRefreshCookie(reply, outcome.tokens.refreshToken, outcome.tokens.sessionExpiresAt);
      if (outcome.tokens.client === 'web') delete answer.refreshToken;
    }
    return answer;
  });

  route(app, routes.token, async (request, reply) => {
    const tokens = await services.auth.token(request.body, requestInfo(request, services));
    return answerTokens(reply, tokens);
  });

  route(app, routes.refresh, async (request, reply) => {
    // The body's token (mobile wrapper) when given — even an empty one, which is refused — else the cookie.
    const presented =
      request.body.refreshToken !== undefined
        ? request.body.refreshToken
        : readRefreshCookie(request);
    try {
      return answerTokens(reply, await services.sessions.refresh(presented, request.ip));
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  route(app, routes.logout, async (request, reply) => {
    let sessionId: string | null = null;
    if (bearerOf(request)) {
      const claims = await services.sessions.authenticate(bearerOf(request) ?? '');
      sessionId = claims?.sessionId ?? null;
    }
    sessionId ??= request.body.refreshToken
      ? await services.sessions.sessionOfRefreshToken(request.body.refreshToken)
      : null;
    const cookie = readRefreshCookie(request);
    sessionId ??= cookie ? await services.sessions.sessionOfRefreshToken(cookie) : null;
    clearRefreshCookie(reply);
    if (!sessionId) throw AppError.unauthorised('Not signed in');
    await services.sessions.signOut(sessionId, request.ip);
    return { responseCode: '00', responseDescription: 'Signed out' };
  });

  /** A short-lived, single-use ticket that opens the realtime WebSocket: for this session (bearer), or for a pending sign-in ({tmpJwt}). */
  route(app, routes.realtimeTicket, async (request) => {
    if (request.headers.authorization) {
      const caller = await app.authenticate(request);
      return services.sessions.issueRealtimeTicket(caller);
    }
    if (!request.body.tmpJwt) throw AppError.unauthorised('Missing bearer token');
    return services.auth.loginRealtimeTicket(request.body.tmpJwt);
  });

  /** The phone app's decision on a push sign-in (bearer: the device secret). */
  route(app, routes.loginConfirm, async (request) => {
    const secret = bearerOf(request);
    const device = secret ? await approvedDeviceBySecret(db, secret) : null;
    if (!device) throw AppError.unauthorised('This device is not known or not approved');
    const decided = await services.auth.decideDeviceRequest(
      request.params.key,
      request.body.result,
      { kind: 'device', device },
      request.ip,
    );
    return { key: decided.key, approved: decided.approved };
  });

  route(app, routes.pushResend, async (request) => {
    const tmpJwt = bearerOf(request);
    if (!tmpJwt) throw AppError.unauthorised('Missing bearer token');
    return services.auth.resendPush(tmpJwt, request.ip);
  });

  route(app, routes.scpRequest, async (request) => {
    const bearer = bearerOf(request);
    if (!bearer) throw AppError.unauthorised('Missing bearer token');
    if (await services.auth.pendingOf(bearer))
      return services.auth.requestScp({ tmpJwt: bearer }, request.ip);
    const caller = await app.authenticate(request);
    return services.auth.requestScp({ userId: caller.userId }, request.ip);
  });

  route(app, routes.storesUrlsSend, async (request) => {
    const bearer = bearerOf(request);
    if (!bearer) throw AppError.unauthorised('Missing bearer token');
    const pending = await services.auth.pendingOf(bearer);
    const userId = pending?.userId ?? (await app.authenticate(request)).userId;
    await services.auth.sendStoreLinks(userId, request.body.phoneNumber, request.ip);
    return { ...OK, responseDescription: 'The links were sent by SMS' };
  });

  // ---- Devices of the signed-in user ----

  route(app, routes.devices.list, async (_request, _reply, caller) => ({
    devices: await devicesOfCaller(db, caller),
  }));

  route(app, routes.devices.create, async (request, _reply, caller) => {
    const created = await db.transaction(async (tx) => {
      const result = await createDevice(tx, caller.userId, { ...request.body, approved: false });
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

  route(app, routes.devices.approveMethods, async (_request, _reply, caller) => ({
    methods: await services.auth.approveMethods(caller.userId),
  }));

  route(app, routes.devices.get, async (request, _reply, caller) =>
    toWireDevice(await ownDevice(db, caller.userId, request.params.id)),
  );

  route(app, routes.devices.remove, async (request, _reply, caller) => {
    await removeDevice(db, caller, request.params.id, request.ip);
    return { ...OK, responseDescription: 'Device removed' };
  });

  /** Renames one of the caller's devices (issue 6, the security centre); another user's id is 404. */
  route(app, routes.devices.rename, async (request, _reply, caller) => {
    const { id } = request.params;
    const { name } = request.body;
    const renamed = await db.transaction(async (tx) => {
      const before = await ownDevice(tx, caller.userId, id, { forUpdate: true });
      const [row] = await tx
        .update(authDevices)
        .set({ name })
        .where(and(eq(authDevices.id, id), eq(authDevices.userId, caller.userId)))
        .returning();
      if (!row) throw AppError.notFound('Device not found');
      await audit(tx, {
        action: 'device.renamed',
        userId: caller.userId,
        customerId: caller.customerId,
        ip: request.ip,
        details: { deviceId: id, from: before.name, to: name },
      });
      return row;
    });
    const [current] = await db
      .select({ deviceId: sessionDevices.deviceId })
      .from(sessionDevices)
      .where(eq(sessionDevices.sessionId, caller.sessionId));
    return { ...toWireDevice(renamed), isCurrent: current?.deviceId === id };
  });

  route(app, routes.devices.approveStart, async (request, _reply, caller) =>
    services.auth.startDeviceApproval(
      caller.userId,
      request.params.id,
      request.body.methodId,
      request.ip,
    ),
  );

  route(app, routes.devices.approveComplete, async (request, _reply, caller) =>
    toWireDevice(
      await services.auth.completeDeviceApproval(
        caller.userId,
        request.params.id,
        request.params.methodId,
        request.body.code,
        request.ip,
      ),
    ),
  );

  // ---- SEI ----

  route(app, routes.sei.authorize, async (request, _reply, caller) =>
    createSeiAuthorization(db, caller, request.body.path, request.ip),
  );

  route(app, routes.sei.approve, async (request, _reply, caller) =>
    approveSeiAuthorization(db, caller, request.params.authorizationId, request.ip),
  );

  // ---- /api/device-api (spec 1 §7): the signed-in user's devices, list and delete ----

  route(app, routes.deviceApi.list, async (_request, _reply, caller) => ({
    devices: await devicesOfCaller(db, caller),
  }));

  route(app, routes.deviceApi.remove, async (request, _reply, caller) => {
    await removeDevice(db, caller, request.params.id, request.ip);
    return { ...OK, responseDescription: 'Device removed' };
  });
}
