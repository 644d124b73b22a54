import type { ServerModule } from '../../server-module';
import { companyUsersHandlers } from './handlers';

/** What company-users gives the app (server-module.ts): company users, their rights and authorised-user activation (issue 15A). */
export const module = {
  name: 'company-users',
  handlers: companyUsersHandlers,
} satisfies ServerModule;
