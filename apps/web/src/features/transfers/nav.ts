/*
 * What the main navigation needs from the transfers feature, apart from its screens: imported by
 * app/layouts/main-nav.tsx directly, so the layout's chunk does not carry the transfer pages.
 */
export { useTransferScreens } from './api/access';
export { useApprovalNavCount } from './api/approval-nav';
