import type { ServerModule } from '../../server-module';
import { merchantButtonHandlers } from './handlers';
import { merchantButtonRestRoutes } from './routes';

/**
 * What merchant-buttons gives the app (server-module.ts): a merchant's saved payment buttons,
 * business logos (multipart upload, images served with their own type) and pay-by-name settings
 * (issue 18). The exports below are its public surface for the hosted pay page.
 */
export const module = {
  name: 'merchant-buttons',
  handlers: merchantButtonHandlers,
  routes: async (app, ctx) => {
    await app.register(merchantButtonRestRoutes, { db: ctx.db });
  },
} satisfies ServerModule;

/** The company's default logo (id and public image path), or null: for the hosted pay page. */
export { defaultLogoOf, publicLogoPath } from './logos';
/** The company a pay-by-name handle of a brand belongs to, with its settings: for the pay-by-name page. */
export { companyByPayName } from './pbn';
/** A saved button by its public id (null when there is none): for the hosted pay page. */
export { savedButtonByPublicId } from './buttons';
