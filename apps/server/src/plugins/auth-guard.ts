import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { Caller } from '../lib/actor';
import type { Services } from '../services';

/** Reads `Authorization: Bearer …`; answers the caller or throws AU (HTTP 401), or IPW (HTTP 403) from outside the user's IP whitelist. */
export async function authenticateRequest(
  request: FastifyRequest,
  services: Services,
): Promise<Caller> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(header) : null;
  if (!match?.[1]) throw AppError.unauthorised('Missing bearer token');
  const claims = await services.sessions.authenticate(match[1]);
  if (!claims) throw AppError.unauthorised('The session has expired or the token is not valid');
  // With the user's IP whitelist on, a call from elsewhere is refused (IPW) even with a valid token.
  await services.sessions.ipWhitelist.assertAllowed(claims, request.ip);
  return claims;
}
