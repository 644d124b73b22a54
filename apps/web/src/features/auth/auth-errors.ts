import type { TFunction } from 'i18next';
import type { AuthErrorReason } from '@ledgerline/contract/auth';
import type { Language } from '@ledgerline/domain/languages';
import { intlLocale, translateErrorMessage } from '@/i18n';
import { isApiError } from '@/lib/api-error';

// Every reason of the contract, checked by the compiler (a value import would put zod on the first page).
const KNOWN_REASONS: Readonly<Record<AuthErrorReason, true>> = {
  wrongCredentials: true,
  accountBlocked: true,
  tooManyAttempts: true,
  botCheckFailed: true,
  wrongCode: true,
  codeExpired: true,
  codeUsed: true,
  badVerifier: true,
  pending: true,
  declined: true,
  refreshReused: true,
  sessionEnded: true,
  emptyRefreshToken: true,
};

/** The auth service's `reason` beside the envelope (packages/contract/src/auth.ts), if any. */
export function authErrorReason(error: unknown): AuthErrorReason | undefined {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const reason = (error.data as { reason?: unknown }).reason;
  return typeof reason === 'string' && Object.hasOwn(KNOWN_REASONS, reason)
    ? (reason as AuthErrorReason)
    : undefined;
}

/** Reasons after which this sign-in cannot go on: the customer starts again from the form. */
export function endsTheSignIn(reason: AuthErrorReason | undefined): boolean {
  return (
    reason === 'codeExpired' ||
    reason === 'codeUsed' ||
    reason === 'badVerifier' ||
    reason === 'accountBlocked' ||
    reason === 'declined' ||
    reason === 'sessionEnded'
  );
}

function formatTime(value: unknown, language: Language): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/**
 * The text for a failed auth call: our own translation when the service names a reason we know,
 * otherwise the message it sent (the server answers in the Accept-Language we sent) or the
 * client's catalogue text.
 */
export function authErrorText(t: TFunction, error: unknown, language: Language): string {
  const reason = authErrorReason(error);
  if (!reason || !isApiError(error)) return translateErrorMessage(t, error);
  const data = error.data as { blockedUntil?: unknown; retryAfter?: unknown };
  switch (reason) {
    case 'accountBlocked': {
      const time = formatTime(data.blockedUntil, language);
      return time
        ? t('signInFlow.errors.accountBlockedUntil', { time })
        : t('signInFlow.errors.accountBlocked');
    }
    case 'tooManyAttempts': {
      const minutes =
        typeof data.retryAfter === 'number'
          ? Math.max(1, Math.ceil(data.retryAfter / 60))
          : undefined;
      return minutes
        ? t('signInFlow.errors.tooManyAttemptsMinutes', { minutes })
        : t('signInFlow.errors.tooManyAttempts');
    }
    case 'wrongCredentials':
    case 'botCheckFailed':
    case 'wrongCode':
    case 'codeExpired':
    case 'codeUsed':
    case 'badVerifier':
    case 'declined':
    case 'pending':
    case 'sessionEnded':
      return t(`signInFlow.errors.${reason}`);
    default:
      return translateErrorMessage(t, error);
  }
}
