export {
  hashRequest,
  postTransfer,
  rejectTransfer,
  reverseTransfer,
  settleTransfer,
  systemAccount,
} from './ledger';
export type { PostingInput } from './ledger';
export { Money, moneyText, requireMinorUnits } from './money';
export { recentTransfers, TRANSFER_KINDS } from './recent';
