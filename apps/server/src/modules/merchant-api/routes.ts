import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  merchantApiRoutes,
  paymentRequestApiRoutes,
  publicApiOpenApi,
  publicApiRoutes,
} from '@ledgerline/contract';
import { fromIsoLanguage } from '@ledgerline/domain';
import type { Database } from '../../db/client';
import type { Actor, Caller } from '../../lib/actor';
import type { SiteResolver } from '../../lib/site';
import { route } from '../../lib/route';
import { resolveActor } from '../customers';
import { preapprovedPublicApiRoutes } from '../preapproved';
import type { RealtimeHub } from '../realtime';
import {
  cancelPaymentRequest,
  companyPaymentRequest,
  createPaymentRequest,
  payLinkOrigin,
  refundPayment,
} from '../pay';
import { createAllowedIp, deleteAllowedIp, listAllowedIps, updateAllowedIp } from './allowed-ips';
import { idempotencyGuard, idempotencyKeyOf, idempotencyRecorder } from './idempotency';
import { keyAuthenticator, requestRecorder, requireScope } from './key-auth';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './keys';
import { companyBalances, companyPayment, companyPayments } from './public-api';
import { listApiRequests } from './request-log';

const OK = { responseCode: '00', responseDescription: 'Success' } as const;

/** The signed-in user acting for the company the request names (spec 2 §6 fromCustomerId). */
function actorFor(
  db: Database,
  request: FastifyRequest,
  caller: Caller,
  customerId: number,
): Promise<Actor> {
  return resolveActor(db, caller, {
    fromCustomerId: customerId,
    lang: fromIsoLanguage(request.headers['accept-language']),
    ip: request.ip,
    brandId: undefined,
    operation: `${request.method} ${request.routeOptions.url ?? ''}`,
  });
}

/** public-api/apikey, allowedip and apirequest: the company's full-access users manage its keys. */
export async function merchantApiManagementRoutes(
  app: FastifyInstance,
  db: Database,
): Promise<void> {
  const keys = merchantApiRoutes.apiKeys;
  route(app, keys.create, async (request, _reply, caller) => {
    const { customerId, ...input } = request.body;
    const actor = await actorFor(db, request, caller, customerId);
    return { ...OK, ...(await createApiKey(db, actor, input)) };
  });
  route(app, keys.list, async (request, _reply, caller) => {
    const actor = await actorFor(db, request, caller, request.query.customerId);
    return { ...OK, apiKeys: await listApiKeys(db, actor) };
  });
  route(app, keys.update, async (request, _reply, caller) => {
    const { customerId, ...change } = request.body;
    const actor = await actorFor(db, request, caller, customerId);
    return { ...OK, apiKey: await updateApiKey(db, actor, request.params.id, change) };
  });
  route(app, keys.delete, async (request, _reply, caller) => {
    const actor = await actorFor(db, request, caller, request.query.customerId);
    await deleteApiKey(db, actor, request.params.id);
    return { ...OK, id: request.params.id };
  });

  const ranges = merchantApiRoutes.allowedIps;
  route(app, ranges.create, async (request, _reply, caller) => {
    const { customerId, ...input } = request.body;
    const actor = await actorFor(db, request, caller, customerId);
    return { ...OK, allowedIp: await createAllowedIp(db, actor, input) };
  });
  route(app, ranges.list, async (request, _reply, caller) => {
    const actor = await actorFor(db, request, caller, request.query.customerId);
    return { ...OK, allowedIps: await listAllowedIps(db, actor) };
  });
  route(app, ranges.update, async (request, _reply, caller) => {
    const { customerId, ...change } = request.body;
    const actor = await actorFor(db, request, caller, customerId);
    return { ...OK, allowedIp: await updateAllowedIp(db, actor, request.params.id, change) };
  });
  route(app, ranges.delete, async (request, _reply, caller) => {
    const actor = await actorFor(db, request, caller, request.query.customerId);
    await deleteAllowedIp(db, actor, request.params.id);
    return { ...OK, id: request.params.id };
  });

  route(app, merchantApiRoutes.apiRequests, async (request, _reply, caller) => {
    const { customerId, ...filter } = request.query;
    const actor = await actorFor(db, request, caller, customerId);
    return { ...OK, ...(await listApiRequests(db, actor, filter)) };
  });
}

/** The public API's OpenAPI description: outside the key's scope, anyone may read it. */
export async function publicApiDocumentRoute(app: FastifyInstance): Promise<void> {
  const document = publicApiOpenApi();
  route(app, publicApiRoutes.openApi, async () => document);
}

/** The public API v1, in its own scope: every route behind the key, every call logged. */
export async function publicApiV1Routes(
  app: FastifyInstance,
  options: {
    db: Database;
    ratePerMinute: number;
    site: SiteResolver;
    brandHosts: Record<string, string>;
    realtime: RealtimeHub;
  },
): Promise<void> {
  const { db } = options;
  app.addHook('onRequest', keyAuthenticator(db, { ratePerMinute: options.ratePerMinute }));
  app.addHook('onSend', requestRecorder(db));
  // Every POST of v1, this file's and any added later, runs once per Idempotency-Key.
  app.addHook('preHandler', idempotencyGuard(db));
  app.addHook('onSend', idempotencyRecorder(db));

  route(app, publicApiRoutes.balances, async (request) => {
    const key = requireScope(request, 'read');
    return { ...OK, balances: await companyBalances(db, key.customerId) };
  });
  route(app, publicApiRoutes.payments, async (request) => {
    const key = requireScope(request, 'read');
    const page = await companyPayments(db, key.customerId, {
      limit: request.query.limit ?? 20,
      cursor: request.query.cursor,
    });
    return { ...OK, ...page };
  });
  route(app, publicApiRoutes.payment, async (request) => {
    const key = requireScope(request, 'read');
    return { ...OK, payment: await companyPayment(db, key.customerId, request.params.id) };
  });
  await preapprovedPublicApiRoutes(app, {
    db,
    realtime: options.realtime,
    scope: (request) => requireScope(request, 'preapproved-pulls'),
    idempotencyKey: idempotencyKeyOf,
  });

  const pay = paymentRequestApiRoutes;
  route(app, pay.createPaymentRequest, async (request) => {
    const key = requireScope(request, 'payment-requests');
    const paymentRequest = await createPaymentRequest(db, {
      ...request.body,
      companyId: key.customerId,
      linkOriginFor: (brandId) => payLinkOrigin(options.site, options.brandHosts, request, brandId),
    });
    return { ...OK, paymentRequest };
  });
  route(app, pay.paymentRequest, async (request) => {
    const key = requireScope(request, 'payment-requests');
    return {
      ...OK,
      paymentRequest: await companyPaymentRequest(db, key.customerId, request.params.id),
    };
  });
  route(app, pay.cancelPaymentRequest, async (request) => {
    const key = requireScope(request, 'payment-requests');
    return {
      ...OK,
      paymentRequest: await cancelPaymentRequest(db, key.customerId, request.params.id),
    };
  });
  route(app, pay.createRefund, async (request) => {
    const key = requireScope(request, 'payment-requests');
    const refund = await refundPayment(
      { db, realtime: options.realtime },
      {
        companyId: key.customerId,
        paymentId: request.params.id,
        amount: request.body.amount,
      },
    );
    return { ...OK, refund };
  });
}
