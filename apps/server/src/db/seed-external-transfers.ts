import { and, eq } from 'drizzle-orm';
import { BRANDS } from '@ledgerline/domain/brands';
import type { Tx } from './client';
import { feeRules } from './schema';

/*
 * Fees of external transfers per brand (issue 5), in the source account's currency, inside
 * seedDemo's transaction; a rule already there (or edited later) is kept. The operation is the
 * transfer type, wires by scheme (modules/transfers/external.ts feeOperationOf):
 *   SEPA and Faster Payments 0.50, ACH 1.00, SWIFT 15 + 0.1 % (at most 75),
 *   EFT 1 + 0.25 % (at most 20), card payout (OCT) 1 % (0.99 to 25), crypto 1.5 % (at least 2),
 *   instant payment 0.10, Interac e-Transfer 1.50.
 */
export const EXTERNAL_FEE_RULES = [
  { operation: 'wire.sepa', fixed: '0.5', percent: '0', minFee: '0', maxFee: null },
  { operation: 'wire.fasterPayments', fixed: '0.5', percent: '0', minFee: '0', maxFee: null },
  { operation: 'wire.ach', fixed: '1', percent: '0', minFee: '0', maxFee: null },
  { operation: 'wire.swift', fixed: '15', percent: '0.1', minFee: '0', maxFee: '75' },
  { operation: 'eft', fixed: '1', percent: '0.25', minFee: '0', maxFee: '20' },
  { operation: 'oct', fixed: '0', percent: '1', minFee: '0.99', maxFee: '25' },
  { operation: 'crypto_eft', fixed: '0', percent: '1.5', minFee: '2', maxFee: null },
  { operation: 'instant_payment', fixed: '0.1', percent: '0', minFee: '0', maxFee: null },
  { operation: 'interac', fixed: '1.5', percent: '0', minFee: '0', maxFee: null },
] as const;

export async function seedExternalTransfersDemo(tx: Tx): Promise<void> {
  for (const brandId of Object.keys(BRANDS)) {
    for (const rule of EXTERNAL_FEE_RULES) {
      const [existing] = await tx
        .select({ id: feeRules.id })
        .from(feeRules)
        .where(and(eq(feeRules.brandId, brandId), eq(feeRules.operation, rule.operation)))
        .limit(1);
      if (existing) continue;
      await tx.insert(feeRules).values({ brandId, ...rule });
    }
  }
}
