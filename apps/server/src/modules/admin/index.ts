import type { ServerModule } from '../../server-module';
import { adminHandlers } from './handlers';

/** What admin gives the app (server-module.ts): the administrator's overview of issue 15. */
export const module = { name: 'admin', handlers: adminHandlers } satisfies ServerModule;
