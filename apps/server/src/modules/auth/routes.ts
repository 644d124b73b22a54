import type { FastifyInstance } from 'fastify';
import { loginRequestSchema, logoutRequestSchema } from '@ledgerline/contract';
import { AppError, issuesToValidationErrors } from '../../lib/errors';
import { authenticateRequest } from '../../plugins/auth-guard';
import type { Services } from '../../services';

/** /api/auth (spec 1 §7). The platform answers the simple flow; the sign-in issue adds the rest. */
export async function authRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { services } = opts;
  const limitStrangers = app.rateLimit();

  app.post('/login', { preHandler: limitStrangers }, async (request) => {
    const parsed = loginRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw AppError.invalid(issuesToValidationErrors(parsed.error.issues));
    return services.sessions.signIn({
      username: parsed.data.username,
      password: parsed.data.password,
      client: parsed.data.client,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }).then((tokens) => ({ authFlow: 'simple' as const, ...tokens }));
  });

  app.post('/logout', async (request) => {
    const parsed = logoutRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw AppError.invalid(issuesToValidationErrors(parsed.error.issues));
    const caller = await authenticateRequest(request, services);
    await services.sessions.signOut(caller.sessionId, request.ip);
    return { responseCode: '00', responseDescription: 'Signed out' };
  });

  /** A short-lived, single-use ticket that opens the realtime WebSocket for this session. */
  app.post('/realtime-ticket', async (request) => {
    const caller = await authenticateRequest(request, services);
    return services.sessions.issueRealtimeTicket(caller);
  });
}
