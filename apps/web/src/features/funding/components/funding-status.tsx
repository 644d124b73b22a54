import type { FundingStatus } from '@ledgerline/domain/funding';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';

const TONES: Record<FundingStatus, BadgeTone> = {
  awaitingPayment: 'orange',
  paid: 'teal',
  cancelled: 'gray',
};

export function FundingStatusBadge({ status }: { status: FundingStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONES[status]}>{t(`funding.status.${status}`)}</StatusBadge>;
}
