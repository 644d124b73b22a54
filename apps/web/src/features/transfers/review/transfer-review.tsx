import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';
import { AlertIcon, InfoIcon } from '@/ui/icons';
import classes from './transfer-review.module.css';

export interface ReviewRow {
  /** Stable key; the value's test id is `review-<id>`. */
  id: string;
  label: string;
  /**
   * The value; undefined while it is looked up (the confirm button waits for every value), null
   * when it could not be looked up (a dash, and nothing can be confirmed without it).
   */
  value: string | null | undefined;
  /** A line under the value (e.g. the payee's bank). */
  note?: string;
  /** The sum taken from the account, under a rule. */
  total?: boolean;
}

export interface TransferReviewProps {
  opened: boolean;
  /** What the big amount is ("You send", "To arrive"). */
  amountLabel: string;
  /** What leaves, in big type ("€125.50"), and to whom ("to Lucía Fernández"). */
  amount: string;
  payee: string;
  rows: readonly ReviewRow[];
  /** The primary button names the action and the amount ("Send €125.50"). */
  actionLabel: string;
  isPending: boolean;
  /** A refused submit, already in words; the customer may confirm again (same key) or go back. */
  errorText: string | null;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The step between a filled money-moving form and the money moving (issue 13): what leaves and
 * from where, what arrives, the rate, the fee, the payee and when it arrives. Back returns to the
 * filled form and sends nothing; the primary button sends, and any second factor comes after.
 */
export function TransferReview({
  opened,
  amountLabel,
  amount,
  payee,
  rows,
  actionLabel,
  isPending,
  errorText,
  onBack,
  onConfirm,
}: TransferReviewProps) {
  const { t } = useTranslation();
  const failed = rows.some((row) => row.value === null);
  const ready = !failed && rows.every((row) => row.value !== undefined);
  return (
    <Dialog
      opened={opened}
      onClose={() => {
        if (!isPending) onBack();
      }}
      title={t('transfers.review.title')}
      closeLabel={t('transfers.confirm.close')}
      size="md"
    >
      <Stack gap="md" aria-busy={isPending || !ready}>
        <div className={classes.hero}>
          <span className={classes.heroLabel}>{amountLabel}</span>
          <span className={classes.heroAmount} data-testid="review-amount">
            {amount}
          </span>
          <span className={classes.heroTo}>{t('transfers.review.to', { payee })}</span>
        </div>
        <dl className={classes.rows}>
          {rows.map((row) => (
            <div
              key={row.id}
              className={row.total ? `${classes.row} ${classes.total}` : classes.row}
            >
              <dt>{row.label}</dt>
              <dd data-testid={`review-${row.id}`}>
                {row.value === undefined ? (
                  <Skeleton height={14} width={90} radius="sm" ml="auto" />
                ) : (
                  (row.value ?? '—')
                )}
                {row.note && (
                  <Text component="span" size="xs" className={classes.note}>
                    {row.note}
                  </Text>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <Text size="sm" c="dimmed" display="flex" style={{ gap: 8, alignItems: 'flex-start' }}>
          <InfoIcon size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          {t('transfers.review.nothingSent')}
        </Text>
        {failed && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {t('transfers.review.figuresFailed')}
          </Alert>
        )}
        {errorText && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText}
          </Alert>
        )}
        <div className={classes.actions}>
          <Button variant="default" size="md" onClick={onBack} disabled={isPending}>
            {t('transfers.review.back')}
          </Button>
          <Button
            size="md"
            onClick={onConfirm}
            loading={isPending}
            disabled={!ready}
            data-autofocus
          >
            {actionLabel}
          </Button>
        </div>
      </Stack>
    </Dialog>
  );
}
