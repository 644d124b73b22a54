import { Alert, Button, Group, NativeSelect, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import {
  INVOICE_STATUSES,
  INVOICES_PAGE_SIZE,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
} from '@ledgerline/contract';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { REQUEST_MONEY_FLAG } from '@ledgerline/domain/quick-actions';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorPopup } from '@/ui/error-popup';
import { CheckCircleIcon, ChevronDownIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferAccounts } from '../../api/accounts';
import { useTransferScreens } from '../../api/access';
import { useInvoiceList, useInvoicePdf, useLiveInvoices } from '../api/invoices';
import type { InvoiceBox } from '../keys';
import { CreateInvoiceDialog, type CreatedInvoice } from './create-invoice-dialog';
import { CancelInvoiceDialog, RejectInvoiceDialog } from './decision-dialogs';
import { InvoiceRow, type InvoiceAction } from './invoice-row';
import { PayInvoice } from './pay-invoice';
import { ShareRequestDialog } from './share-request-dialog';
import classes from './invoices.module.css';

const BOXES: readonly InvoiceBox[] = ['received', 'sent'];

function isStatus(value: string | null): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value ?? '');
}

/**
 * /transfer/invoices (spec 2 §2, §3 "Invoices", §9: 20 a page): the invoices the customer received
 * and those they sent, each list filtered by status, live on the InvoiceChanged event; a new
 * invoice, a money request (flag "request money"), and on each invoice what may be done now: pay
 * (the shared transfer confirmation), reject with a note, cancel, download the PDF.
 * `?pay=<number>` (the public page's "Sign in to pay") opens the payment of that received invoice.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('invoices.pageTitle'));
  useLiveInvoices();
  const [params, setParams] = useSearchParams();
  const box: InvoiceBox = params.get('box') === 'sent' ? 'sent' : 'received';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const payNumber = params.get('pay');

  const { access } = useTransferScreens();
  const mayRequest = access.data?.permissions[REQUEST_MONEY_FLAG] === true;
  const accounts = useTransferAccounts();
  const currencies = useMemo(
    () => [
      ...new Set(
        (accounts.data ?? [])
          .filter((account) => account.type === ACCOUNT_TYPES.payment)
          .map((account) => account.currencyCode),
      ),
    ],
    [accounts.data],
  );

  const request = useMemo(
    () => ({ pageNumber: page, pageSize: INVOICES_PAGE_SIZE, ...(status ? { status } : {}) }),
    [page, status],
  );
  const list = useInvoiceList(box, request);
  const pdf = useInvoicePdf();

  const [creating, setCreating] = useState<InvoiceKind | null>(null);
  const [created, setCreated] = useState<CreatedInvoice | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [rejecting, setRejecting] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );

  // The public page's "Sign in to pay": once the received list shows that invoice, its payment opens.
  const payable = payNumber
    ? list.data?.invoices.find((invoice) => invoice.number === payNumber && invoice.canPay)
    : undefined;
  useEffect(() => {
    if (!payable || box !== 'received') return;
    setPaying(payable);
    update((next) => next.delete('pay'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per invoice found
  }, [payable?.id, box]);

  const onAction = (action: InvoiceAction, invoice: Invoice) => {
    setNotice(null);
    if (action === 'pay') setPaying(invoice);
    else if (action === 'reject') setRejecting(invoice);
    else if (action === 'cancel') setCancelling(invoice);
    else pdf.mutate(invoice.id);
  };

  const listBody = (shown: InvoiceBox) => {
    if (list.isPending)
      return <ListSkeleton rows={4} size="xl" label={t('invoices.list.loading')} />;
    if (list.isError)
      return (
        <LoadFailed
          title={t('invoices.list.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      );
    const invoices = list.data.invoices;
    if (invoices.length === 0)
      return (
        <Text size="sm" c="dimmed" py="md" data-testid="invoices-empty">
          {status
            ? t('invoices.list.emptyFiltered')
            : t(shown === 'received' ? 'invoices.list.emptyReceived' : 'invoices.list.emptySent')}
        </Text>
      );
    return (
      <ul
        className={classes.list}
        aria-label={t(shown === 'received' ? 'invoices.list.received' : 'invoices.list.sent')}
        aria-busy={list.isFetching}
      >
        {invoices.map((invoice) => (
          <InvoiceRow
            key={invoice.id}
            invoice={invoice}
            box={shown}
            onAction={onAction}
            pdfPending={pdf.isPending && pdf.variables === invoice.id}
          />
        ))}
      </ul>
    );
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE));

  return (
    <Stack gap="lg">
      <div className={classes.toolbar}>
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('invoices.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('invoices.intro')}
          </Text>
        </Stack>
        <Group gap="sm">
          {mayRequest && (
            <Button variant="default" onClick={() => setCreating('request')}>
              {t('invoices.requestMoney')}
            </Button>
          )}
          <Button onClick={() => setCreating('invoice')}>{t('invoices.newInvoice')}</Button>
        </Group>
      </div>
      <div role="status" aria-live="polite">
        {notice && (
          <Alert color="teal" variant="light" icon={<CheckCircleIcon />}>
            {notice}
          </Alert>
        )}
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Tabs
          value={box}
          onChange={(value) =>
            update((next) => {
              if (value === 'sent') next.set('box', 'sent');
              else next.delete('box');
              next.delete('page');
            })
          }
          keepMounted={false}
        >
          <Group justify="space-between" align="flex-end" gap="sm" mb="md">
            <Tabs.List>
              {BOXES.map((item) => (
                <Tabs.Tab key={item} value={item}>
                  {t(`invoices.tabs.${item}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <NativeSelect
              label={t('invoices.filter.label')}
              value={status ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                update((next) => {
                  if (isStatus(value)) next.set('status', value);
                  else next.delete('status');
                  next.delete('page');
                });
              }}
              data={[
                { value: '', label: t('invoices.filter.all') },
                ...INVOICE_STATUSES.map((item) => ({
                  value: item,
                  label: t(`invoices.status.${item}`),
                })),
              ]}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
              w={{ base: '100%', xs: 220 }}
            />
          </Group>
          {BOXES.map((item) => (
            <Tabs.Panel key={item} value={item}>
              {listBody(item)}
            </Tabs.Panel>
          ))}
        </Tabs>
        {list.isSuccess && pages > 1 && (
          <nav aria-label={t('invoices.pager.label')}>
            <Group justify="space-between" gap="sm" mt="md">
              <Button
                variant="default"
                size="sm"
                disabled={page <= 1}
                onClick={() => update((next) => next.set('page', String(page - 1)))}
              >
                {t('invoices.pager.previous')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('invoices.pager.position', { page, pages })}
              </Text>
              <Button
                variant="default"
                size="sm"
                disabled={page >= pages}
                onClick={() => update((next) => next.set('page', String(page + 1)))}
              >
                {t('invoices.pager.next')}
              </Button>
            </Group>
          </nav>
        )}
      </Paper>

      <CreateInvoiceDialog
        kind={creating}
        currencies={currencies}
        onClose={() => setCreating(null)}
        onCreated={(answer) => {
          setCreating(null);
          setCreated(answer);
        }}
      />
      <ShareRequestDialog created={created} onClose={() => setCreated(null)} />
      <PayInvoice invoice={paying} onClose={() => setPaying(null)} />
      <RejectInvoiceDialog
        invoice={rejecting}
        onClose={() => setRejecting(null)}
        onDone={(invoice) => {
          setRejecting(null);
          setNotice(t('invoices.reject.done', { number: invoice.number }));
        }}
      />
      <CancelInvoiceDialog
        invoice={cancelling}
        onClose={() => setCancelling(null)}
        onDone={(invoice) => {
          setCancelling(null);
          setNotice(t('invoices.cancel.done', { number: invoice.number }));
        }}
      />
      <ErrorPopup error={pdf.error} onClose={() => pdf.reset()} />
    </Stack>
  );
}
