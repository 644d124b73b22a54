import { DEFAULT_LANGUAGE, type Language } from '@ledgerline/domain/languages';

/**
 * PostgreSQL's "the server went away" classes: 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (still starting up or in recovery), and the whole 08 class
 * (connection exceptions).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a connection that cannot be opened or was cut. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What `pg` and `pg-pool` say when a connection dies or cannot be had (they set no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'terminating connection',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'the database system is',
];

function ownFacts(error: unknown): { code?: unknown; message?: unknown } | undefined {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown; message?: unknown })
    : undefined;
}

/**
 * Whether an error (or what it wraps: Drizzle's query error keeps the driver's in `cause`, and
 * Node's connection attempt to several addresses an AggregateError's `errors`) says the database
 * cannot be reached, as opposed to a query the database refused.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const facts = ownFacts(error);
  if (!facts || depth > 5) return false;
  const { code, message } = facts;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text)))
    return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** How long a caller should wait before trying again during an outage (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

/** The envelope's text for a 503, in the caller's language. */
const UNAVAILABLE_TEXTS: Record<Language, string> = {
  en: 'The service is briefly unavailable. Please try again in a few seconds.',
  es: 'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
  pt: 'O serviço está indisponível por um instante. Tente novamente em alguns segundos.',
  ro: 'Serviciul este indisponibil pentru scurt timp. Încearcă din nou în câteva secunde.',
  ru: 'Сервис ненадолго недоступен. Попробуйте ещё раз через несколько секунд.',
  ua: 'Сервіс ненадовго недоступний. Спробуйте ще раз за кілька секунд.',
};

export function unavailableText(language: Language | undefined): string {
  return UNAVAILABLE_TEXTS[language ?? DEFAULT_LANGUAGE];
}
