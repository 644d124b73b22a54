/*
 * Mass transfers (issue 17), a transfers sub-page: the upload of each kind under /transfer/mass,
 * and a batch's workbench and progress at the confirm screens of spec 2 §2.
 */
export { MassTransfersLayout, MassTransfersIndexPage } from './components/mass-layout';
export { MassUploadPage } from './components/upload-page';
export { MassBatchPage } from './components/batch-page';
