import type { ServerModule } from '../../server-module';
import { fundingHandlers } from './handlers';
import { isFundingDocument, serveFundingDocument } from './pdf-link';

/** What funding gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'funding',
  handlers: fundingHandlers,
  // The funding invoice's PDF shares the PDF service's single-use links.
  linkedDocuments: [{ handles: isFundingDocument, serve: serveFundingDocument }],
} satisfies ServerModule;

export { collectionBrands, receiveFundingPayment, SUSPENSE_KIND } from './receive';
export type { FundingOutcome } from './receive';
