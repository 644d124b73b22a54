import type { RestRoute } from './define';
import { analyticsRoutes } from './analytics/routes';
import { authRoutes } from './auth/routes';
import { devRoutes } from './dev/routes';
import { identityVerificationRoutes } from './identity-verification/routes';
import { documentRoutes } from './documents/routes';
import { complianceRoutes } from './compliance/routes';
import { pdfRoutes } from './pdf/routes';
import { platformRoutes } from './platform/routes';
import { profileRoutes } from './profile/routes';
import { realtimeRoutes } from './realtime/routes';
import { massTransferRoutes } from './mass-transfers/routes';
import { merchantApiRoutes, publicApiRoutes } from './merchant-api/routes';
import { webhookRoutes } from './webhooks/routes';
import { merchantButtonRoutes } from './merchant-buttons/routes';
import { preapprovedPublicRoutes } from './preapproved/routes';
import { paymentRequestApiRoutes, payPageRoutes } from './pay/routes';

/** Every REST route of the server, by area. The server registers each from here; the web calls them through `client.route`. */
export const restRoutes = {
  platform: platformRoutes,
  auth: authRoutes,
  analytics: analyticsRoutes,
  profile: profileRoutes,
  pdf: pdfRoutes,
  realtime: realtimeRoutes,
  dev: devRoutes,
  identityVerification: identityVerificationRoutes,
  documents: documentRoutes,
  compliance: complianceRoutes,
  massTransfers: massTransferRoutes,
  merchantApi: merchantApiRoutes,
  publicApi: publicApiRoutes,
  webhooks: webhookRoutes,
  merchantButtons: merchantButtonRoutes,
  preapprovedPublic: preapprovedPublicRoutes,
  payApi: paymentRequestApiRoutes,
  payPage: payPageRoutes,
};

/**
 * What the server answers without a route of the table, and why: the files of the built SPA, one
 * route each (its history fallback lives in the not-found handler), and Fastify answers HEAD for
 * every GET route by itself.
 */
export const ROUTES_OUTSIDE_THE_TABLE = [
  {
    method: 'GET',
    path: '/*',
    reason:
      'the built web app and its assets (@fastify/static, a route per file of the build, only when a build exists)',
  },
  { method: 'HEAD', path: '*', reason: 'Fastify answers HEAD for every GET route of the table' },
] as const;

function isRoute(value: object): value is RestRoute {
  return 'method' in value && 'path' in value && 'error' in value;
}

/** The table flattened: every route with its dotted name (`auth.devices.list`). */
export function listRestRoutes(
  table: object = restRoutes,
  prefix = '',
): { name: string; route: RestRoute }[] {
  return Object.entries(table).flatMap(([key, value]: [string, object]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return isRoute(value) ? [{ name, route: value }] : listRestRoutes(value, name);
  });
}
