import type { Caller } from './main-api/types';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on authenticated routes. */
    caller?: Caller;
  }
}
