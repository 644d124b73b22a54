export { renderStatement, renderTransactionReceipt } from './history-documents';
export { pdfDownloadRoutes, pdfGeneratorRoutes } from './routes';
export type { LinkedDocuments, PdfDeps } from './routes';
