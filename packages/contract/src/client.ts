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

export type ApiErrorKind = 'http' | 'server-unavailable' | 'empty' | 'network' | 'timeout' | 'response';

/** What a failed call tells the screen: a message to show, plus the raw answer for screens that need more. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly responseCode: string | undefined;
  readonly data: unknown;
  readonly validationErrors: Record<string, string> | undefined;

  constructor(kind: ApiErrorKind, message: string, details: { status?: number; responseCode?: string; data?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.responseCode = details.responseCode;
    this.data = details.data;
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
   * Called once when an authenticated call answers 401. Return true when the token was refreshed:
   * the call is then retried once (spec 1 §4). The sign-in issue plugs its refresh in here.
   */
  onUnauthorized?: () => Promise<boolean>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type MainRequest<M extends MainMethodName> = z.input<MainMethods[M]['request']> & Partial<EnvelopeFields>;
export type MainResponse<M extends MainMethodName> = z.output<MainMethods[M]['response']> & {
  responseCode: string;
  responseDescription: string;
};

export interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the base URL, e.g. '/api/auth/login'. */
  path: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  isPublic?: boolean;
}

export interface ApiClient {
  main<M extends MainMethodName>(method: M, payload: MainRequest<M>): Promise<MainResponse<M>>;
  rest<T = unknown>(request: RestRequest): Promise<T>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? TIMING.requestTimeout;

  function headers(isPublic: boolean, hasBody: boolean): Record<string, string> {
    const out: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': toIsoLanguage(options.getLanguage()),
      [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
    };
    if (hasBody) out['Content-Type'] = 'application/json';
    const token = isPublic ? undefined : options.getAccessToken?.();
    if (token) out.Authorization = `Bearer ${token}`;
    const customerId = options.getCustomerId?.();
    if (customerId !== undefined) out[CUSTOMER_ID_HEADER] = String(customerId);
    return out;
  }

  async function send(url: string, init: { method: string; body?: unknown; isPublic: boolean }): Promise<{ status: number; data: unknown }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: init.method,
        headers: headers(init.isPublic, init.body !== undefined),
        body: init.body === undefined ? undefined : JSON.stringify(stripNulls(init.body)),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) throw new ApiError('timeout', ERROR_TEXTS.networkError);
      const message = error instanceof Error && error.message ? error.message : ERROR_TEXTS.networkError;
      throw new ApiError('network', message === 'Failed to fetch' || message === 'fetch failed' ? ERROR_TEXTS.networkError : message);
    } finally {
      clearTimeout(timer);
    }
    if (response.status === 500) throw new ApiError('server-unavailable', ERROR_TEXTS.serverNotAvailable, { status: 500 });
    if (text.trim() === '') {
      if (response.ok) throw new ApiError('empty', ERROR_TEXTS.serverError, { status: response.status });
      throw new ApiError('http', ERROR_TEXTS.serverError, { status: response.status });
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: response.status, data };
  }

  async function withRetry(isPublic: boolean, call: () => Promise<{ status: number; data: unknown }>): Promise<{ status: number; data: unknown }> {
    const first = await call();
    if (first.status !== 401 || isPublic || !options.onUnauthorized) return first;
    const refreshed = await options.onUnauthorized();
    return refreshed ? call() : first;
  }

  function failure(status: number, data: unknown): ApiError {
    const responseCode = typeof data === 'object' && data !== null ? (data as { responseCode?: unknown }).responseCode : undefined;
    return new ApiError('http', extractErrorMessage(data) ?? ERROR_TEXTS.serverError, {
      status,
      responseCode: typeof responseCode === 'string' ? responseCode : undefined,
      data,
    });
  }

  return {
    async main(method, payload) {
      const definition = mainMethods[method];
      const lang = options.getLanguage();
      const url = `${options.baseUrl}/api/main/?${encodeURIComponent(method)}`;
      const body = { ...payload, method, lang };
      const { status, data } = await withRetry(definition.isPublic, () => send(url, { method: 'POST', body, isPublic: definition.isPublic }));
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

    async rest<T>(request: RestRequest): Promise<T> {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) search.set(key, String(value));
      }
      const query = search.size > 0 ? `?${search.toString()}` : '';
      const isPublic = request.isPublic ?? false;
      const { status, data } = await withRetry(isPublic, () =>
        send(`${options.baseUrl}${request.path}${query}`, { method: request.method, body: request.body, isPublic }),
      );
      if (status >= 400) throw failure(status, data);
      return data as T;
    },
  };
}
