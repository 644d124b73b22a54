import type { ServerModule } from '../../server-module';
import { isHistoryDocument, serveHistoryDocument } from './downloads';
import { EXPORT_POLL_MS, startExportRetention, startExportWorker } from './exports';
import { historyHandlers } from './handlers';

/** What history gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'history',
  handlers: historyHandlers,
  jobs: [
    // History exports and statement files are written in the background.
    (ctx) => startExportWorker({ db: ctx.db, log: ctx.log, pollMs: EXPORT_POLL_MS }),
    // Their files are kept 30 days, then swept.
    (ctx) => startExportRetention({ db: ctx.db, log: ctx.log }),
  ],
  // Receipts and history exports share the PDF service's single-use links.
  linkedDocuments: [{ handles: isHistoryDocument, serve: serveHistoryDocument }],
} satisfies ServerModule;

export { generateHistoryVolume } from './volume';
