import type { TransferScreen } from '@ledgerline/domain/quick-actions';

/** Where each transfer screen lives (spec 2 §2). */
export const TRANSFER_PATHS: Record<TransferScreen, string> = {
  account: '/transfer/account',
  p2p: '/transfer/p2p',
  external: '/transfer/external',
  invoices: '/transfer/invoices',
  approved: '/transfer/approved',
};

/** The transfer screen a path shows, if any. */
export function screenOfPath(pathname: string): TransferScreen | undefined {
  const entry = Object.entries(TRANSFER_PATHS).find(
    ([, path]) => pathname === path || pathname.startsWith(`${path}/`),
  );
  return entry?.[0] as TransferScreen | undefined;
}
