import type { ExternalTransferType } from '@ledgerline/domain/external-transfers';

/*
 * When the money arrives, as the review says it. Inside the bank a settled transfer has arrived;
 * an external one travels on its rail and arrives in the rail's usual time (the rail simulator
 * settles in seconds, real rails take what these texts say). The texts live under
 * transfers.review.arrival.<key>.
 */
export type ArrivalKey =
  | 'now'
  | 'sepa'
  | 'swift'
  | 'ach'
  | 'fasterPayments'
  | 'eft'
  | 'oct'
  | 'crypto_eft'
  | 'instant_payment'
  | 'interac';

/** The arrival text of an external type (a wire by its scheme; SWIFT when it has none yet). */
export function externalArrival(type: ExternalTransferType, scheme: string): ArrivalKey {
  if (type !== 'wire') return type;
  return scheme === 'sepa' || scheme === 'ach' || scheme === 'fasterPayments' ? scheme : 'swift';
}
