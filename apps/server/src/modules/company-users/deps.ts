import type { Database } from '../../db/client';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';

/** What the company-user use cases need besides the actor. */
export interface CompanyUsersDeps {
  db: Database;
  realtime: RealtimeHub;
  mailer: Mailer;
}

/** After commit: the user's screens read their access again (their next request already has the new rights). */
export async function publishAccessChanged(
  realtime: RealtimeHub,
  userId: number,
  customerId: number,
): Promise<void> {
  await realtime.publish(userId, { type: 'AccessChanged', payload: { customerId } });
}
