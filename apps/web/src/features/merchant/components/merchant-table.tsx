import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/ui/data-table';
import frame from '@/ui/page-frame.module.css';
import classes from './merchant.module.css';

/** One line of a row's phone card: its label, its value, and whether the value is code-like. */
export type CardFact = readonly [label: string, value: ReactNode, mono?: boolean];

/**
 * The merchant screens' table: columns on a wide screen, on a phone a card a row with its title
 * and status badge, its facts as a list, then its actions.
 */
export function MerchantTable<Row>({
  rows,
  rowKey,
  columns,
  caption,
  minWidth,
  scrollable = false,
  card,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: DataColumn<Row>[];
  caption: string;
  minWidth: number;
  /** Long lists (logs) name their scroll area after the caption. */
  scrollable?: boolean;
  card: {
    title: (row: Row) => ReactNode;
    monoTitle?: boolean;
    badge: (row: Row) => ReactNode;
    facts: (row: Row) => CardFact[];
    actions?: (row: Row) => ReactNode;
  };
}) {
  return (
    <DataTable
      rows={rows}
      rowKey={rowKey}
      columns={columns}
      caption={caption}
      minWidth={minWidth}
      {...(scrollable ? { scrollLabel: caption } : {})}
      card={{
        listClassName: classes.list,
        itemClassName: card.actions ? `${frame.card} ${frame.cardWithActions}` : frame.card,
        render: (row) => (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} size="sm" className={card.monoTitle ? classes.mono : undefined}>
                {card.title(row)}
              </Text>
              {card.badge(row)}
            </Group>
            <dl>
              {card.facts(row).map(([label, value, mono]) => (
                <Fact key={label} label={label} value={value} mono={mono ?? false} />
              ))}
            </dl>
            {card.actions?.(row)}
          </>
        ),
      }}
    />
  );
}

function Fact({ label, value, mono }: { label: string; value: ReactNode; mono: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={mono ? classes.mono : undefined}>{value}</dd>
    </>
  );
}

/** The status column: a badge that keeps its whole word in a tight table. */
export function statusColumn<Row>(header: string, cell: (row: Row) => ReactNode): DataColumn<Row> {
  return { id: 'status', header, className: classes.statusCell, cell };
}

/** The last column: the row's actions, under a header only screen readers hear. */
export function actionsColumn<Row>(header: string, cell: (row: Row) => ReactNode): DataColumn<Row> {
  return { id: 'actions', header, headerHidden: true, align: 'right', cell };
}

/** "Load more" under a list that pages, while there is more. */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <Group justify="center">
      <Button variant="default" onClick={onLoad} loading={loading}>
        {t('merchant.log.loadMore')}
      </Button>
    </Group>
  );
}
