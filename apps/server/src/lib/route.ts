import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  LogLevel,
  preValidationHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RestRoute } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { Caller } from './actor';
import { AppError } from './errors';
import { unstorableTextError } from './text-input';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of a table route: params, query and body typed (and already validated) from its schemas. */
export type RouteRequest<R extends RestRoute> = FastifyRequest<{
  Params: Out<R extends { params: infer S } ? S : undefined>;
  Querystring: Out<R extends { query: infer S } ? S : undefined>;
  Body: Out<R extends { body: infer S } ? S : undefined>;
}>;

/** A JSON route returns its answer; a page, file or redirect returns the reply it sent. */
export type RouteResult<R extends RestRoute> = R extends { response: infer S extends z.ZodType }
  ? z.input<S> | FastifyReply
  : FastifyReply;

/** A session route's handler gets the authenticated caller; the others get none. */
export type RouteHandler<R extends RestRoute> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
  caller: R extends { auth: 'session' } ? Caller : undefined,
) => Promise<RouteResult<R>>;

export interface RouteOptions {
  /** A smaller body limit than the server's 1 MB. */
  bodyLimit?: number;
  /** A quieter log for routes polled by machines (health checks). */
  logLevel?: LogLevel;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bearer guard (plugins/auth-guard): answers the caller or throws AU / IPW. */
    authenticate: (request: FastifyRequest) => Promise<Caller>;
  }
}

/**
 * Validates params, query and body with the route's zod schemas (fastify-type-provider-zod's
 * compiler's shape, answering the envelope). A missing body reads as `{}`, as the hand-written
 * parsers did, so a route whose fields are all optional accepts a bare POST.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data) => {
    const unstorable = unstorableTextError(data);
    if (unstorable) return { error: unstorable };
    // Fastify gives a request without a body as null or undefined (a JSON null was refused before).
    const parsed = schema.safeParse(httpPart === 'body' && data == null ? {} : data);
    if (parsed.success) return { value: parsed.data };
    return { error: AppError.invalid(issuesOf(parsed.error)) };
  };
};

function issuesOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Answers are written as the handler made them (no field is dropped or reordered, so answers
 * stay byte-compatible); outside production each answer is first checked against the route's
 * schema, and one that does not match is a logged 500, like the main API's check.
 */
function serializerCompiler(validate: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      // Only successful answers are checked: an error answer comes from the error handler in the
      // envelope, and a check failing there would turn a refusal into a 500.
      if (validate && String(httpStatus).startsWith('2')) {
        const checked = schema.safeParse(data);
        if (!checked.success) {
          throw Object.assign(new AppError(RESPONSE_CODES.unknownError, 'Unknown error'), {
            details: { method, url, issues: checked.error.issues.slice(0, 5) },
          });
        }
      }
      return JSON.stringify(data);
    };
}

/** What `route()` needs from the app: set once in app.ts. */
export function registerRouteSupport(
  app: FastifyInstance,
  options: { authenticate: (request: FastifyRequest) => Promise<Caller>; validateAnswers: boolean },
): void {
  app.decorate('authenticate', options.authenticate);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.validateAnswers));
}

/**
 * A body that is the JSON literal `null` is not an object: refused like any other such body. (A
 * request without a body reaches the validator as null too, and reads as `{}` there; it carries
 * no content type, which is how the two are told apart.)
 */
async function refuseJsonNull(request: FastifyRequest): Promise<void> {
  if (request.body === null && request.headers['content-type'] !== undefined)
    throw AppError.invalid({ _: 'validation.invalidValue' }, 'The body must be a JSON object');
}

/**
 * Registers one REST route from its entry in the contract's table (packages/contract/src/routes.ts):
 * method, path, schemas and auth come from the entry, so the handler's types cannot drift from
 * what the web calls. Order per request: rate limit, then the bearer guard (session routes),
 * then validation (400 with validationErrors), then the handler.
 */
export function route<R extends RestRoute>(
  app: FastifyInstance,
  entry: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  const preValidation: preValidationHookHandler[] = [refuseJsonNull];
  if (entry.rateLimited) preValidation.push(app.rateLimit());
  if (entry.auth === 'session') {
    preValidation.push(async (request) => {
      request.caller ??= await app.authenticate(request);
    });
  }
  const schema: FastifySchema = {
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.response ? { response: { 200: entry.response, '4xx': entry.error } } : {}),
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: entry.method,
    url: entry.path,
    schema,
    preValidation,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.logLevel !== undefined ? { logLevel: options.logLevel } : {}),
    handler: (request, reply) =>
      handler(
        request as unknown as RouteRequest<R>,
        reply,
        (entry.auth === 'session' ? request.caller : undefined) as Parameters<RouteHandler<R>>[2],
      ),
  });
}
