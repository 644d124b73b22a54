export { StatementsPage } from './components/statements-page';
export { BatchTransfersPage } from './components/batch-transfers-page';
