import type { z } from 'zod';

/**
 * One main-API method: its request payload (without the envelope fields), its answer's data
 * fields (without responseCode/responseDescription), whether it needs a bearer token, and the
 * success code it answers with ('SUCCESS' for dictionaries, '00' for the rest; spec 2 §8).
 */
export interface MainMethod<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  P extends boolean = boolean,
> {
  isPublic: P;
  successCode: '00' | 'SUCCESS';
  request: Req;
  response: Res;
}

export function defineMethod<
  Req extends z.ZodType,
  Res extends z.ZodType,
  P extends boolean = false,
>(method: {
  isPublic?: P;
  successCode?: '00' | 'SUCCESS';
  request: Req;
  response: Res;
}): MainMethod<Req, Res, P> {
  return {
    isPublic: (method.isPublic ?? false) as P,
    successCode: method.successCode ?? '00',
    request: method.request,
    response: method.response,
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a REST route:
 * - `public`: anyone; the client sends no bearer (rate limited where `rateLimited`).
 * - `session`: a signed-in session's access token; the server authenticates it before it reads
 *   the request, so a stranger learns nothing from a 400.
 * - `own`: the route reads its own credential (tmpJwt, device secret, refresh cookie, download
 *   token, realtime ticket); the client sends the session's token unless the call names a bearer.
 */
export type RouteAuth = 'public' | 'session' | 'own';

/** What a successful answer is: JSON (the `response` schema), a page, a file or a redirect. */
export type RouteAnswerKind = 'json' | 'html' | 'file' | 'redirect' | 'websocket';

/**
 * One REST route: method, full path (`:name` marks a path parameter), who may call it, the zod
 * schemas of its params, query and body, its JSON answer and its error answer (the envelope).
 * The server registers the route from this entry; the web's typed client calls it from the same.
 */
export interface RestRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answer (kind 'json'); other kinds describe their answer in `answer`. */
  readonly response?: z.ZodType;
  readonly answer?: RouteAnswerKind;
  /** Every refusal: the spec's envelope (or an extension of it, such as the auth service's). */
  readonly error: z.ZodType;
  /** Rate limited per address (public routes a stranger can call). */
  readonly rateLimited?: boolean;
  /** Only registered with DEV_TOOLS on (development stand-ins under /dev). */
  readonly devOnly?: boolean;
  /** Served as a file of the web build, not by a registered route. */
  readonly staticFile?: boolean;
  /** The body is multipart/form-data (a FormData from the web), read by the route itself. */
  readonly multipart?: boolean;
}

/** Declares a REST route; `const` keeps the literal method and path for the client's types. */
export function defineRoute<const R extends RestRoute>(route: R): R {
  return route;
}

/** The route's path with each `:name` replaced by its (encoded) parameter. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
