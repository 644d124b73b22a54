import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

interface Payment {
  id: number;
  payee: string;
  amount: string;
}

const rows: Payment[] = [
  { id: 1, payee: 'Ana Pop', amount: '10.00' },
  { id: 2, payee: 'Ion Rus', amount: '2.50' },
];

const columns: DataColumn<Payment>[] = [
  { id: 'payee', header: 'Payee', rowHeader: true, cell: (row) => row.payee },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cellProps: (row) => ({ 'data-amount': row.amount }),
    cell: (row) => `€${row.amount}`,
  },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: () => <button>Open</button> },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Payment>>[0]> = {}) {
  return render(
    <MantineProvider env="test">
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        caption="Payments"
        {...props}
      />
    </MantineProvider>,
  );
}

describe('DataTable', () => {
  it('is a table named by its caption, with a column heading per definition and a row per item', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Payee', 'Amount', 'Actions']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual([
      'Ana Pop€10.00Open',
      'Ion Rus€2.50Open',
    ]);
  });

  it('names each row by its row-header column and carries the cell attributes', () => {
    renderTable();
    const header = screen.getByRole('rowheader', { name: 'Ion Rus' });
    expect(header).toHaveAttribute('scope', 'row');
    const row = header.closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('€2.50')).toHaveAttribute('data-amount', '2.50');
  });

  it('hands each row its own attributes and handlers', async () => {
    const onOpen = vi.fn();
    renderTable({
      rowProps: (row) => ({ 'data-testid': 'payment-row', onClick: () => onOpen(row.id) }),
    });
    const [first] = screen.getAllByTestId('payment-row');
    await userEvent.setup().click(within(first as HTMLElement).getByRole('rowheader'));
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('shows no card list unless asked, and with a card renderer lists each item as a card named like the table', () => {
    const { unmount } = renderTable();
    expect(screen.queryByRole('list')).toBeNull();
    unmount();
    renderTable({ card: { render: (row) => `${row.payee}: €${row.amount}` } });
    const list = screen.getByRole('list', { name: 'Payments' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ana Pop: €10.00', 'Ion Rus: €2.50']);
    expect(screen.getByRole('table', { name: 'Payments' })).toBeInTheDocument();
  });
});
