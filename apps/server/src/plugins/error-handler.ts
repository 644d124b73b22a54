import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_CODES } from '@ledgerline/domain';
import { fromIsoLanguage, isLanguage, type Language } from '@ledgerline/domain/languages';
import { AppError } from '../lib/errors';
import {
  RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  unavailableText,
} from '../lib/database-unavailable';

/** The caller's language: the main API's `lang` when the body names one, else Accept-Language. */
function callerLanguage(request: FastifyRequest): Language {
  const lang = (request.body as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(lang)) return lang;
  return fromIsoLanguage(request.headers['accept-language']);
}

/**
 * A path the router cannot decode (`%00%ff`, a cut-off `%E0%A4%A`) never reaches a route or the
 * error handler: Fastify answers it itself (frameworkErrors). It gets the envelope too.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const description =
    error.code === 'FST_ERR_BAD_URL' ? 'The path is not valid URL encoding' : 'Invalid request';
  void reply
    .header('Cache-Control', 'no-store')
    .status(400)
    .send({
      responseCode: RESPONSE_CODES.invalidParameters,
      responseDescription: description,
      validationErrors: { _: description },
    });
}

/**
 * One place turns every failure into the spec's envelope. Bad input is a 4xx with a clear
 * description; only a genuine fault is a 500, and it never carries a stack trace or SQL.
 */
export function registerErrorHandler(app: FastifyInstance, options: { serveSpa: boolean }): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error }, 'application error');
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
      return reply.status(error.httpStatus).send({
        ...error.extra,
        responseCode: error.code,
        responseDescription: error.message,
        ...(error.validationErrors ? { validationErrors: error.validationErrors } : {}),
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, crashed, unreachable): a balancer or the app may try
      // again shortly; nothing was changed that the caller cannot find out by retrying with the
      // same idempotency key (docs/decisions.md).
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({
        responseCode: RESPONSE_CODES.unknownError,
        responseDescription: unavailableText(callerLanguage(request)),
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const description =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The body is not valid JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The body is too large'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type: send application/json'
              : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The body is empty'
                : status === 429
                  ? 'Too many requests'
                  : 'Invalid request';
      const code =
        status === 429 ? RESPONSE_CODES.tooManyRequests : RESPONSE_CODES.invalidParameters;
      return reply.status(status).send({
        responseCode: code,
        responseDescription: description,
        validationErrors: { _: description },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ responseCode: RESPONSE_CODES.unknownError, responseDescription: 'Unknown error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path.startsWith('/dev/') || path === '/realtime';
    if (options.serveSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA's router decides what this path shows (its own 404 page included).
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    reply.header('Cache-Control', 'no-store');
    return reply.status(404).send({
      responseCode: RESPONSE_CODES.invalidMethod,
      responseDescription: `No such path: ${request.method} ${path.slice(0, 200)}`,
    });
  });
}
