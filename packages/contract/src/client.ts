import type { z } from 'zod';
import {
  CLIENT_VERSION,
  CLIENT_VERSION_HEADER,
  CUSTOMER_ID_HEADER,
  ERROR_TEXTS,
  TIMING,
  extractErrorMessage,
  isSuccessCode,
  toIsoLanguage,
  type Language,
} from '@ledgerline/domain';
import { coerceNumbers, stripNulls } from './coerce';
import { mainMethods, type MainMethodName, type MainMethods } from './methods';
import type { EnvelopeFields } from './envelope';
import { fillPath, type RestRoute } from './define';

export type ApiErrorKind =
  'http' | 'server-unavailable' | 'empty' | 'network' | 'timeout' | 'response';

/** What a failed call tells the screen: a message to show, plus the raw answer for screens that need more. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly responseCode: string | undefined;
  readonly data: unknown;
  readonly validationErrors: Record<string, string> | undefined;
  /** A 503's Retry-After, in seconds: when the server asks to be tried again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: {
      status?: number;
      responseCode?: string;
      data?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.responseCode = details.responseCode;
    this.data = details.data;
    this.retryAfterSeconds = details.retryAfterSeconds;
    const bag = details.data as { validationErrors?: unknown } | undefined;
    this.validationErrors =
      bag && typeof bag.validationErrors === 'object' && bag.validationErrors !== null
        ? (bag.validationErrors as Record<string, string>)
        : undefined;
  }
}

export interface ApiClientOptions {
  /** The API origin and prefix, e.g. '' for the same origin or 'https://api-3.example.test'. */
  baseUrl: string;
  getLanguage: () => Language;
  getAccessToken?: () => string | undefined;
  /** Business users send the customer they act for (spec 1 §7). */
  getCustomerId?: () => number | undefined;
  /**
   * Called once when an authenticated call answers 401, with the access token that call carried
   * (so a refresh that another call already finished is not repeated). Return true when a fresh
   * token is there: the call is then retried once (spec 1 §4).
   */
  onUnauthorized?: (failedToken: string | undefined) => Promise<boolean>;
  /** Called before every authenticated call; the session uses it to refresh a token about to expire. */
  beforeAuthenticatedCall?: () => Promise<void>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Told the HTTP status of every answer (the app shows "reconnecting" while it is 503). */
  onAnswer?: (status: number) => void;
  /**
   * How long to wait before sending a money-moving call again after a 503, by attempt (0, 1, 2)
   * and the answer's Retry-After; by default the Retry-After (or 1, 2, 4 s), at most 10 s.
   */
  unavailableRetryDelayMs?: (attempt: number, retryAfterSeconds: number | undefined) => number;
}

/** How many times a call that carries an idempotency key is sent again after a 503. */
export const KEYED_RETRIES_ON_UNAVAILABLE = 3;

function defaultUnavailableRetryDelayMs(
  attempt: number,
  retryAfterSeconds: number | undefined,
): number {
  return Math.min(10_000, (retryAfterSeconds ?? 2 ** attempt) * 1000);
}

/** A 503 (the server or its database is briefly away; docs/decisions.md). */
export function isServiceUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'server-unavailable' && error.status === 503;
}

/** Waits, or rejects as soon as the caller cancels. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    const cancel = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', cancel, { once: true });
  });
}

function hasIdempotencyKey(payload: unknown): boolean {
  const key = (payload as { idempotencyKey?: unknown } | null)?.idempotencyKey;
  return typeof key === 'string' && key !== '';
}

export type MainRequest<M extends MainMethodName> = z.input<MainMethods[M]['request']> &
  Partial<EnvelopeFields>;
export type MainResponse<M extends MainMethodName> = z.output<MainMethods[M]['response']> & {
  responseCode: string;
  responseDescription: string;
};

/** A route's part (params, query, body): required when the route's schema needs it, absent when it has none. */
type RoutePart<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a call of a REST route sends, typed from its entry in the route table. */
export type RouteInput<R extends RestRoute> = RoutePart<
  'params',
  R extends { params: infer S } ? S : undefined
