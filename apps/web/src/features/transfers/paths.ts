import type { TransferScreen } from '@ledgerline/domain/quick-actions';

/** Where each transfer screen lives (spec 2 §2). */
export const TRANSFER_PATHS: Record<TransferScreen, string> = {
  account: '/transfer/account',
  p2p: '/transfer/p2p',
  external: '/transfer/external',
  invoices: '/transfer/invoices',
  preapproved: '/transfer/preapproved-payments',
  mass: '/transfer/mass',
  approved: '/transfer/approved',
};

/**
 * Issue 17: the mass screens' paths outside /transfer/mass (spec 2 §2): the confirm screen of a
 * mass bank payout lives under /transfer/external, yet belongs to the mass screens.
 */
const MASS_PATHS = ['/transfer/external/mass/', '/transfer/mass/'];

/** The transfer screen a path shows, if any. */
export function screenOfPath(pathname: string): TransferScreen | undefined {
  if (MASS_PATHS.some((prefix) => `${pathname}/`.startsWith(prefix))) return 'mass';
  const entry = Object.entries(TRANSFER_PATHS).find(
    ([, path]) => pathname === path || pathname.startsWith(`${path}/`),
  );
  return entry?.[0] as TransferScreen | undefined;
}
