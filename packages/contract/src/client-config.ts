import { z } from 'zod';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/**
 * GET /config.json: settings the server's operator may change without a new web build. Every
 * field is optional; the client keeps its own (brand) default when one is null or missing.
 */
export const CLIENT_CONFIG_PATH = '/config.json';

export const clientConfigSchema = lazySchema(() =>
  z.object({
    /** Seconds without activity before the session ends (CLIENT_IDLE_TIMEOUT_SECONDS); null: the brand's own. */
    idleTimeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(24 * 60 * 60)
      .nullable(),
    /** Whether sign-in and registration forms must carry a solved ALTCHA challenge (BOT_CHECK). */
    botCheck: z.boolean(),
  }),
);
export type ClientConfig = z.infer<typeof clientConfigSchema>;
