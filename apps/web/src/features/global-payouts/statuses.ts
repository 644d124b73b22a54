import type { GlobalBatchStatus, GlobalPaymentStatus } from '@ledgerline/domain/global-pay';
import type { BadgeTone } from '@/ui/status-badge';

/** What the recipient's page may still do: a reserved payment waits for its claim. */
export const CLAIMABLE: readonly ClaimStatus[] = ['reserved'];

/** The status a recipient sees; 'error' when the server gave none (spec 2 §3, the default). */
export type ClaimStatus = GlobalPaymentStatus | 'error';

/** The colour that repeats what a payment's status says in words (never the only sign). */
export const PAYMENT_STATUS_TONE: Record<ClaimStatus, BadgeTone> = {
  draft: 'gray',
  removed: 'gray',
  reserved: 'blue',
  claimed: 'orange',
  paid: 'teal',
  refused: 'red',
  expired: 'gray',
  cancelled: 'gray',
  error: 'red',
};

export const BATCH_STATUS_TONE: Record<GlobalBatchStatus, BadgeTone> = {
  draft: 'gray',
  running: 'blue',
  done: 'teal',
  rejected: 'red',
};
