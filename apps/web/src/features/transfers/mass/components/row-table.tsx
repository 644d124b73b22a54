import { Button, Group, Text } from '@mantine/core';
import type { MassRow } from '@ledgerline/contract';
import { MASS_ROW_ERROR_KEY, type MassRowStatus } from '@ledgerline/domain/mass-transfers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import frame from '@/ui/page-frame.module.css';
import { rowMessage, rowPayee } from '../texts';
import classes from './mass.module.css';

/** One column of a type's file (the sample list's): its key in a row's fields and its header. */
export interface MassColumn {
  key: string;
  header: string;
  required: boolean;
}

export const ROW_TONE: Record<MassRowStatus, BadgeTone> = {
  invalid: 'red',
  valid: 'teal',
  removed: 'gray',
  pending: 'blue',
  submitted: 'blue',
  settled: 'teal',
  failed: 'red',
  returned: 'orange',
};

export interface RowActions {
  onFix: (row: MassRow) => void;
  onRemove: (row: MassRow) => void;
  onRestore: (row: MassRow) => void;
  /** The row whose drop or restore is on its way. */
  busyRow: number | null;
}

/**
 * A batch's rows: every cell of the type's file with the error found on it, the row's status and
 * the error of the row as a whole (or the rail's reason); in the workbench, the row's actions. A
 * table that scrolls sideways from the small breakpoint up, a card per row on phones.
 */
export function RowTable({
  rows,
  columns,
  actions,
  caption,
}: {
  rows: readonly MassRow[];
  columns: readonly MassColumn[];
  actions?: RowActions;
  caption: string;
}) {
  const { t } = useTranslation();
  const cellError = (row: MassRow, key: string) => row.errors[key];

  const status = (row: MassRow) => (
    <StatusBadge tone={ROW_TONE[row.status]}>
      {t(`massTransfers.rowStatus.${row.status}`)}
    </StatusBadge>
  );
  const note = (row: MassRow): ReactNode => {
    const message = row.errors[MASS_ROW_ERROR_KEY] ?? row.failureReason;
    return message ? (
      <Text size="xs" c="red.9" data-testid="row-note">
        {rowMessage(t, message)}
      </Text>
    ) : null;
  };
  const buttons = (row: MassRow) => {
    if (!actions) return null;
    const payee = rowPayee(row) || String(row.rowNumber);
    if (row.status === 'removed')
      return (
        <Button
          size="xs"
          variant="default"
          loading={actions.busyRow === row.rowNumber}
          onClick={() => actions.onRestore(row)}
          aria-label={t('massTransfers.rows.restoreRow', { row: row.rowNumber, payee })}
        >
          {t('massTransfers.rows.restore')}
        </Button>
      );
    return (
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          variant={row.status === 'invalid' ? 'filled' : 'default'}
          onClick={() => actions.onFix(row)}
          aria-label={t('massTransfers.rows.fixRow', { row: row.rowNumber, payee })}
        >
          {t('massTransfers.rows.fix')}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={actions.busyRow === row.rowNumber}
          onClick={() => actions.onRemove(row)}
          aria-label={t('massTransfers.rows.removeRow', { row: row.rowNumber, payee })}
        >
          {t('massTransfers.rows.remove')}
        </Button>
      </Group>
    );
  };
  const value = (row: MassRow, key: string) => {
    const message = cellError(row, key);
    const text = row.fields[key] ?? '';
    return (
      <span className={message ? classes.badCell : undefined}>
        <span className={classes.cellText}>{text || (message ? '—' : '')}</span>
        {message && (
          <Text component="span" size="xs" c="red.9" display="block">
            {rowMessage(t, message)}
          </Text>
        )}
      </span>
    );
  };

  const tableColumns: DataColumn<MassRow>[] = [
    {
      id: 'row',
      header: t('massTransfers.rows.number'),
      rowHeader: true,
      className: classes.rowNumber,
      cell: (row) => row.rowNumber,
    },
    {
      id: 'status',
      header: t('massTransfers.rows.status'),
      className: classes.statusCell,
      cell: (row) => (
        <>
          {status(row)}
          {note(row)}
        </>
      ),
    },
    ...columns.map<DataColumn<MassRow>>((column) => ({
      id: column.key,
      header: column.header,
      className: classes.cell,
      cellProps: (row) => ({ 'data-invalid': cellError(row, column.key) ? 'true' : undefined }),
      cell: (row) => value(row, column.key),
    })),
    ...(actions
      ? [
          {
            id: 'actions',
            header: t('massTransfers.rows.actions'),
            headerHidden: true,
            cell: buttons,
          } satisfies DataColumn<MassRow>,
        ]
      : []),
  ];

  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.rowNumber}
      columns={tableColumns}
      caption={caption}
      minWidth={Math.max(720, 140 * columns.length + 260)}
      scrollLabel={actions ? undefined : caption}
      tableProps={{ fz: 'sm', verticalSpacing: 'xs' }}
      rowProps={(row) => ({ 'data-testid': 'mass-row', 'data-status': row.status })}
      card={{
        itemClassName: `${frame.card} ${frame.cardWithActions}`,
        render: (row) => (
          <div data-testid="mass-row-card" data-status={row.status}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>
                {t('massTransfers.rows.rowTitle', { row: row.rowNumber })}
                {rowPayee(row) ? ` · ${rowPayee(row)}` : ''}
              </Text>
              {status(row)}
            </Group>
            {note(row)}
            <dl>
              {columns.map((column) => (
                <div key={column.key} className={classes.cardFact}>
                  <dt>{column.header}</dt>
                  <dd>{value(row, column.key)}</dd>
                </div>
              ))}
            </dl>
            {buttons(row)}
          </div>
        ),
      }}
    />
  );
}
