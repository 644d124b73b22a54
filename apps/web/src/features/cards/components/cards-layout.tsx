import { Outlet } from 'react-router';
import { useLiveCardStatuses } from '../realtime/live-card-statuses';
import { ApplyCardDialog } from './apply-card-dialog';

/**
 * Shared by every card screen: the application dialog (opened by `?apply=1` wherever the
 * customer is) and the live card statuses, kept while the customer moves between the screens.
 */
export function CardsLayout() {
  useLiveCardStatuses();
  return (
    <>
      <Outlet />
      <ApplyCardDialog />
    </>
  );
}
