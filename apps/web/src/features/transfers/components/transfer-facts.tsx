import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './transfers.module.css';

export interface FactRow {
  /** Stable key and test id. */
  id: string;
  label: string;
  /** The value to show; null while its inputs are missing (a dash), undefined while it loads. */
  value: string | null | undefined;
  /** A line under the row (e.g. whether the maximum comes from the balance or a limit). */
  note?: string;
  /** The row that sums up (drawn with a rule above). */
  total?: boolean;
}

/**
 * The figures beside a transfer form (fee, rate, what is debited, the maximum, the limits): each
 * appears once the inputs it needs are there (spec 2 §5), a dash until then, a shimmer while it loads.
 */
export function TransferFacts({
  title,
  rows,
  footer,
}: {
  title: string;
  rows: FactRow[];
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        <dl className={classes.facts} aria-live="polite">
          {rows.map((row) => (
            <div key={row.id} className={row.total ? classes.total : undefined}>
              <dt>
                {row.label}
                {row.note && (
                  <Text component="span" display="block" size="xs" c="dimmed" fw={400}>
                    {row.note}
                  </Text>
                )}
              </dt>
              <dd data-testid={`fact-${row.id}`}>
                {row.value === undefined ? (
                  <>
                    <Skeleton height={14} width={90} radius="sm" />
                    <span className={classes.srOnly}>{t('transfers.facts.loading')}</span>
                  </>
                ) : (
                  (row.value ?? '—')
                )}
              </dd>
            </div>
          ))}
        </dl>
        {footer}
      </Stack>
    </Paper>
  );
}
