export {
  renderFundingInvoice,
  renderInvoice,
  renderStatement,
  renderTransactionReceipt,
} from './render';
export type { FundingInvoiceInput } from './funding-invoice';
export { DOWNLOAD_LINK_TTL_MS, claimDownloadLink, issueDownloadLink } from './links';
export { pdfDownloadRoutes, pdfGeneratorRoutes } from './routes';
export type { LinkedDocuments, PdfDeps } from './routes';
