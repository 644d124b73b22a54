import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import { BRANDS } from '@ledgerline/domain/brands';
import { AppError } from '../lib/errors';
import type { Config } from '../config';

/**
 * Security headers on every answer. The CSP allows no inline script; Mantine writes its CSS
 * variables into <style> tags, so styles allow 'unsafe-inline' (docs/decisions.md).
 * `upgrade-insecure-requests` is off: over plain HTTP from a LAN address it blanks the page (STACK.md).
 */
/**
 * The staging APIs a demo may point the app at with ?api=1–15 (one host per index under each
 * brand's staging domain): https and wss to *.staging.<domain>, nothing else off-origin.
 */
export function stagingConnectSources(): string[] {
  const sources = new Set<string>();
  for (const brand of Object.values(BRANDS)) {
    const host = new URL(brand.apiBaseTemplate.replaceAll('{index}', '1')).host;
    const parent = host.split('.').slice(1).join('.');
    sources.add(`https://*.${parent}`);
    sources.add(`wss://*.${parent}`);
  }
  return [...sources];
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Helmet's middleware is built once: @fastify/helmet built it again on every request, parsing
  // the whole policy each time (about a twentieth of a dictionary call's CPU under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stagingConnectSources()],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RL',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });

  // API answers are never cached (browsers, proxies).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/dev/'))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
