import type { ServerModule } from '../../server-module';
import { registrationHandlers } from './handlers';

/** What registration gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'registration',
  handlers: registrationHandlers,
} satisfies ServerModule;
