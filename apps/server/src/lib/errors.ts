import { RESPONSE_CODES, type ResponseCode } from '@ledgerline/domain';

const HTTP_STATUS: Record<ResponseCode, number> = {
  '00': 200,
  SUCCESS: 200,
  VF: 400,
  TE: 403,
  AE: 400,
  AU: 401,
  ENOA: 403,
  UE: 500,
  CA: 409,
  '13': 403,
  TA1: 400,
  IM: 404,
  RL: 429,
  IPW: 403,
};

/**
 * The one application error. Services throw it with a code from the spec's catalogue; the error
 * handler turns it into the envelope { responseCode, responseDescription, validationErrors? }.
 */
export class AppError extends Error {
  readonly code: ResponseCode;
  readonly httpStatus: number;
  readonly validationErrors: Record<string, string> | undefined;
  /** Further answer fields beside the envelope's (e.g. the auth service's `reason`, `blockedUntil`, `retryAfter`). */
  readonly extra: Record<string, unknown> | undefined;
  /** Response headers to send with the error (e.g. Retry-After). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ResponseCode,
    description: string,
    options: {
      validationErrors?: Record<string, string>;
      httpStatus?: number;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(description);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = options.httpStatus ?? HTTP_STATUS[code];
    this.validationErrors = options.validationErrors;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  static invalid(
    validationErrors: Record<string, string>,
    description = 'Invalid parameters',
  ): AppError {
    return new AppError(RESPONSE_CODES.invalidParameters, description, { validationErrors });
  }

  static noAccess(description = 'No access'): AppError {
    return new AppError(RESPONSE_CODES.noAccess, description);
  }

  static unauthorised(description = 'Unauthorized'): AppError {
    return new AppError(RESPONSE_CODES.authorisationError, description);
  }

  /** Another customer's object is "not found", never "forbidden" with details (STYLE.md). */
  static notFound(description = 'Not found'): AppError {
    return new AppError(RESPONSE_CODES.noAccess, description, { httpStatus: 404 });
  }
}

/** Turns zod issues into { 'field.path': message }. */
export function issuesToValidationErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}
