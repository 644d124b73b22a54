import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payPageRoutes } from '@ledgerline/contract';
import { DEFAULT_BRAND_ID } from '@ledgerline/domain/brands';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import type { SiteResolver } from '../../lib/site';
import type { RealtimeHub } from '../realtime';
import { payByCard } from './card';
import { buttonPageOf, namePageOf, startButtonPayment, startNamePayment } from './links';
import { payLinkOrigin, payPageOf } from './requests';

const OK = { responseCode: '00', responseDescription: 'Success' } as const;

export interface PayRouteOptions {
  db: Database;
  site: SiteResolver;
  brandHosts: Record<string, string>;
  realtime: RealtimeHub;
}

/**
 * The hosted pay page's public routes, to anyone with the link (rate limited): a payment
 * request's page, and the pages of saved buttons and pay-by-name handles that start one.
 */
export async function payPageRestRoutes(
  app: FastifyInstance,
  { db, site, brandHosts, realtime }: PayRouteOptions,
): Promise<void> {
  const caller = (request: FastifyRequest) => ({
    ip: request.ip,
    linkOriginFor: (brandId: string) => payLinkOrigin(site, brandHosts, request, brandId),
  });
  // A handle is unique within a brand: the brand of the site the payer came through.
  const brandOf = (request: FastifyRequest) => site.forRequest(request).brandId ?? DEFAULT_BRAND_ID;

  route(app, payPageRoutes.page, async (request) => ({
    ...OK,
    payment: await payPageOf(db, request.params.token),
  }));
  route(app, payPageRoutes.payByCard, async (request) => ({
    ...OK,
    payment: await payByCard({ db, realtime }, request.params.token, request.body),
  }));
  route(app, payPageRoutes.buttonPage, async (request) => ({
    ...OK,
    button: await buttonPageOf(db, request.params.publicId),
  }));
  route(app, payPageRoutes.startButtonPayment, async (request) => ({
    ...OK,
    token: await startButtonPayment(db, request.params.publicId, request.body, caller(request)),
  }));
  route(app, payPageRoutes.namePage, async (request) => ({
    ...OK,
    payee: await namePageOf(db, brandOf(request), request.params.handle),
  }));
  route(app, payPageRoutes.startNamePayment, async (request) => ({
    ...OK,
    token: await startNamePayment(
      db,
      brandOf(request),
      request.params.handle,
      request.body,
      caller(request),
    ),
  }));
}
