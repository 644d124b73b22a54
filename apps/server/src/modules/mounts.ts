import type { FastifyInstance } from 'fastify';
import { GUARDED_SERVICES, guardedHealthRoute } from '@ledgerline/contract';
import { route } from '../lib/route';
import { type PdfDeps, pdfDownloadRoutes, pdfGeneratorRoutes } from './pdf';

/**
 * The services the later issues fill: contracts, merchant REST, support, PDF generator and
 * e-signature (GUARDED_SERVICES in the contract). Each is mounted behind the bearer guard now, so
 * a route added to its scope is authenticated by default and answers in the spec's envelope.
 */
export async function registerGuardedServices(app: FastifyInstance, deps: PdfDeps): Promise<void> {
  for (const prefix of GUARDED_SERVICES) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request) => {
        request.caller = await scope.authenticate(request);
      });
      route(scope, guardedHealthRoute(prefix), async () => ({
        responseCode: '00',
        responseDescription: 'Success',
        service: prefix.slice(5),
      }));
      if (prefix === '/api/pdf') await pdfGeneratorRoutes(scope, deps);
    });
  }
  // The PDF download link is opened by a browser without a bearer: outside the guarded scope, protected by its single-use token.
  await pdfDownloadRoutes(app, deps);
}
