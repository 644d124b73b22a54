export { LoadPrepaidCardPage, UnloadPrepaidCardPage } from './prepaid-card-page';
