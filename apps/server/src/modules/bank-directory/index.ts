import type { ServerModule } from '../../server-module';
import { bankDirectoryHandlers } from './handlers';

/** What bank-directory gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'bank-directory',
  handlers: bankDirectoryHandlers,
} satisfies ServerModule;

export { isBlockedBin } from './directory';
