import type { ServerModule } from '../../server-module';
import { isDocumentFileLink, serveDocumentFileLink } from './download-link';
import { startDocumentExpiry } from './expiry';
import { documentHandlers } from './handlers';
import { documentFileRoutes } from './routes';

/** What documents gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'documents',
  handlers: documentHandlers,
  routes: async (app, ctx) => {
    await app.register(documentFileRoutes, { db: ctx.db });
  },
  // The customer's own file behind a single-use link (getDocumentFileLink), served by /api/pdf/files.
  linkedDocuments: [{ handles: isDocumentFileLink, serve: serveDocumentFileLink }],
  // Confirmed documents expire by the day: the pass limits the account and tells the customer.
  jobs: [(ctx) => startDocumentExpiry(ctx.db, ctx.services.mailer, ctx.log)],
} satisfies ServerModule;

/** For the compliance review desk: write a decision and move the address and the limit along. */
export { onDocumentDecision, readDocumentFile } from './decisions';
export type { DocumentDecision } from './decisions';
export { toUploadedDocuments } from './repository';
/** For the desk's recompute: the one rule that lifts the expired-documents limit. */
export { refreshLimitDocuments } from './state';
/** For the administrator's overview (issue 15): move a document to another customer, or remove it. */
export { assignDocumentToCustomer, documentOwner, removeDocument } from './admin-moves';
