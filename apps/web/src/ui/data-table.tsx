import { Table, VisuallyHidden, type TableProps } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import type { ComponentPropsWithoutRef, Key, ReactNode } from 'react';
import responsive from './responsive-list.module.css';

/** Attributes a row or a cell may carry besides its content (test ids, data-* for scripts). */
type DataAttributes = { [name: `data-${string}`]: string | undefined };

export interface DataColumn<Row> {
  /** Unique among the table's columns (React's key). */
  id: string;
  /** The column heading, already translated (or a file's own header text). */
  header: ReactNode;
  /** The heading is for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Right-aligned columns hold amounts and counts. */
  align?: 'left' | 'right';
  /** This column names the row: its cells are row headers (<th scope="row">). */
  rowHeader?: boolean;
  className?: string;
  headerClassName?: string;
  /** Extra attributes of each of this column's cells. */
  cellProps?: (row: Row) => DataAttributes;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  /** A stable key per row (its id; the position for rows that have none). */
  rowKey: (row: Row, index: number) => Key;
  columns: readonly DataColumn<Row>[];
  /** The table's name (a hidden caption) and, on phones, the card list's. */
  caption: string;
  /** Scrolls sideways below this width (px) instead of squeezing the columns. */
  minWidth?: number;
  /**
   * The scrolling area is a keyboard stop with this name: for a table that may scroll and holds
   * no control to tab into (axe scrollable-region-focusable).
   */
  scrollLabel?: string;
  /** Mantine table look: spacing, hover highlight, stripes, border, font size. */
  tableProps?: Omit<TableProps, 'children'>;
  /** Attributes and handlers of each body row (a click target, a test id). */
  rowProps?: (row: Row) => ComponentPropsWithoutRef<'tr'> & DataAttributes;
  /**
   * A card per row on phones (below the small breakpoint), the table from it up: the
   * `ui/responsive-list.module.css` pattern. Without it the table shows at every width.
   */
  card?: {
    render: (row: Row) => ReactNode;
    itemClassName?: string;
    listClassName?: string;
  };
}

/**
 * A table described by its columns: headings with scope, a hidden caption naming it, body rows
 * from the data; optionally the same rows as stacked cards on phones. The screens say what a
 * column shows; the markup (and its accessibility) is written once, here.
 */
export function DataTable<Row>({
  rows,
  rowKey,
  columns,
  caption,
  minWidth,
  scrollLabel,
  tableProps,
  rowProps,
  card,
}: DataTableProps<Row>) {
  const table = (
    <Table verticalSpacing="sm" {...tableProps}>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th
              key={column.id}
              scope="col"
              ta={column.align === 'right' ? 'right' : undefined}
              className={column.headerClassName}
            >
              {column.headerHidden ? (
                <VisuallyHidden>{column.header}</VisuallyHidden>
              ) : (
                column.header
              )}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)} {...rowProps?.(row)}>
            {columns.map((column) => {
              const props: { ta?: 'right'; className?: string } & DataAttributes = {
                ta: column.align === 'right' ? 'right' : undefined,
                className: column.className,
                ...column.cellProps?.(row),
              };
              return column.rowHeader ? (
                <Table.Th key={column.id} scope="row" fw={400} {...props}>
                  {column.cell(row)}
                </Table.Th>
              ) : (
                <Table.Td key={column.id} {...props}>
                  {column.cell(row)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const scrolled =
    minWidth === undefined ? (
      table
    ) : (
      <Table.ScrollContainer
        minWidth={minWidth}
        {...(scrollLabel
          ? {
              scrollAreaProps: {
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': scrollLabel },
              },
            }
          : {})}
      >
        {table}
      </Table.ScrollContainer>
    );
  if (!card) return scrolled;
  return (
    <>
      <div className={responsive.tableView}>{scrolled}</div>
      <ul
        className={
          card.listClassName ? `${card.listClassName} ${responsive.cardView}` : responsive.cardView
        }
        aria-label={caption}
      >
        {rows.map((row, index) => (
          <li key={rowKey(row, index)} className={card.itemClassName}>
            {card.render(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
