import type { ServerModule } from '../../server-module';
import { merchantApiManagementRoutes, publicApiDocumentRoute, publicApiV1Routes } from './routes';

/**
 * The merchant's public API (issue 18): API keys, allowed IP ranges and the request log a
 * company's full-access users manage (public-api/apikey, allowedip, apirequest), and the public
 * API v1 the merchant's server calls with a key (/api/public/v1). Nothing else is exported.
 */
export const module = {
  name: 'merchant-api',
  routes: async (app, ctx) => {
    await merchantApiManagementRoutes(app, ctx.db);
    await publicApiDocumentRoute(app);
    await app.register(publicApiV1Routes, {
      db: ctx.db,
      ratePerMinute: ctx.config.publicApiRateLimit,
      site: ctx.site,
      brandHosts: ctx.config.brandHosts,
      realtime: ctx.services.realtime,
    });
  },
} satisfies ServerModule;
