import type { FastifyInstance } from 'fastify';
import { authenticateRequest } from '../plugins/auth-guard';
import type { Services } from '../services';
import { type PdfDeps, pdfDownloadRoutes, pdfGeneratorRoutes } from './pdf';

/**
 * The services the later issues fill: contracts, merchant REST, support, PDF generator and
 * e-signature. Each prefix is mounted behind the bearer guard now, so a route added to it is
 * authenticated by default and answers in the spec's envelope.
 */
export const GUARDED_SERVICES = [
  '/api/contracts',
  '/api/public-api',
  '/api/support',
  '/api/pdf',
  '/api/esign',
] as const;

export async function registerGuardedServices(
  app: FastifyInstance,
  services: Services,
  deps: PdfDeps,
): Promise<void> {
  for (const prefix of GUARDED_SERVICES) {
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', async (request) => {
          request.caller = await authenticateRequest(request, services);
        });
        scope.get('/health', async () => ({
          responseCode: '00',
          responseDescription: 'Success',
          service: prefix.slice(5),
        }));
        if (prefix === '/api/pdf') await pdfGeneratorRoutes(scope, deps);
      },
      { prefix },
    );
  }
  // The PDF download link is opened by a browser without a bearer: outside the guarded scope, protected by its single-use token.
  await pdfDownloadRoutes(app, deps);
}
