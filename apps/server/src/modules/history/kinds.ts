import type { HistoryStatus } from '@ledgerline/contract';
import {
  TRANSACTION_TYPE_CODES,
  type TransactionTypeCode,
} from '@ledgerline/domain/dictionaries/transaction-types';

/*
 * Ledger transfer kinds (ledger_transfers.kind, written by each module) as the transaction types of
 * the dictionary (getTransactionTypes). A kind named like a type is that type; the others are
 * listed here, so a history filter by type finds every kind it covers.
 */
const KIND_ALIASES: Record<string, TransactionTypeCode> = {
  openingBalance: 'digital',
  outgoingTransfer: 'wire',
  cardFee: 'fee',
  cardBalanceTransfer: 'card_load',
  railReturn: 'refund',
  // Issue 16C: money moved onto a prepaid card and back.
  prepaidCardLoad: 'card_load',
  prepaidCardUnload: 'card_load',
  invoicePayment: 'invoice_payment',
  // Issue 18: a merchant's pull within a pre-approval and an identity verification request's fee.
  // A paid payment request is a P2P payment (kind p2p); refunds (pay's, and global payouts'
  // returns) are kind 'refund', a type of their own.
  preapprovedPull: 'preapproved_pull',
  identityRequestFee: 'fee',
};

const TYPE_CODES = new Set<string>(TRANSACTION_TYPE_CODES);

export function typeOfKind(kind: string): TransactionTypeCode {
  if (TYPE_CODES.has(kind)) return kind as TransactionTypeCode;
  return Object.hasOwn(KIND_ALIASES, kind) ? KIND_ALIASES[kind]! : 'fx';
}

/** Every ledger kind shown as a type (the type's own name included). */
export function kindsOfType(code: TransactionTypeCode): string[] {
  return [
    code,
    ...Object.entries(KIND_ALIASES)
      .filter(([, type]) => type === code)
      .map(([kind]) => kind),
  ];
}

const STATUS_OF_LEDGER: Record<string, HistoryStatus> = {
  pending: 'processing',
  settled: 'completed',
  rejected: 'rejected',
  reversed: 'reversed',
};

export function historyStatusOf(ledgerStatus: string): HistoryStatus {
  return Object.hasOwn(STATUS_OF_LEDGER, ledgerStatus)
    ? STATUS_OF_LEDGER[ledgerStatus]!
    : 'processing';
}

export function ledgerStatusOf(status: HistoryStatus): string {
  return Object.entries(STATUS_OF_LEDGER).find(([, value]) => value === status)![0];
}
