import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { webhookRoutes as routes } from '@ledgerline/contract';
import { CUSTOMER_ID_HEADER, fromIsoLanguage } from '@ledgerline/domain';
import type { Database } from '../../db/client';
import type { Caller } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { actorOfOwner, merchantActor, type RequestFacts } from './access';
import { checkWebhookUrl, type AddressPolicy } from './address-guard';
import {
  createWebhook,
  deleteWebhook,
  findEndpoint,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from './endpoints';
import { postJson } from './http-post';
import { listWebhookRequests, ownerOfMessage, redeliverMessage } from './request-log';

const OK = { responseCode: '00' as const, responseDescription: 'Success' };

function actingCustomerFromHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers[CUSTOMER_ID_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw AppError.invalid({ [CUSTOMER_ID_HEADER]: 'Must be a customer id' });
  return parsed.data;
}

function factsOf(request: FastifyRequest, customerId?: number): RequestFacts {
  return {
    fromCustomerId: customerId ?? actingCustomerFromHeader(request),
    lang: fromIsoLanguage(request.headers['accept-language']),
    ip: request.ip,
    brandId: undefined,
    operation: `${request.method} ${request.routeOptions.url ?? ''}`,
  };
}

/**
 * public-api/webhook and public-api/webhookRequest (contract: webhookRoutes). A call naming a
 * company (customerId, or the Customer-Id header) needs merchant rights there; a call naming an
 * endpoint or message by id acts for the object's company, and one the caller may not manage is
 * "not found".
 */
export async function webhookRestRoutes(
  app: FastifyInstance,
  deps: { db: Database; policy: AddressPolicy },
): Promise<void> {
  const { db, policy } = deps;

  async function ownedEndpoint(request: FastifyRequest, caller: Caller, id: number) {
    const endpoint = await findEndpoint(db, id);
    const actor = await actorOfOwner(db, caller, factsOf(request), endpoint?.customerId, 'manage');
    if (!endpoint) throw AppError.notFound();
    return { actor, endpoint };
  }

  route(app, routes.create, async (request, _reply, caller) => {
    const actor = await merchantActor(
      db,
      caller,
      factsOf(request, request.body.customerId),
      'manage',
    );
    return { ...OK, ...(await createWebhook(db, actor, request.body, policy)) };
  });

  route(app, routes.list, async (request, _reply, caller) => {
    const actor = await merchantActor(
      db,
      caller,
      factsOf(request, request.query.customerId),
      'read',
    );
    return { ...OK, webhooks: await listWebhooks(db, actor) };
  });

  route(app, routes.update, async (request, _reply, caller) => {
    const { actor, endpoint } = await ownedEndpoint(request, caller, request.params.id);
    return { ...OK, webhook: await updateWebhook(db, actor, endpoint, request.body, policy) };
  });

  route(app, routes.remove, async (request, _reply, caller) => {
    const { actor, endpoint } = await ownedEndpoint(request, caller, request.params.id);
    await deleteWebhook(db, actor, endpoint);
    return { ...OK, id: endpoint.id };
  });

  route(app, routes.rotateSecret, async (request, _reply, caller) => {
    const { actor, endpoint } = await ownedEndpoint(request, caller, request.params.id);
    return { ...OK, ...(await rotateWebhookSecret(db, actor, endpoint)) };
  });

  route(app, routes.ping, async (request, _reply, caller) => {
    await merchantActor(db, caller, factsOf(request, request.body.customerId), 'manage');
    await checkWebhookUrl(request.body.url, policy);
    // Unsigned (a ping names no endpoint, so no secret): it shows whether the URL answers.
    const outcome = await postJson(
      request.body.url,
      {},
      JSON.stringify({ type: 'webhook.ping', timestamp: new Date().toISOString(), data: {} }),
      policy,
    );
    const succeeded =
      outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    return {
      ...OK,
      statusCode: outcome.statusCode,
      succeeded,
      error: outcome.error,
      latencyMs: outcome.latencyMs,
    };
  });

  route(app, routes.requests, async (request, _reply, caller) => {
    const actor = await merchantActor(
      db,
      caller,
      factsOf(request, request.query.customerId),
      'read',
    );
    return { ...OK, ...(await listWebhookRequests(db, actor, request.query)) };
  });

  route(app, routes.redeliver, async (request, _reply, caller) => {
    const owner = await ownerOfMessage(db, request.params.messageId);
    const actor = await actorOfOwner(db, caller, factsOf(request), owner, 'manage');
    await redeliverMessage(db, actor, request.params.messageId);
    return { ...OK, messageId: request.params.messageId };
  });
}
