export {
  renderFundingInvoice,
  renderInvoice,
  renderStatement,
  renderTransactionReceipt,
} from './render';
export type { FundingInvoiceInput } from './funding-invoice';
export { pdfDownloadRoutes, pdfGeneratorRoutes } from './routes';
export type { LinkedDocuments, PdfDeps } from './routes';
