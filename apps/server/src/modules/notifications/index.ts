import type { ServerModule } from '../../server-module';
import { startOutboxDelivery } from './mailer';

/** What notifications gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'notifications',
  // Outbox delivery runs beside the requests; any node may deliver (rows are claimed with SKIP LOCKED).
  jobs: [(ctx) => startOutboxDelivery(ctx.services.mailer, ctx.log)],
} satisfies ServerModule;

export { createMailer, enqueueMessage, enqueueMessages } from './mailer';
export type { Mailer, OutgoingMessage } from './mailer';
