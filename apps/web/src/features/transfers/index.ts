export { TransfersLayout, TransfersIndexPage } from './components/transfers-layout';
export { OwnTransferPage } from './components/own-transfer-page';
export { P2pTransferPage } from './components/p2p-transfer-page';
export { ApprovalsPage } from './components/approvals-page';
export { LoadPrepaidCardPage, UnloadPrepaidCardPage } from './prepaid-card';
