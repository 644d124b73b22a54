import type { massTransferMethods } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { MethodHandlers } from '../../main-api/types';
import { AppError } from '../../lib/errors';

type WorkbenchMethods = Pick<
  typeof massTransferMethods,
  | 'getMassSampleLinks'
  | 'getMassBatch'
  | 'updateMassBatchRow'
  | 'removeMassBatchRow'
  | 'restoreMassBatchRow'
  | 'getMassBatchDryRun'
>;

function notYet(): never {
  throw new AppError(RESPONSE_CODES.unknownError, 'Not available yet', { httpStatus: 501 });
}

/** The workbench: samples, a batch with its rows, fix, drop, restore and the dry run. */
export const workbenchHandlers: MethodHandlers<WorkbenchMethods> = {
  getMassSampleLinks: async () => notYet(),
  getMassBatch: async () => notYet(),
  updateMassBatchRow: async () => notYet(),
  removeMassBatchRow: async () => notYet(),
  restoreMassBatchRow: async () => notYet(),
  getMassBatchDryRun: async () => notYet(),
};
