import type { VerificationInput } from '@ledgerline/domain/verification';
import type { DbOrTx } from '../../db/client';
import { loadVerificationInfo } from '../accounts';

/** The customer's own verification facts (as its owner sees them, not a representative). */
export function loadCustomerVerificationFacts(
  db: DbOrTx,
  customerId: number,
): Promise<VerificationInput> {
  return loadVerificationInfo(db, { userId: 0, ownCustomerId: customerId, customerId });
}
