/*
 * The invoice screens (issue 16), a transfers sub-page: /transfer/invoices inside the transfers
 * layout, and the public page of an e-mailed invoice link (/invoice/:token) outside it.
 */
export { InvoicesPage } from './components/invoices-page';
export { PublicInvoicePage } from './components/public-invoice-page';
