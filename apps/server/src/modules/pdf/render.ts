import type { LetterInput } from './account-confirmation';
import type { AgreementInput } from './agreement';
import type { FundingInvoiceInput } from './funding-invoice';
import type { ReceiptInput, StatementInput } from './history-documents';
import type { InvoiceDocumentInput } from './invoice-document';

/*
 * Every document the bank writes, loaded on first use: pdf-lib and fontkit cost about 0.4 s of CPU
 * to load, and most processes (and every server test file, which starts its own server) never
 * write a PDF. The first document of a process pays it once; the module cache keeps the rest.
 */

export async function renderStatement(input: StatementInput): Promise<Uint8Array> {
  return (await import('./history-documents')).renderStatement(input);
}

export async function renderTransactionReceipt(input: ReceiptInput): Promise<Uint8Array> {
  return (await import('./history-documents')).renderTransactionReceipt(input);
}

export async function renderAccountConfirmation(input: LetterInput): Promise<Uint8Array> {
  return (await import('./account-confirmation')).renderAccountConfirmation(input);
}

export async function renderAgreement(input: AgreementInput): Promise<Uint8Array> {
  return (await import('./agreement')).renderAgreement(input);
}

export async function renderInvoice(input: InvoiceDocumentInput): Promise<Uint8Array> {
  return (await import('./invoice-document')).renderInvoice(input);
}

export async function renderFundingInvoice(input: FundingInvoiceInput): Promise<Uint8Array> {
  return (await import('./funding-invoice')).renderFundingInvoice(input);
}
