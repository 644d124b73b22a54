import { cardStatusKey, type CardStatusKey } from '@ledgerline/domain/cards';
import { useCardStatusName } from '@/ui/card-status-name';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';

/**
 * The badge colour of every card status (spec 2 §4 "Card status ids"): usable green, waiting
 * blue, needs a look amber, stopped red, over grey. A Record, so a new status must be placed.
 */
const STATUS_COLORS: Record<CardStatusKey, BadgeTone> = {
  submitted: 'blue',
  active: 'teal',
  canceled: 'gray',
  fraud: 'red',
  printing: 'blue',
  printed: 'blue',
  shipped: 'blue',
  pending: 'blue',
  limited: 'orange',
  expired: 'gray',
  processing: 'blue',
  pendingDocument: 'orange',
  paused: 'orange',
};

export function CardStatusBadge({ statusId }: { statusId: number }) {
  const statusName = useCardStatusName();
  const key = cardStatusKey(statusId);
  const color = key ? STATUS_COLORS[key] : 'gray';
  return <StatusBadge tone={color}>{statusName(statusId)}</StatusBadge>;
}