> &
  RoutePart<'query', R extends { query: infer S } ? S : undefined> &
  (R extends { multipart: true }
    ? { body: FormData }
    : RoutePart<'body', R extends { body: infer S } ? S : undefined>) & {
    /**
     * A bearer other than the session's access token (the tmpJwt of a pending sign-in). Such a
     * call is neither refreshed nor retried on 401: that token belongs to its flow, not the session.
     */
    bearer?: string;
    /** Send no bearer at all (an `own` route called for a pending sign-in, e.g. with {tmpJwt} in the body). */
    anonymous?: boolean;
  };

/** The JSON answer of a REST route, typed from its entry in the route table. */
export type RouteAnswer<R extends RestRoute> = R extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the base URL, e.g. '/api/auth/login'. */
  path: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  isPublic?: boolean;
  /**
   * A bearer other than the session's access token (the tmpJwt of a pending sign-in). Such a
   * call is neither refreshed nor retried on 401: that token belongs to its flow, not the session.
   */
  bearer?: string;
}

/** Per call: the caller's own cancel signal (a query that is no longer wanted) and a shorter time limit. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's limit for this call; the call fails with kind 'timeout' after it. */
  timeoutMs?: number;
}

export interface ApiClient {
  main<M extends MainMethodName>(
    method: M,
    payload: MainRequest<M>,
    call?: CallOptions,
  ): Promise<MainResponse<M>>;
  /** Calls a REST route of the table (packages/contract/src/routes.ts); the answer's type comes from its entry. */
  route<R extends RestRoute>(
    route: R,
    ...args: object extends RouteInput<R>
      ? [input?: RouteInput<R>, call?: CallOptions]
      : [input: RouteInput<R>, call?: CallOptions]
  ): Promise<RouteAnswer<R>>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? TIMING.requestTimeout;

  function headers(token: string | undefined, hasBody: boolean): Record<string, string> {
    const out: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': toIsoLanguage(options.getLanguage()),
      [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
    };
    if (hasBody) out['Content-Type'] = 'application/json';
    if (token) out.Authorization = `Bearer ${token}`;
    const customerId = options.getCustomerId?.();
    if (customerId !== undefined) out[CUSTOMER_ID_HEADER] = String(customerId);
    return out;
  }

  interface Sent {
    status: number;
    data: unknown;
    /** The access token the call carried. */
    token: string | undefined;
  }

