import type { ServerModule } from '../../server-module';
import { startWebhookSender } from './delivery';
import { ipnHandlers } from './handlers';
import { webhookRestRoutes } from './routes';

/**
 * What webhooks gives the app (server-module.ts): a merchant's webhook endpoints, the signed
 * delivery of their events from the outbox with retries, and the request log with hand
 * redelivery, and the IPN settings and history (issue 18). Outside production, loopback and private addresses are allowed.
 */
export const module = {
  name: 'webhooks',
  handlers: ipnHandlers,
  routes: async (app, ctx) => {
    await app.register(webhookRestRoutes, {
      db: ctx.db,
      policy: ctx.services.webhookAddresses,
    });
  },
  // Any node may run it: messages are claimed with SKIP LOCKED and leased while they are sent.
  jobs: [
    (ctx) =>
      startWebhookSender({
        db: ctx.db,
        policy: ctx.services.webhookAddresses,
        retryBaseMs: ctx.config.webhookRetryBaseMs,
        log: ctx.log,
      }),
  ],
} satisfies ServerModule;

export { checkWebhookUrl, isPublicAddress } from './address-guard';
export { RETRY_WINDOW_MS, retryDelaysMs, runWebhookDeliveries } from './delivery';
export { enqueueWebhookEvent, type WebhookEvent } from './outbox';
export { signWebhook } from './signature';
