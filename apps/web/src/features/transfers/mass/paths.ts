import type { MassTransferKind } from '@ledgerline/domain/quick-actions';

/** The upload screen of each mass transfer kind (spec 2 §2: /transfer/mass with its children, /transfer/mass/p2p). */
export const MASS_PATHS: Record<MassTransferKind, string> = {
  wire: '/transfer/mass/wire',
  eft: '/transfer/mass/eft',
  oct: '/transfer/mass/oct',
  digital: '/transfer/mass/digital',
  global: '/transfer/mass/global',
  p2p: '/transfer/mass/p2p',
};

/**
 * Where a batch is checked, submitted and followed (spec 2 §2 confirm screens): a P2P batch at
 * /transfer/mass/p2p/confirm, every bank payout batch at /transfer/external/mass/confirm.
 */
export function massConfirmPath(kind: string, batchId: number): string {
  const base = kind === 'p2p' ? '/transfer/mass/p2p/confirm' : '/transfer/external/mass/confirm';
  return `${base}?batchId=${batchId}`;
}
