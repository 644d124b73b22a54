import { defineRoute } from '../define';
import { errorEnvelopeSchema } from '../envelope';
import { ANALYTICS_PATH, analyticsAcceptedSchema, analyticsBatchSchema } from '../analytics';

/** Our own analytics sink (spec 1 §4, §9); packages/contract/src/analytics.ts describes the events. */
export const analyticsRoutes = {
  events: defineRoute({
    method: 'POST',
    path: ANALYTICS_PATH,
    auth: 'public',
    rateLimited: true,
    body: analyticsBatchSchema,
    response: analyticsAcceptedSchema,
    error: errorEnvelopeSchema,
  }),
};
