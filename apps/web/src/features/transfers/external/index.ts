/** /transfer/external: transfers to other banks, cards, wallets and instant-payment keys (its own route chunk). */
export { ExternalTransferPage } from './components/external-transfer-page';
