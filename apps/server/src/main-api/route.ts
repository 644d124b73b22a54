import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  mainMethods,
  envelopeFieldsSchema,
  platformRoutes,
  ENVELOPE_KEYS,
  type MainMethod,
  type MainMethodName,
} from '@ledgerline/contract';
import {
  CUSTOMER_ID_HEADER,
  DEFAULT_LANGUAGE,
  RESPONSE_CODES,
  fromIsoLanguage,
} from '@ledgerline/domain';
import type { Database } from '../db/client';
import type { Services } from '../services';
import type { SiteResolver } from '../lib/site';
import { AppError, issuesToValidationErrors } from '../lib/errors';
import { assertStorableText } from '../lib/text-input';
import { resolveActor } from '../modules/customers';
import { route } from '../lib/route';
import { authenticateRequest } from '../plugins/auth-guard';
import { mainHandlers } from './handlers';
import { isFixedAnswer } from './fixed-answer';
import type { AuthedMethodContext, MethodContext } from './types';

/** The method is named in the query string: POST /api/main/?getCountries (spec 2 §7). */
function methodFromUrl(url: string): string | undefined {
  const known = knownMethodUrls.get(url);
  if (known !== undefined) return known;
  const query = url.split('?')[1];
  if (!query) return undefined;
  const first = query.split('&')[0] ?? '';
  let name: string;
  try {
    name = decodeURIComponent(first.split('=')[0] ?? '');
  } catch {
    // `?%` or a cut-off `%E0%A4%A`: bad input, answered in the envelope like any other.
    throw new AppError(RESPONSE_CODES.invalidMethod, 'Invalid method: not valid URL encoding', {
      httpStatus: 400,
    });
  }
  if (isMethodName(name) && knownMethodUrls.size < KNOWN_METHOD_URLS)
    knownMethodUrls.set(url, name);
  return name === '' ? undefined : name;
}

/**
 * URLs already read that name a method, so each request reads its URL once (the rate limit's
 * hook and the handler both ask). Only real method names are kept, and only so many: a stranger's
 * made-up URLs cannot grow it.
 */
const knownMethodUrls = new Map<string, MainMethodName>();
const KNOWN_METHOD_URLS = 1_000;

function isMethodName(name: string): name is MainMethodName {
  return Object.hasOwn(mainMethods, name);
}

function customerIdFromHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers[CUSTOMER_ID_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const parsed = z.coerce.number().int().min(1).max(2_147_483_647).safeParse(value);
  if (!parsed.success) throw AppError.invalid({ [CUSTOMER_ID_HEADER]: 'Must be a customer id' });
  return parsed.data;
}

export function registerMainApi(
  app: FastifyInstance,
  deps: { db: Database; services: Services; validateResponses: boolean; site: SiteResolver },
): void {
  /** The envelope's JSON of each fixed answer (fixed-answer.ts), written on its first call. */
  const written = new WeakMap<object, string>();
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // No body at all is an empty payload; anything else must be a JSON object.
    const body: unknown = request.body === undefined ? {} : request.body;
    const fromUrl = methodFromUrl(request.url);
    const bag =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : undefined;
    if (!bag) throw AppError.invalid({ _: 'The body must be a JSON object' });
    const fromBody = typeof bag.method === 'string' ? bag.method : undefined;
    const name = fromUrl ?? fromBody;
    if (!name) throw new AppError(RESPONSE_CODES.invalidMethod, 'Invalid method: none was named');
    if (fromUrl && fromBody && fromUrl !== fromBody)
      throw AppError.invalid({ method: 'Must match the method named in the URL' });
    if (!isMethodName(name)) throw new AppError(RESPONSE_CODES.invalidMethod, 'Invalid method');

    const definition: MainMethod = mainMethods[name];
    const envelope = envelopeFieldsSchema.safeParse(
      Object.fromEntries(ENVELOPE_KEYS.filter((key) => key in bag).map((key) => [key, bag[key]])),
    );
    if (!envelope.success) throw AppError.invalid(issuesToValidationErrors(envelope.error.issues));
    const lang =
      envelope.data.lang ?? fromIsoLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;

    const caller = definition.isPublic ? null : await authenticateRequest(request, deps.services);

    const payloadInput = Object.fromEntries(
      Object.entries(bag).filter(([key]) => !(ENVELOPE_KEYS as string[]).includes(key)),
    );
    // NUL and lone surrogates would reach PostgreSQL, which refuses them with an error (a 500).
    assertStorableText(bag);
    const payload = definition.request.safeParse(payloadInput);
    if (!payload.success) throw AppError.invalid(issuesToValidationErrors(payload.error.issues));

    const fromCustomerId = envelope.data.fromCustomerId ?? customerIdFromHeader(request);
    const site = deps.site.forRequest(request);
    const actor = caller
      ? await resolveActor(deps.db, caller, {
          fromCustomerId,
          lang,
          ip: request.ip,
          brandId: site.brandId,
          operation: name,
        })
      : null;

    const context: MethodContext = {
      db: deps.db,
      services: deps.services,
      lang,
      actor,
      envelope: envelope.data,
      ip: request.ip,
      site,
      log: request.log,
    };
    const handler = mainHandlers[name] as (
      input: unknown,
      ctx: MethodContext | AuthedMethodContext,
    ) => Promise<Record<string, unknown>>;
    const data = await handler(payload.data, context);
    if (deps.validateResponses) {
      const checked = definition.response.safeParse(data);
      if (!checked.success) {
        request.log.error(
          { method: name, issues: checked.error.issues.slice(0, 5) },
          'answer does not match the contract',
        );
        throw new AppError(RESPONSE_CODES.unknownError, 'Unknown error');
      }
    }
    // Cache-Control: no-store comes from the security plugin's hook, as on every /api/ answer.
    if (!isFixedAnswer(data))
      return { responseCode: definition.successCode, responseDescription: 'Success', ...data };
    let text = written.get(data);
    if (text === undefined) {
      text = JSON.stringify({
        responseCode: definition.successCode,
        responseDescription: 'Success',
        ...data,
      });
      written.set(data, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  };

  // `/api/main/?method` is the spec's form; `/api/main?method` is accepted too.
  route(app, platformRoutes.main, handle);
  route(app, platformRoutes.mainNoSlash, handle);
}

/** Public methods are the ones a stranger may call: they get the rate limit. */
export function isPublicMainCall(request: FastifyRequest): boolean {
  const name =
    methodFromUrl(request.url) ??
    (typeof (request.body as { method?: unknown } | undefined)?.method === 'string'
      ? String((request.body as { method: string }).method)
      : undefined);
  return name !== undefined && isMethodName(name) && mainMethods[name].isPublic;
}
