import type { ServerModule } from '../../server-module';
import { dictionaryHandlers } from './handlers';

/** What dictionaries gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = { name: 'dictionaries', handlers: dictionaryHandlers } satisfies ServerModule;

export { INDUSTRY_GROUPS } from './data/industries';
export { STATES } from './data/states';
export { listCountries, listDocumentCategories, listTransactionTypes } from './service';
