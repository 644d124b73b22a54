/*
 * Pre-approved payments (issue 18), a transfers sub-page: /transfer/preapproved-payments inside
 * the transfers layout.
 */
export { PreapprovedPaymentsPage } from './preapproved-page';
