import { Text, VisuallyHidden } from '@mantine/core';
import type { HistoryDirection, HistoryStatus } from '@ledgerline/contract';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useFormatMoney } from '../format';
import classes from './history.module.css';

const TONES: Record<HistoryStatus, BadgeTone> = {
  completed: 'teal',
  processing: 'blue',
  rejected: 'red',
  reversed: 'orange',
};

export function HistoryStatusBadge({
  status,
  size,
}: {
  status: HistoryStatus;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONES[status]} size={size}>
      {t(`history.status.${status}`)}
    </StatusBadge>
  );
}

/** Money in or out: the sign and colour say it to the eye, a hidden word says it to a screen reader. */
export function SignedAmount({
  amount,
  currency,
  direction,
  size = 'sm',
}: {
  amount: string;
  currency: string;
  direction: HistoryDirection;
  size?: 'sm' | 'md' | 'xl';
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Text
      component="span"
      size={size}
      fw={700}
      className={`${classes.nowrap} ${direction === 'in' ? classes.moneyIn : ''}`}
    >
      <VisuallyHidden>
        {t(direction === 'in' ? 'history.moneyIn' : 'history.moneyOut')}{' '}
      </VisuallyHidden>
      <span aria-hidden="true">{direction === 'in' ? '+' : '−'}</span>
      {money(amount, currency)}
    </Text>
  );
}

/** Money travels as decimal strings (decision 4); '0', '0.00' and 0 all mean no fee. */
export function isZero(amount: string | number): boolean {
  return new Decimal(amount).isZero();
}
