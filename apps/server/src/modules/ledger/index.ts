export {
  hashRequest,
  postTransfer,
  rejectTransfer,
  reverseTransfer,
  settleTransfer,
  systemAccount,
} from './ledger';
export type { PostingInput, PostTransferInput, SystemRole } from './ledger';
export { postTransferList, postTransfers, rejectTransfers, settleTransfers } from './batch';
export type { PostedInBatch, TransferList } from './batch';
export { Money, moneyText, requireMinorUnits } from './money';
export { recentTransfers, TRANSFER_KINDS } from './recent';
