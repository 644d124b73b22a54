import type { ServerModule } from '../../server-module';
import { companyHandlers } from './handlers';

/**
 * What company gives the app (server-module.ts): the business company info of spec 2 §3 and the
 * company's payment e-mail addresses (issue 15D).
 */
export const module = { name: 'company', handlers: companyHandlers } satisfies ServerModule;
