import type { Caller } from './lib/actor';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on authenticated routes. */
    caller?: Caller;
  }
}
