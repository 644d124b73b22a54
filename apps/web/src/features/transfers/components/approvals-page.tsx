import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import {
  APPROVAL_REQUEST_STATUSES,
  type ApprovalOperation,
  type BusinessApproval,
  type BusinessApprovalOutcome,
  type MainRequest,
} from '@ledgerline/contract';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { DateField } from '@/ui/date-field';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useApprovalRequests, useApprovalUsers, useStartDecision } from '../api/approvals';
import { ApprovalDetail, STATUS_TONE, totalOf, usePayeeText } from '../approvals/approval-detail';
import { ApprovalPolicyCard } from '../approvals/approval-policy-card';
import { BatchApprovals } from '../mass/components/batch-approvals';
import { DecisionDialog, type DecisionSummary } from '../approvals/decision-dialog';
import { ReasonDialog } from '../approvals/reason-dialog';
import { useFormatMoney } from '../format';
import classes from './transfers.module.css';

/** Requests per page (spec 2 §7 "Business approvals": page size 50). */
export const APPROVALS_PAGE_SIZE = 50;

type Status = (typeof APPROVAL_REQUEST_STATUSES)[number];

interface Filters {
  status: Status | '';
  createdBy: string;
  fromDate: string;
  toDate: string;
}

/** The decision being made: first the reason (declines), then the approver's code. */
type Deciding =
  | { step: 'reason'; items: BusinessApproval[] }
  | { step: 'code'; items: BusinessApproval[]; operation: ApprovalOperation };

