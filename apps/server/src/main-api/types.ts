import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { EnvelopeFields, MainMethod } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain';
import type { Database } from '../db/client';
import type { Services } from '../services';
import type { RequestSite } from '../lib/site';
import type { Actor } from '../lib/actor';

export type { Actor, Caller } from '../lib/actor';

/** What a main-API handler gets besides its validated payload. */
export interface MethodContext {
  db: Database;
  services: Services;
  lang: Language;
  /**
   * Who calls and for whom, built once per request; services take this, never the context. Null
   * only for public methods called without a token.
   */
  actor: Actor | null;
  envelope: EnvelopeFields;
  ip: string;
  /** The brand the host name maps to and the origin for links in e-mails. */
  site: RequestSite;
  log: FastifyBaseLogger;
}

/** An authenticated method's context: the caller is always there. */
export interface AuthedMethodContext extends MethodContext {
  actor: Actor;
}

type HandlerFor<M extends MainMethod> = M['isPublic'] extends true
  ? (input: z.output<M['request']>, ctx: MethodContext) => Promise<z.input<M['response']>>
  : (input: z.output<M['request']>, ctx: AuthedMethodContext) => Promise<z.input<M['response']>>;

/** One handler per method of a contract group; the types tie each to its schemas. */
export type MethodHandlers<T extends Record<string, MainMethod>> = {
  [K in keyof T]: HandlerFor<T[K]>;
};
