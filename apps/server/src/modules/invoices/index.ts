import type { ServerModule } from '../../server-module';
import { invoiceHandlers } from './handlers';

/** What invoices gives the app (server-module.ts): invoices and money requests (issue 16A). */
export const module = {
  name: 'invoices',
  handlers: invoiceHandlers,
} satisfies ServerModule;
