import type { Database } from '../../db/client';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';

/** What the invoice use cases need from the node. */
export interface InvoiceDeps {
  db: Database;
  mailer: Mailer;
  realtime: RealtimeHub;
}
