/*
 * Global payouts (issue 17D; spec 2 §2–§4): the sender's batches at /transfer/mass/global and
 * /transfer/external/global-summary, and the recipient's claim by link at /receive/:id.
 */
export { GlobalBatchPage } from './components/global-batch-page';
export { GlobalSummaryPage } from './components/global-summary-page';
export { ReceivePaymentPage } from './components/receive-page';
