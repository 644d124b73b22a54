export { renderInvoice, renderStatement, renderTransactionReceipt } from './render';
export { pdfDownloadRoutes, pdfGeneratorRoutes } from './routes';
export type { LinkedDocuments, PdfDeps } from './routes';