  async function send(
    url: string,
    init: { method: string; body?: unknown; token: string | undefined },
    call: CallOptions = {},
  ): Promise<Sent> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, call.timeoutMs ?? timeoutMs);
    // The caller's cancel aborts the request itself, not just the wait for it.
    const cancel = () => controller.abort(call.signal?.reason);
    if (call.signal?.aborted) cancel();
    call.signal?.addEventListener('abort', cancel, { once: true });
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: init.method,
        // A FormData goes as it is: the browser writes its multipart content type and boundary.
        headers: headers(init.token, init.body !== undefined && !(init.body instanceof FormData)),
        body:
          init.body === undefined
            ? undefined
            : init.body instanceof FormData
              ? init.body
              : JSON.stringify(stripNulls(init.body)),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', ERROR_TEXTS.networkError);
      if (call.signal?.aborted)
        throw call.signal.reason instanceof Error
          ? call.signal.reason
          : new DOMException('Aborted', 'AbortError');
      const message =
        error instanceof Error && error.message ? error.message : ERROR_TEXTS.networkError;
      throw new ApiError(
        'network',
        message === 'Failed to fetch' || message === 'fetch failed'
          ? ERROR_TEXTS.networkError
          : message,
      );
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', cancel);
    }
    options.onAnswer?.(response.status);
    if (response.status === 500)
      throw new ApiError('server-unavailable', ERROR_TEXTS.serverNotAvailable, { status: 500 });
    if (response.status === 503) {
      // The server says so in the caller's language, and when to try again (issue 20).
      let description: string | undefined;
      try {
        description = extractErrorMessage(JSON.parse(text));
      } catch {
        description = undefined;
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ApiError('server-unavailable', description ?? ERROR_TEXTS.serverNotAvailable, {
        status: 503,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      });
    }
    if (text.trim() === '') {
      if (response.ok)
        throw new ApiError('empty', ERROR_TEXTS.serverError, { status: response.status });
      throw new ApiError('http', ERROR_TEXTS.serverError, { status: response.status });
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: response.status, data, token: init.token };
  }

  /**
   * Public calls go without a token; a call with its own bearer uses that; every other call
   * carries the session's token, fresh (beforeAuthenticatedCall), and on 401 gets one refresh
   * and one retry (spec 1 §4).
   */
  async function withRetry(
    auth: { isPublic: boolean; bearer?: string },
    call: (token: string | undefined) => Promise<Sent>,
  ): Promise<Sent> {
    if (auth.isPublic) return call(undefined);
    if (auth.bearer !== undefined) return call(auth.bearer);
    await options.beforeAuthenticatedCall?.();
    const first = await call(options.getAccessToken?.());
    if (first.status !== 401 || !options.onUnauthorized) return first;
    const refreshed = await options.onUnauthorized(first.token);
    return refreshed ? call(options.getAccessToken?.()) : first;
  }

  /**
   * A call that carries an idempotency key (a money-moving one) is sent again, with that very
   * key, after a 503: the server answers the first result if it was booked, so nothing moves
   * twice. A call without a key is never repeated here (reads are retried by the query layer).
   */
  async function retryingUnavailable<T>(
    keyed: boolean,
    attempt: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const delayFor = options.unavailableRetryDelayMs ?? defaultUnavailableRetryDelayMs;
    for (let retry = 0; ; retry += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!keyed || retry >= KEYED_RETRIES_ON_UNAVAILABLE || !isServiceUnavailable(error))
          throw error;
        await pause(delayFor(retry, error.retryAfterSeconds), signal);
      }
    }
  }

  function failure(status: number, data: unknown): ApiError {
    const responseCode =
      typeof data === 'object' && data !== null
        ? (data as { responseCode?: unknown }).responseCode
        : undefined;
    return new ApiError('http', extractErrorMessage(data) ?? ERROR_TEXTS.serverError, {
      status,
      responseCode: typeof responseCode === 'string' ? responseCode : undefined,
      data,
    });
  }

  async function rest<T>(request: RestRequest, call?: CallOptions): Promise<T> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const query = search.size > 0 ? `?${search.toString()}` : '';
    const auth = {
      isPublic: request.isPublic ?? false,
      ...(request.bearer !== undefined ? { bearer: request.bearer } : {}),
    };
    const { status, data } = await retryingUnavailable(
      request.method !== 'GET' && hasIdempotencyKey(request.body),
      () =>
        withRetry(auth, (token) =>
          send(
            `${options.baseUrl}${request.path}${query}`,
            { method: request.method, body: request.body, token },
            call,
          ),
        ),
      call?.signal,
    );
    if (status >= 400) throw failure(status, data);
    return data as T;
  }

  return {
    async main(method, payload, call) {
      const definition = mainMethods[method];
      const lang = options.getLanguage();
      const url = `${options.baseUrl}/api/main/?${encodeURIComponent(method)}`;
      const body = { ...payload, method, lang };
      const { status, data } = await retryingUnavailable(
        hasIdempotencyKey(payload),
        () =>
          withRetry({ isPublic: definition.isPublic }, (token) =>
            send(url, { method: 'POST', body, token }, call),
          ),
        call?.signal,
      );
      const coerced = coerceNumbers(data);
      if (status >= 400) throw failure(status, coerced);
      const code = (coerced as { responseCode?: unknown }).responseCode;
      if (!isSuccessCode(code)) {
        throw new ApiError('response', extractErrorMessage(coerced) ?? ERROR_TEXTS.serverError, {
          status,
          responseCode: typeof code === 'string' ? code : undefined,
          data: coerced,
        });
      }
      return coerced as MainResponse<typeof method>;
    },

    async route<R extends RestRoute>(
      route: R,
      ...args: object extends RouteInput<R>
        ? [input?: RouteInput<R>, call?: CallOptions]
        : [input: RouteInput<R>, call?: CallOptions]
    ): Promise<RouteAnswer<R>> {
      const [input, call] = args as [RouteInput<RestRoute> | undefined, CallOptions | undefined];
      const parts = (input ?? {}) as {
        params?: Record<string, unknown>;
        query?: RestRequest['query'];
        body?: unknown;
      };
      return rest<RouteAnswer<R>>(
        {
          method: route.method,
          path: fillPath(route.path, parts.params),
          ...(parts.query !== undefined ? { query: parts.query } : {}),
          ...(parts.body !== undefined ? { body: parts.body } : {}),
          isPublic: route.auth === 'public' || input?.anonymous === true,
          ...(input?.bearer !== undefined ? { bearer: input.bearer } : {}),
        },
        call,
      );
    },
  };
}
