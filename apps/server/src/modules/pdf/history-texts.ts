import type { HistoryStatus } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain';
import { textsOf } from '../../i18n/translate';

/** Texts of the transaction receipt and the monthly statement (PDF), in every language. */
export interface HistoryDocumentTexts {
  locale: string;
  receiptTitle: string;
  statementTitle: string;
  issued: string;
  holder: string;
  account: string;
  transactionId: string;
  date: string;
  type: string;
  status: string;
  direction: string;
  directionIn: string;
  directionOut: string;
  amount: string;
  fee: string;
  rate: string;
  toAmount: string;
  counterparty: string;
  description: string;
  period: string;
  beginningBalance: string;
  totalCredit: string;
  totalDebit: string;
  endingBalance: string;
  processingCount: string;
  rejectedCount: string;
  movements: string;
  noMovements: string;
  /** `{count}` lines left out of the PDF. */
  moreLines: string;
  electronic: string;
  statuses: Record<HistoryStatus, string>;
}

/** The receipt's and statement's labels in a language (i18n/<lang>/history-documents.json). */
export function historyDocumentTexts(lang: Language): HistoryDocumentTexts {
  return textsOf<HistoryDocumentTexts>(lang, 'history-documents');
}
