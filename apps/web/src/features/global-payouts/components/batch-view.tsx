import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalPayBatch, GlobalPayment } from '@ledgerline/contract';
import { GLOBAL_PAYMENT_STATUSES } from '@ledgerline/domain/global-pay';
import { isApiError } from '@/lib/api-error';
import { useAccountName } from '@/lib/account-name';
import { useConfirmationHost } from '@/lib/confirmation-host';
import { createAttemptKeys } from '@/lib/idempotency-key';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { AlertIcon, InfoIcon, PlusIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import {
  useBatch,
  useBatchStatus,
  useCancelPayment,
  useRejectBatch,
  useSenderAccounts,
  useSubmitBatch,
  useUpdatePayments,
} from '../api/sender';
import { useCountryName, useFormatDate, useFormatMoney } from '../format';
import { describeGlobalPayError, globalPayMessage } from '../messages';
import { BATCH_STATUS_TONE, PAYMENT_STATUS_TONE } from '../statuses';
import classes from './global-payouts.module.css';
import {
  EMPTY_PAYMENT,
  FormButtons,
  FormError,
  PaymentFields,
  paymentFormValues,
  showPaymentErrors,
  usePaymentForm,
} from './payment-form';

/**
 * One global payout batch (spec 2 §4 "Global-pay batch"): while a draft, its payments are added,
 * edited, removed and restored, then the batch is submitted (the money is reserved and each
 * beneficiary gets a claim link) or rejected. While it runs its status is polled; an unclaimed
 * payment can be cancelled (its money returns).
 */
export function BatchView({ batchId, onClose }: { batchId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const batch = useBatch(batchId);
  if (batch.isPending)
    return <ListSkeleton rows={6} size="lg" label={t('globalPayouts.batch.loading')} />;
  if (batch.isError) {
    if (isApiError(batch.error) && batch.error.status === 404)
      return (
        <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
          <Stack gap="sm" align="flex-start">
            {t('globalPayouts.batch.notFound')}
            <Button size="xs" variant="default" onClick={onClose}>
              {t('globalPayouts.batch.newBatch')}
            </Button>
          </Stack>
        </Alert>
      );
    return (
      <LoadFailed
        title={t('globalPayouts.batch.loadFailed')}
        error={batch.error}
        onRetry={() => void batch.refetch()}
        retrying={batch.isFetching}
      />
    );
  }
  return <BatchWorkbench batch={batch.data} />;
}

type Editing = { kind: 'add' } | { kind: 'edit'; payment: GlobalPayment } | null;

function BatchWorkbench({ batch }: { batch: GlobalPayBatch }) {
  const { t } = useTranslation();
  const day = useFormatDate();
  const accounts = useSenderAccounts();
  const accountName = useAccountName();
  const isDraft = batch.status === 'draft';
  const isRunning = batch.status === 'running';
  const status = useBatchStatus(batch.batchId, isRunning);
  const update = useUpdatePayments(batch.batchId);
  const [editing, setEditing] = useState<Editing>(null);
  const [asking, setAsking] = useState<'submit' | 'reject' | null>(null);
  const [cancelling, setCancelling] = useState<GlobalPayment | null>(null);
  const account = accounts.data?.find((candidate) => candidate.accountId === batch.accountId);
  const counts = status.data?.counts ?? countByStatus(batch.payments);
  const hasProblems = batch.payments.some(
    (payment) => payment.status === 'draft' && Object.keys(payment.rowErrors).length > 0,
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4}>
              <Title order={2} fz="lg" className={classes.cellText}>
                {batch.batchName}
              </Title>
              <Text size="sm" c="dimmed">
                {t('globalPayouts.batch.meta', {
                  account: account ? accountName(account) : batch.currencyCode,
                  date: day(batch.submittedDate ?? batch.createdDate),
                })}
              </Text>
            </Stack>
            <StatusBadge tone={BATCH_STATUS_TONE[batch.status]}>
              {t(`globalPayouts.batchStatus.${batch.status}`)}
            </StatusBadge>
          </Group>
          <BatchTotals batch={batch} />
          {!isDraft && <StatusCounts counts={counts} isLive={isRunning} />}
          <BatchActions
            batch={batch}
            hasProblems={hasProblems}
            onAdd={() => setEditing({ kind: 'add' })}
            onSubmit={() => setAsking('submit')}
            onReject={() => setAsking('reject')}
          />
        </Stack>
      </Paper>
      <PaymentsTable
        batch={batch}
        isBusy={update.isPending}
        onEdit={(payment) => setEditing({ kind: 'edit', payment })}
        onRemove={(payment) => update.mutate({ remove: [payment.id] })}
        onRestore={(payment) => update.mutate({ restore: [payment.id] })}
        onCancel={setCancelling}
      />
      {update.error !== null && !editing && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {describeGlobalPayError(t, update.error)}
        </Alert>
      )}
      {editing && (
        <PaymentDialog batch={batch} editing={editing} onClose={() => setEditing(null)} />
      )}
      <SubmitDialog batch={batch} opened={asking === 'submit'} onClose={() => setAsking(null)} />
      <RejectDialog batch={batch} opened={asking === 'reject'} onClose={() => setAsking(null)} />
      <CancelPaymentDialog payment={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}

function countByStatus(payments: readonly GlobalPayment[]) {
  const counts = Object.fromEntries(GLOBAL_PAYMENT_STATUSES.map((status) => [status, 0])) as Record<
    GlobalPayment['status'],
    number
  >;
  for (const payment of payments) counts[payment.status] += 1;
  return counts;
}

function BatchTotals({ batch }: { batch: GlobalPayBatch }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <dl className={classes.totals} data-testid="batch-totals">
      <div>
        <dt>{t('globalPayouts.batch.count')}</dt>
        <dd>{batch.totals.count}</dd>
      </div>
      <div>
        <dt>{t('globalPayouts.batch.amount')}</dt>
        <dd>{money(batch.totals.amount, batch.currencyCode)}</dd>
      </div>
      <div>
        <dt>{t('globalPayouts.batch.senderFees')}</dt>
        <dd>{money(batch.totals.senderFees, batch.currencyCode)}</dd>
      </div>
      <div>
        <dt>
          {t(
            batch.status === 'draft'
              ? 'globalPayouts.batch.total'
              : 'globalPayouts.batch.totalReserved',
          )}
        </dt>
        <dd data-testid="batch-total">{money(batch.totals.total, batch.currencyCode)}</dd>
      </div>
    </dl>
  );
}

/** How many payments are in each status; announced politely while the batch runs and they move. */
function StatusCounts({
  counts,
  isLive,
}: {
  counts: Record<GlobalPayment['status'], number>;
  isLive: boolean;
}) {
  const { t } = useTranslation();
  const shown = GLOBAL_PAYMENT_STATUSES.filter(
    (status) => status !== 'draft' && status !== 'removed' && counts[status] > 0,
  );
  return (
    <Group gap="xs" role="status" aria-live={isLive ? 'polite' : 'off'} data-testid="batch-counts">
      <Text size="sm" c="dimmed">
        {t('globalPayouts.batch.progress')}
      </Text>
      {shown.map((status) => (
        <StatusBadge key={status} tone={PAYMENT_STATUS_TONE[status]} size="sm">
          {t('globalPayouts.batch.countOf', {
            count: counts[status],
            status: t(`globalPayouts.status.${status}`),
          })}
        </StatusBadge>
      ))}
    </Group>
  );
}

function BatchActions({
  batch,
  hasProblems,
  onAdd,
  onSubmit,
  onReject,
}: {
  batch: GlobalPayBatch;
  hasProblems: boolean;
  onAdd: () => void;
  onSubmit: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const counts = countByStatus(batch.payments);
  if (batch.status === 'draft' && batch.awaitingConfirmation)
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<InfoIcon />}
        title={t('globalPayouts.batch.awaitingTitle')}
      >
        {t('globalPayouts.batch.awaitingText')}
      </Alert>
    );
  if (batch.status === 'draft')
    return (
      <Stack gap="xs">
        {hasProblems && (
          <Text size="sm" c="red.8">
            {t('globalPayouts.batch.fixRows')}
          </Text>
        )}
        <Group gap="sm" justify="space-between">
          <Button variant="default" leftSection={<PlusIcon size={16} />} onClick={onAdd}>
            {t('globalPayouts.batch.addPayment')}
          </Button>
          <Group gap="sm">
            <Button variant="subtle" color="red" onClick={onReject}>
              {t('globalPayouts.batch.reject')}
            </Button>
            <Button onClick={onSubmit} disabled={batch.totals.count === 0 || hasProblems}>
              {t('globalPayouts.batch.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  if (batch.status !== 'running' || counts.reserved === 0) return null;
  return (
    <Group gap="sm" justify="flex-end">
      <Button variant="subtle" color="red" onClick={onReject}>
        {t('globalPayouts.batch.cancelUnclaimed')}
      </Button>
    </Group>
  );
}

function PaymentsTable({
  batch,
  isBusy,
  onEdit,
  onRemove,
  onRestore,
  onCancel,
}: {
  batch: GlobalPayBatch;
  isBusy: boolean;
  onEdit: (payment: GlobalPayment) => void;
  onRemove: (payment: GlobalPayment) => void;
  onRestore: (payment: GlobalPayment) => void;
  onCancel: (payment: GlobalPayment) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const countryName = useCountryName();
  const columns = useMemo<DataColumn<GlobalPayment>[]>(
    () => [
      {
        id: 'beneficiary',
        header: t('globalPayouts.table.beneficiary'),
        rowHeader: true,
        cell: (payment) => <Beneficiary payment={payment} />,
      },
      {
        id: 'country',
        header: t('globalPayouts.table.country'),
        cell: (payment) => (
          <Stack gap={2}>
            <Text size="sm">{countryName(payment.beneficiaryCountryCode)}</Text>
            <Methods payment={payment} />
          </Stack>
        ),
      },
      {
        id: 'amount',
        header: t('globalPayouts.table.amount'),
        align: 'right',
        cell: (payment) => (
          <Stack gap={2} align="flex-end">
            <Text size="sm" fw={600} className={classes.amount}>
              {money(payment.amount, payment.currencyCode)}
            </Text>
            <Text size="xs" c="dimmed" className={classes.amount}>
              {t(`globalPayouts.table.fee.${payment.feeShare}`, {
                fee: money(payment.fee, payment.currencyCode),
              })}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'status',
        header: t('globalPayouts.table.status'),
        cell: (payment) => <PaymentStatus payment={payment} />,
      },
      {
        id: 'actions',
        header: t('globalPayouts.table.actions'),
        headerHidden: true,
        align: 'right',
        cell: (payment) => (
          <PaymentActions
            payment={payment}
            isDraft={batch.status === 'draft' && !batch.awaitingConfirmation}
            isBusy={isBusy}
            onEdit={onEdit}
            onRemove={onRemove}
            onRestore={onRestore}
            onCancel={onCancel}
          />
        ),
      },
    ],
    [
      t,
      money,
      countryName,
      batch.status,
      batch.awaitingConfirmation,
      isBusy,
      onEdit,
      onRemove,
      onRestore,
      onCancel,
    ],
  );
  if (batch.payments.length === 0)
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {t('globalPayouts.table.empty')}
      </Text>
    );
  return (
    <Paper withBorder radius="lg" px={{ base: 'md', sm: 'lg' }} py="xs">
      <DataTable
        rows={batch.payments}
        rowKey={(payment) => payment.id}
        columns={columns}
        caption={t('globalPayouts.table.caption', { name: batch.batchName })}
        rowProps={(payment) => ({ 'data-testid': `payment-${payment.id}` })}
        card={{
          listClassName: classes.cardList,
          render: (payment) => (
            <Stack gap={6} className={classes.card} data-testid={`payment-card-${payment.id}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Beneficiary payment={payment} />
                <Text size="sm" fw={600} className={classes.amount}>
                  {money(payment.amount, payment.currencyCode)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {countryName(payment.beneficiaryCountryCode)} ·{' '}
                {t(`globalPayouts.table.fee.${payment.feeShare}`, {
                  fee: money(payment.fee, payment.currencyCode),
                })}
              </Text>
              <Methods payment={payment} />
              <Group justify="space-between" gap="xs">
                <PaymentStatus payment={payment} />
                <PaymentActions
                  payment={payment}
                  isDraft={batch.status === 'draft' && !batch.awaitingConfirmation}
                  isBusy={isBusy}
                  onEdit={onEdit}
                  onRemove={onRemove}
                  onRestore={onRestore}
                  onCancel={onCancel}
                />
              </Group>
            </Stack>
          ),
        }}
      />
    </Paper>
  );
}

function Beneficiary({ payment }: { payment: GlobalPayment }) {
  const isRemoved = payment.status === 'removed';
  return (
    <Stack gap={0} className={classes.cellText}>
      <Text size="sm" fw={600} className={isRemoved ? classes.removed : undefined}>
        {payment.beneficiaryName}
      </Text>
      <Text size="xs" c="dimmed">
        {payment.beneficiaryEmail}
      </Text>
      {payment.description && (
        <Text size="xs" c="dimmed" className={classes.note}>
          {payment.description}
        </Text>
      )}
    </Stack>
  );
}

/** The methods the beneficiary's country allows (spec 2 §3 paymentMethods, name and forbidden). */
function Methods({ payment }: { payment: GlobalPayment }) {
  const { t } = useTranslation();
  const allowed = payment.paymentMethods.filter((method) => !method.forbidden);
  return (
    <Text size="xs" c={allowed.length === 0 ? 'red.8' : 'dimmed'}>
      {allowed.length === 0
        ? t('globalPayouts.batch.noMethods')
        : allowed.map((method) => t(`globalPayouts.method.${method.name}`)).join(', ')}
    </Text>
  );
}

function PaymentStatus({ payment }: { payment: GlobalPayment }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const problems = Object.entries(payment.rowErrors);
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge tone={PAYMENT_STATUS_TONE[payment.status]} size="sm">
        {t(`globalPayouts.status.${payment.status}`)}
      </StatusBadge>
      {payment.paidAmount && payment.paidCurrencyCode && payment.paidMethod && (
        <Text size="xs" c="dimmed">
          {t('globalPayouts.table.paidAs', {
            amount: money(payment.paidAmount, payment.paidCurrencyCode),
            method: t(`globalPayouts.method.${payment.paidMethod}`),
          })}
        </Text>
      )}
      {problems.map(([field, message]) => (
        <Text key={field} size="xs" c="red.8">
          {t('globalPayouts.table.rowError', {
            field: t(`globalPayouts.field.${field}`, { defaultValue: field }),
            message: globalPayMessage(t, message),
          })}
        </Text>
      ))}
    </Stack>
  );
}

function PaymentActions({
  payment,
  isDraft,
  isBusy,
  onEdit,
  onRemove,
  onRestore,
  onCancel,
}: {
  payment: GlobalPayment;
  isDraft: boolean;
  isBusy: boolean;
  onEdit: (payment: GlobalPayment) => void;
  onRemove: (payment: GlobalPayment) => void;
  onRestore: (payment: GlobalPayment) => void;
  onCancel: (payment: GlobalPayment) => void;
}) {
  const { t } = useTranslation();
  const name = payment.beneficiaryName;
  if (payment.status === 'draft' && isDraft)
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => onEdit(payment)}
          disabled={isBusy}
          aria-label={t('globalPayouts.table.editOf', { name })}
        >
          {t('globalPayouts.table.edit')}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => onRemove(payment)}
          disabled={isBusy}
          aria-label={t('globalPayouts.table.removeOf', { name })}
        >
          {t('globalPayouts.table.remove')}
        </Button>
      </Group>
    );
  if (payment.status === 'removed' && isDraft)
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onRestore(payment)}
        disabled={isBusy}
        aria-label={t('globalPayouts.table.restoreOf', { name })}
      >
        {t('globalPayouts.table.restore')}
      </Button>
    );
  if (payment.status === 'reserved')
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => onCancel(payment)}
        aria-label={t('globalPayouts.table.cancelOf', { name })}
      >
        {t('globalPayouts.table.cancel')}
      </Button>
    );
  return null;
}

function PaymentDialog({
  batch,
  editing,
  onClose,
}: {
  batch: GlobalPayBatch;
  editing: Exclude<Editing, null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdatePayments(batch.batchId);
  const form = usePaymentForm(
    editing.kind === 'edit' ? paymentFormValues(editing.payment) : EMPTY_PAYMENT,
  );
  const [isOnFields, setOnFields] = useState(false);
  const submit = form.handleSubmit((payment) =>
    update.mutate(
      editing.kind === 'edit'
        ? { update: [{ id: editing.payment.id, payment }] }
        : { add: [payment] },
      {
        onSuccess: onClose,
        onError: (error) => setOnFields(showPaymentErrors(form, error)),
      },
    ),
  );
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t(
        editing.kind === 'edit' ? 'globalPayouts.batch.editTitle' : 'globalPayouts.batch.addTitle',
      )}
      closeLabel={t('globalPayouts.close')}
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-busy={update.isPending}>
        <Stack gap="md">
          <PaymentFields
            form={form}
            currencyCode={batch.currencyCode}
            disabled={update.isPending}
          />
          <FormError error={update.error} isOnFields={isOnFields} />
          <FormButtons
            submitLabel={t(
              editing.kind === 'edit' ? 'globalPayouts.batch.save' : 'globalPayouts.batch.add',
            )}
            isPending={update.isPending}
            onCancel={onClose}
            cancelLabel={t('globalPayouts.cancel')}
          />
        </Stack>
      </form>
    </Dialog>
  );
}

/** Submitting reserves the total now: said with the amount before it happens. */
function SubmitDialog({
  batch,
  opened,
  onClose,
}: {
  batch: GlobalPayBatch;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const submit = useSubmitBatch(batch.batchId);
  const confirm = useConfirmationHost();
  // One key per attempt: a retry after a lost answer reserves nothing twice (STYLE.md "Money").
  const [keys] = useState(createAttemptKeys);
  const close = () => {
    submit.reset();
    onClose();
  };
  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={t('globalPayouts.batch.submitTitle')}
      closeLabel={t('globalPayouts.close')}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('globalPayouts.batch.submitText', {
            total: money(batch.totals.total, batch.currencyCode),
            count: batch.totals.count,
          })}
        </Text>
        {submit.error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeGlobalPayError(t, submit.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={submit.isPending}>
            {t('globalPayouts.cancel')}
          </Button>
          <Button
            data-autofocus
            loading={submit.isPending}
            onClick={() =>
              submit.mutate(keys.keyFor({ batchId: batch.batchId, total: batch.totals.total }), {
                onSuccess: ({ confirmation }) => {
                  keys.renew();
                  onClose();
                  // A sender who confirms payments approves the batch's total with their code.
                  if (confirmation)
                    confirm?.({
                      result: {
                        transactionId: `global-batch-${batch.batchId}`,
                        ...confirmation,
                        fee: '0',
                        status: 'pending',
                      },
                      summary: {
                        amount: money(batch.totals.total, batch.currencyCode),
                        payee: t('massTransfers.review.payee', {
                          name: batch.batchName,
                          count: batch.totals.count,
                        }),
                      },
                      settledState: 'onItsWay',
                    });
                },
              })
            }
          >
            {t('globalPayouts.batch.submitConfirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function RejectDialog({
  batch,
  opened,
  onClose,
}: {
  batch: GlobalPayBatch;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reject = useRejectBatch(batch.batchId);
  const isDraft = batch.status === 'draft';
  const close = () => {
    reject.reset();
    onClose();
  };
  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={t(isDraft ? 'globalPayouts.batch.rejectTitle' : 'globalPayouts.batch.cancelTitle')}
      closeLabel={t('globalPayouts.close')}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">
          {t(isDraft ? 'globalPayouts.batch.rejectText' : 'globalPayouts.batch.cancelText')}
        </Text>
        {reject.error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeGlobalPayError(t, reject.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={reject.isPending} data-autofocus>
            {t('globalPayouts.keep')}
          </Button>
          <Button
            color="red"
            loading={reject.isPending}
            onClick={() => reject.mutate(undefined, { onSuccess: onClose })}
          >
            {t(isDraft ? 'globalPayouts.batch.rejectConfirm' : 'globalPayouts.batch.cancelConfirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function CancelPaymentDialog({
  payment,
  onClose,
}: {
  payment: GlobalPayment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const cancel = useCancelPayment();
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Dialog
      opened={payment !== null}
      onClose={close}
      title={t('globalPayouts.batch.cancelPaymentTitle')}
      closeLabel={t('globalPayouts.close')}
      size="sm"
    >
      {payment && (
        <Stack gap="md">
          <Text size="sm">
            {t('globalPayouts.batch.cancelPaymentText', {
              name: payment.beneficiaryName,
              amount: money(payment.amount, payment.currencyCode),
            })}
          </Text>
          {cancel.error !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeGlobalPayError(t, cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={cancel.isPending} data-autofocus>
              {t('globalPayouts.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(payment.id, { onSuccess: onClose })}
            >
              {t('globalPayouts.batch.cancelPaymentConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
