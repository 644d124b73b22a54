import { z } from 'zod';
import { defineRoute } from '../define';
import { MAX_ID, responseHeadSchema } from '../envelope';
import {
  altchaChallengeSchema,
  approveMethodsResponseSchema,
  authDeviceSchema,
  authErrorSchema,
  deviceApproveCompleteSchema,
  deviceApproveStartResponseSchema,
  deviceApproveStartSchema,
  deviceCreatedSchema,
  deviceCreateSchema,
  deviceListSchema,
  deviceRenameSchema,
  loginConfirmRequestSchema,
  loginConfirmResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  pushResendResponseSchema,
  realtimeTicketRequestSchema,
  refreshRequestSchema,
  scpResponseSchema,
  seiAuthorizationSchema,
  seiAuthorizeRequestSchema,
  storesUrlsRequestSchema,
  tokenRequestSchema,
  tokensSchema,
} from '../auth';
import { realtimeTicketResponseSchema } from '../realtime/events';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

const deviceParams = lazySchema(() => z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) }));
const approveParams = lazySchema(() =>
  z.object({
    id: z.coerce.number().int().min(1).max(MAX_ID),
    methodId: z.coerce.number().int().min(1).max(3),
  }),
);

/**
 * The auth service under /api/auth and the device API under /api/device-api (spec 1 §7);
 * packages/contract/src/auth.ts describes each call's flow. Errors answer the auth envelope
 * (responseCode, responseDescription, validationErrors?, reason?, blockedUntil?, retryAfter?).
 */
export const authRoutes = {
  altcha: defineRoute({
    method: 'GET',
    path: '/api/auth/altcha',
    auth: 'public',
    rateLimited: true,
    response: altchaChallengeSchema,
    error: authErrorSchema,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    auth: 'public',
    rateLimited: true,
    body: loginRequestSchema,
    response: loginResponseSchema,
    error: authErrorSchema,
  }),
  token: defineRoute({
    method: 'POST',
    path: '/api/auth/token',
    auth: 'public',
    rateLimited: true,
    body: tokenRequestSchema,
    response: tokensSchema,
    error: authErrorSchema,
  }),
  /** The body's token (mobile wrapper) or the HttpOnly cookie (browser). */
  refresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    auth: 'own',
    rateLimited: true,
    body: refreshRequestSchema,
    response: tokensSchema,
    error: authErrorSchema,
  }),
  /** A bearer, the cookie or the body's refresh token names the session to end. */
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'own',
    body: logoutRequestSchema,
    response: responseHeadSchema,
    error: authErrorSchema,
  }),
  /** For this session (bearer), or for a pending sign-in ({tmpJwt}, no bearer). */
  realtimeTicket: defineRoute({
    method: 'POST',
    path: '/api/auth/realtime-ticket',
    auth: 'own',
    body: realtimeTicketRequestSchema,
    response: realtimeTicketResponseSchema,
    error: authErrorSchema,
  }),
  /** The phone app's decision on a push sign-in (bearer: the device secret). */
  loginConfirm: defineRoute({
    method: 'PUT',
    path: '/api/auth/login/:key/confirm',
    auth: 'own',
    params: lazySchema(() => z.object({ key: z.uuid() })),
    body: loginConfirmRequestSchema,
    response: loginConfirmResponseSchema,
    error: authErrorSchema,
  }),
  /** Bearer: the pending sign-in's tmpJwt. */
  pushResend: defineRoute({
    method: 'POST',
    path: '/api/auth/push/re-send',
    auth: 'own',
    response: pushResendResponseSchema,
    error: authErrorSchema,
  }),
  /** Bearer: a strict migration's tmpJwt, or an access token. */
  scpRequest: defineRoute({
    method: 'POST',
    path: '/api/auth/scp/request',
    auth: 'own',
    response: scpResponseSchema,
    error: authErrorSchema,
  }),
  /** Bearer: an access token or a pending sign-in's tmpJwt. */
  storesUrlsSend: defineRoute({
    method: 'POST',
    path: '/api/auth/stores-urls/send',
    auth: 'own',
    rateLimited: true,
    body: storesUrlsRequestSchema,
    response: responseHeadSchema,
    error: authErrorSchema,
  }),
  devices: {
    list: defineRoute({
      method: 'GET',
      path: '/api/auth/devices',
      auth: 'session',
      response: deviceListSchema,
      error: authErrorSchema,
    }),
    create: defineRoute({
      method: 'POST',
      path: '/api/auth/devices',
      auth: 'session',
      body: deviceCreateSchema,
      response: deviceCreatedSchema,
      error: authErrorSchema,
    }),
    approveMethods: defineRoute({
      method: 'GET',
      path: '/api/auth/devices/approve-methods',
      auth: 'session',
      response: approveMethodsResponseSchema,
      error: authErrorSchema,
    }),
    get: defineRoute({
      method: 'GET',
      path: '/api/auth/devices/:id',
      auth: 'session',
      params: deviceParams,
      response: authDeviceSchema,
      error: authErrorSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: '/api/auth/devices/:id',
      auth: 'session',
      params: deviceParams,
      response: responseHeadSchema,
      error: authErrorSchema,
    }),
    rename: defineRoute({
      method: 'PATCH',
      path: '/api/auth/devices/:id',
      auth: 'session',
      params: deviceParams,
      body: deviceRenameSchema,
      response: authDeviceSchema,
      error: authErrorSchema,
    }),
    approveStart: defineRoute({
      method: 'POST',
      path: '/api/auth/devices/:id/approve',
      auth: 'session',
      params: deviceParams,
      body: deviceApproveStartSchema,
      response: deviceApproveStartResponseSchema,
      error: authErrorSchema,
    }),
    approveComplete: defineRoute({
      method: 'PATCH',
      path: '/api/auth/devices/:id/approve/:methodId',
      auth: 'session',
      params: approveParams,
      body: deviceApproveCompleteSchema,
      response: authDeviceSchema,
      error: authErrorSchema,
    }),
  },
  sei: {
    authorize: defineRoute({
      method: 'POST',
      path: '/api/auth/sei/authorize',
      auth: 'session',
      body: seiAuthorizeRequestSchema,
      response: seiAuthorizationSchema,
      error: authErrorSchema,
    }),
    approve: defineRoute({
      method: 'POST',
      path: '/api/auth/sei/authorize/:authorizationId',
      auth: 'session',
      params: lazySchema(() => z.object({ authorizationId: z.uuid() })),
      response: seiAuthorizationSchema,
      error: authErrorSchema,
    }),
  },
  /** /api/device-api (spec 1 §7): the signed-in user's devices, list and delete. */
  deviceApi: {
    list: defineRoute({
      method: 'GET',
      path: '/api/device-api/device',
      auth: 'session',
      response: deviceListSchema,
      error: authErrorSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: '/api/device-api/device/:id',
      auth: 'session',
      params: deviceParams,
      response: responseHeadSchema,
      error: authErrorSchema,
    }),
  },
};
