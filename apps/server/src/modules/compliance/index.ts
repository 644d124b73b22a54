import type { ServerModule } from '../../server-module';
import { complianceHandlers } from './handlers';

/** What compliance gives the app (server-module.ts): the review desk of issue 14. */
export const module = { name: 'compliance', handlers: complianceHandlers } satisfies ServerModule;
