/*
 * What the main navigation needs from the transfers feature, apart from its screens: imported by
 * app/layouts/main-nav.tsx directly, so the layout's chunk does not carry the transfer pages.
 */
export { useTransferScreens } from './api/access';
export { useApprovalNavCount } from './api/approval-nav';
// Issue 17B: the batchPartially toast, mounted once by the signed-in frame.
export { BatchPartiallyNotice } from './mass/components/batch-notice';
