import type { TFunction } from 'i18next';
import { IDV_REJECT_REASONS } from '@ledgerline/domain/identity-verification';

/**
 * A refusal's reason in the customer's language: the providers send a known code; the compliance
 * desk may write its own words, which are shown as written.
 */
export function reasonText(t: TFunction, reason: string | null | undefined): string | null {
  if (!reason) return null;
  return (IDV_REJECT_REASONS as readonly string[]).includes(reason)
    ? t(`identityVerification.reasons.${reason}`)
    : reason;
}
