import type { massTransferMethods } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { MethodHandlers } from '../../main-api/types';
import { AppError } from '../../lib/errors';

/*
 * Submitting, re-submitting, polling and approving a mass batch: part E of issue 17 writes these
 * handlers (this file is theirs to replace). Until then they answer IM (404, the method is not there yet) and change nothing.
 */

type SubmitMethods = Pick<
  typeof massTransferMethods,
  | 'submitMassBatch'
  | 'resubmitMassFailedRows'
  | 'getMassBatchStatus'
  | 'massApprove'
  | 'massApproveConfirm'
>;

function notYet(): never {
  throw new AppError(RESPONSE_CODES.invalidMethod, 'Not available yet');
}

export const submitHandlers: MethodHandlers<SubmitMethods> = {
  submitMassBatch: async () => notYet(),
  resubmitMassFailedRows: async () => notYet(),
  getMassBatchStatus: async () => notYet(),
  massApprove: async () => notYet(),
  massApproveConfirm: async () => notYet(),
};