/**
 * /transfer/approved: the company's approval requests (maker-checker, spec 2 §4 and §7
 * "Business approvals"; issue 15). Each request opens into what it does (source, destination,
 * amounts, rate, fee, reference, who asked, the approvals so far). A full-access user approves or
 * declines (with a reason) one request or a selection, and proves it with their own second factor;
 * a policy may ask more than one approver. An initiate-only user sees their own requests.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('transfers.approvals.pageTitle'));
  const money = useFormatMoney();
  const payeeText = usePayeeText();
  const [filters, setFilters] = useState<Filters>({
    status: 'pending',
    createdBy: '',
    fromDate: '',
    toDate: '',
  });
  const [page, setPage] = useState(1);
  const request: MainRequest<'getBusinessApprovals'> = {
    pageNumber: page,
    pageSize: APPROVALS_PAGE_SIZE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.createdBy ? { createdBy: Number(filters.createdBy) } : {}),
    ...(filters.fromDate ? { fromDate: filters.fromDate } : {}),
    ...(filters.toDate ? { toDate: filters.toDate } : {}),
  };
  const list = useApprovalRequests(request);
  const people = useApprovalUsers();
  const start = useStartDecision();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [outcomes, setOutcomes] = useState<{
    declined: boolean;
    results: BusinessApprovalOutcome[];
  } | null>(null);

  const changeFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
    setSelected(new Set());
  };

  const requests = list.data?.requests ?? [];
  const decidable = requests.filter((item) => item.canDecide);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / APPROVALS_PAGE_SIZE));
  const opened = requests.find((item) => item.id === openId) ?? null;
  const chosen = decidable.filter((item) => selected.has(item.id));

  /** Selecting a request of a batch selects the whole batch on this page (a mass payment is decided as one). */
  const toggle = (item: BusinessApproval, on: boolean) => {
    const ids =
      item.batchId === null
        ? [item.id]
        : decidable.filter((other) => other.batchId === item.batchId).map((other) => other.id);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const allSelected = decidable.length > 0 && decidable.every((item) => selected.has(item.id));

  const begin = (items: BusinessApproval[], declined: boolean, reason?: string) => {
    setOutcomes(null);
    start.mutate(
      {
        transactionIds: items.map((item) => item.id),
        declined,
        ...(reason ? { reason } : {}),
      },
      {
        onSuccess: (operation) => {
          setOpenId(null);
          setDeciding({ step: 'code', items, operation });
        },
        onError: () => setDeciding(null),
      },
    );
  };

  const summaryOf = (items: BusinessApproval[]): DecisionSummary => {
    const totals = new Map<string, Decimal>();
    for (const item of items)
      totals.set(item.currency, (totals.get(item.currency) ?? new Decimal(0)).plus(totalOf(item)));
    return {
      amount: [...totals.entries()]
        .map(([currency, sum]) => money(sum.toFixed(), currency))
        .join(' + '),
      payee:
        items.length === 1
          ? payeeText(items[0]?.destination ?? null)
          : t('businessApprovals.several', { count: items.length }),
    };
  };

  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        component="section"
        aria-labelledby="approvals-filters"
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id="approvals-filters">
            {t('transfers.approvals.filters')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <NativeSelect
              label={t('transfers.approvals.status')}
              value={filters.status}
              onChange={(event) =>
                changeFilter({ status: event.currentTarget.value as Status | '' })
              }
              data={[
                { value: '', label: t('transfers.approvals.statusAll') },
                ...APPROVAL_REQUEST_STATUSES.map((value) => ({
                  value,
                  label: t(`transfers.approvals.statuses.${value}`),
                })),
              ]}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
            />
            <NativeSelect
              label={t('businessApprovals.initiator')}
              value={filters.createdBy}
              onChange={(event) => changeFilter({ createdBy: event.currentTarget.value })}
              data={[
                { value: '', label: t('businessApprovals.initiatorAll') },
                ...(people.data?.users ?? []).map((user) => ({
                  value: String(user.id),
                  label: `${user.name} (${user.email})`,
                })),
              ]}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
            />
            <DateField
              label={t('transfers.approvals.fromDate')}
              value={filters.fromDate}
              onChange={(fromDate) => changeFilter({ fromDate })}
            />
            <DateField
              label={t('transfers.approvals.toDate')}
              value={filters.toDate}
              onChange={(toDate) => changeFilter({ toDate })}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <OutcomeSummary outcomes={outcomes} onDismiss={() => setOutcomes(null)} />

      {/* Issue 17B: whole mass batches waiting for an approver (massApprove). */}
      <BatchApprovals />

      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        component="section"
        aria-labelledby="approvals-list"
      >
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} fz="lg" id="approvals-list">
              {t('transfers.approvals.listTitle', { count: total })}
            </Title>
            {decidable.length > 0 && (
              <Checkbox
                label={t('transfers.approvals.selectAll')}
                checked={allSelected}
                indeterminate={!allSelected && selected.size > 0}
                onChange={(event) =>
                  setSelected(
                    event.currentTarget.checked
                      ? new Set(decidable.map((item) => item.id))
                      : new Set(),
                  )
                }
              />
            )}
          </Group>
          {chosen.length > 0 && (
            <Group
              gap="sm"
              justify="flex-end"
              role="group"
              aria-label={t('transfers.approvals.bulkLabel')}
            >
              <Text size="sm" c="dimmed" mr="auto">
                {t('transfers.approvals.selected', { count: chosen.length })}
              </Text>
              <Button
                variant="default"
                onClick={() => setDeciding({ step: 'reason', items: chosen })}
                disabled={start.isPending}
              >
                {t('transfers.approvals.declineSelected')}
              </Button>
              <Button
                onClick={() => begin(chosen, false)}
                loading={start.isPending && start.variables?.declined === false}
              >
                {t('transfers.approvals.approveSelected')}
              </Button>
            </Group>
          )}
          {list.isPending && (
            <Stack gap="sm" aria-busy="true">
              <VisuallyHidden role="status">{t('transfers.loading')}</VisuallyHidden>
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} height={56} radius="md" />
              ))}
            </Stack>
          )}
          {list.isError && (
            <LoadFailed
              title={t('transfers.approvals.loadFailed')}
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          )}
          {list.isSuccess && requests.length === 0 && (
            <Text size="sm" c="dimmed" py="md">
              {filters.status === 'pending'
                ? t('transfers.approvals.nonePending')
                : t('transfers.approvals.none')}
            </Text>
          )}
          {requests.length > 0 && (
            <ul className={classes.list} aria-busy={list.isFetching}>
              {requests.map((item) => (
                <RequestRow
                  key={item.id}
                  item={item}
                  payee={payeeText(item.destination)}
                  selected={selected.has(item.id)}
                  onToggle={(on) => toggle(item, on)}
                  onOpen={() => setOpenId(item.id)}
                />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                disabled={page <= 1}
                onClick={() => setPage((current) => current - 1)}
              >
                {t('transfers.approvals.previous')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('transfers.approvals.page', { page, pages })}
              </Text>
              <Button
                variant="default"
                size="xs"
                disabled={page >= pages}
                onClick={() => setPage((current) => current + 1)}
              >
                {t('transfers.approvals.next')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      <ApprovalPolicyCard />

      <ApprovalDetail
        item={deciding ? null : opened}
        onClose={() => setOpenId(null)}
        onApprove={(item) => begin([item], false)}
        onDecline={(item) => setDeciding({ step: 'reason', items: [item] })}
        starting={start.isPending}
      />
      {deciding?.step === 'reason' && (
        <ReasonDialog
          count={deciding.items.length}
          pending={start.isPending}
          onSubmit={(reason) => begin(deciding.items, true, reason)}
          onClose={() => setDeciding(null)}
        />
      )}
      {deciding?.step === 'code' && (
        <DecisionDialog
          operation={deciding.operation}
          summary={summaryOf(deciding.items)}
          onDone={(results) => {
            setOutcomes({ declined: deciding.operation.declined, results });
            setDeciding(null);
            setSelected(new Set());
          }}
          onClose={() => setDeciding(null)}
        />
      )}
      <ErrorPopup error={start.error} onClose={() => start.reset()} />
    </Stack>
  );
}

function RequestRow({
  item,
  payee,
  selected,
  onToggle,
  onOpen,
}: {
  item: BusinessApproval;
  payee: string;
  selected: boolean;
  onToggle: (on: boolean) => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useFormatMoney();
  const amount = money(item.amount, item.currency);
  const created = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(item.created));
  return (
    <li data-testid={`approval-${item.id}`}>
      <Group justify="space-between" align="center" py="sm" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 280px' }} align="flex-start">
          {item.canDecide && (
            <Checkbox
              mt={4}
              checked={selected}
              onChange={(event) => onToggle(event.currentTarget.checked)}
              aria-label={t('transfers.approvals.selectOne', { amount, by: item.createdBy })}
            />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} className={classes.amount}>
                {amount}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`businessApprovals.types.${item.transactionType}`)}
              </Text>
            </Group>
            {payee && (
              <Text size="sm" truncate>
                {t('businessApprovals.toPayee', { payee })}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('transfers.approvals.meta', { by: item.createdBy, date: created })}
              {item.batchId !== null &&
                ` · ${t('transfers.approvals.batch', { id: item.batchId })}`}
              {item.status === 'pending' &&
                item.requiredApprovals > 1 &&
                ` · ${t('businessApprovals.detail.approvalsValue', {
                  count: item.approvals.length,
                  required: item.requiredApprovals,
                })}`}
            </Text>
            {item.description && (
              <Text size="sm" truncate>
                {item.description}
              </Text>
            )}
            {item.declineReason && (
              <Text size="sm" c="dimmed" truncate>
                {t('businessApprovals.reasonShown', { reason: item.declineReason })}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="sm">
          <StatusBadge tone={STATUS_TONE[item.status]}>
            {t(`transfers.approvals.statuses.${item.status}`)}
          </StatusBadge>
          <Button
            size="xs"
            variant={item.canDecide ? 'filled' : 'default'}
            onClick={onOpen}
            aria-label={t(
              item.canDecide ? 'businessApprovals.openOne' : 'businessApprovals.detailsOne',
              {
                amount,
                by: item.createdBy,
              },
            )}
          >
            {item.canDecide ? t('businessApprovals.review') : t('businessApprovals.details')}
          </Button>
        </Group>
      </Group>
    </li>
  );
}

/** What the last decision did: how many went through, and why the others did not. */
function OutcomeSummary({
  outcomes,
  onDismiss,
}: {
  outcomes: { declined: boolean; results: BusinessApprovalOutcome[] } | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  if (!outcomes) return null;
  const approved = outcomes.results.filter((result) => result.status === 'approved').length;
  const declined = outcomes.results.filter((result) => result.status === 'declined').length;
  const awaiting = outcomes.results.filter((result) => result.status === 'awaiting').length;
  const failed = outcomes.results.filter((result) => result.status === 'failed');
  const ok = failed.length === 0;
  const title = outcomes.declined
    ? t('transfers.approvals.declinedCount', { count: declined })
    : t('transfers.approvals.approvedCount', { count: approved });
  return (
    <Alert
      color={ok ? 'teal' : 'orange'}
      variant="light"
      icon={ok ? <CheckCircleIcon /> : <AlertIcon />}
      withCloseButton
      closeButtonLabel={t('transfers.confirm.close')}
      onClose={onDismiss}
      role="status"
      title={title}
    >
      <Stack gap={4}>
        {awaiting > 0 && (
          <Text size="sm">{t('businessApprovals.awaitingCount', { count: awaiting })}</Text>
        )}
        {failed.length > 0 && (
          <Text size="sm">{t('transfers.approvals.failedCount', { count: failed.length })}</Text>
        )}
        {failed.map((result) => (
          <Text size="sm" key={result.id}>
            {result.message}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
