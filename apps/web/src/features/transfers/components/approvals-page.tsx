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
  type ApprovalRequest,
  type MainRequest,
  type MainResponse,
} from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { DateField } from '@/ui/date-field';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferScreens } from '../api/access';
import { useApprovalRequests, useDecideRequests } from '../api/approvals';
import { useFormatMoney } from '../format';
import classes from './transfers.module.css';

/** Requests per page (spec 2 §7 "Business approvals": page size 50). */
export const APPROVALS_PAGE_SIZE = 50;

type Status = (typeof APPROVAL_REQUEST_STATUSES)[number];
const STATUS_TONE: Record<Status, BadgeTone> = {
  pending: 'orange',
  approved: 'teal',
  declined: 'gray',
};

interface Filters {
  status: Status | '';
  fromDate: string;
  toDate: string;
}

type Outcomes = MainResponse<'approveRequests'>['results'];

/**
 * /transfer/approved: the company's approval requests (maker-checker, spec 2 §4 and §7
 * "Business approvals"). A full-access user approves or declines pending requests, one, a
 * selection or a whole batch; money moves only on approval, and never on a request the same user
 * initiated (the server answers "failed" for those). An initiate-only user sees their own requests.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('transfers.approvals.pageTitle'));
  const { fullAccess } = useTransferScreens();
  const [filters, setFilters] = useState<Filters>({ status: 'pending', fromDate: '', toDate: '' });
  const [page, setPage] = useState(1);
  const request: MainRequest<'getApprovalRequests'> = {
    pageNumber: page,
    pageSize: APPROVALS_PAGE_SIZE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.fromDate ? { fromDate: filters.fromDate } : {}),
    ...(filters.toDate ? { toDate: filters.toDate } : {}),
  };
  const list = useApprovalRequests(request);
  const decide = useDecideRequests();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [outcomes, setOutcomes] = useState<{ approve: boolean; results: Outcomes } | null>(null);

  const changeFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
    setSelected(new Set());
  };

  const requests = list.data?.requests ?? [];
  const pending = requests.filter((item) => item.status === 'pending');
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / APPROVALS_PAGE_SIZE));

  /** Selecting a request of a batch selects the whole batch on this page (a mass payment is decided as one). */
  const toggle = (item: ApprovalRequest, on: boolean) => {
    const ids =
      item.batchId === null
        ? [item.id]
        : pending.filter((other) => other.batchId === item.batchId).map((other) => other.id);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const allSelected = pending.length > 0 && pending.every((item) => selected.has(item.id));

  const run = (ids: number[], approve: boolean) => {
    setOutcomes(null);
    decide.mutate(
      { ids, approve },
      {
        onSuccess: ({ results }) => {
          setOutcomes({ approve, results });
          setSelected(new Set());
        },
      },
    );
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
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
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
            {fullAccess && pending.length > 0 && (
              <Group gap="sm">
                <Checkbox
                  label={t('transfers.approvals.selectAll')}
                  checked={allSelected}
                  indeterminate={!allSelected && selected.size > 0}
                  onChange={(event) =>
                    setSelected(
                      event.currentTarget.checked
                        ? new Set(pending.map((item) => item.id))
                        : new Set(),
                    )
                  }
                />
              </Group>
            )}
          </Group>
          {fullAccess && selected.size > 0 && (
            <Group
              gap="sm"
              justify="flex-end"
              role="group"
              aria-label={t('transfers.approvals.bulkLabel')}
            >
              <Text size="sm" c="dimmed" mr="auto">
                {t('transfers.approvals.selected', { count: selected.size })}
              </Text>
              <Button
                variant="default"
                onClick={() => run([...selected], false)}
                loading={decide.isPending && decide.variables?.approve === false}
              >
                {t('transfers.approvals.declineSelected')}
              </Button>
              <Button
                onClick={() => run([...selected], true)}
                loading={decide.isPending && decide.variables?.approve === true}
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
                  canDecide={fullAccess && item.status === 'pending'}
                  selected={selected.has(item.id)}
                  onToggle={(on) => toggle(item, on)}
                  onDecide={(approve) => run([item.id], approve)}
                  deciding={decide.isPending && decide.variables?.ids.includes(item.id) === true}
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
      <ErrorPopup error={decide.error} onClose={() => decide.reset()} />
    </Stack>
  );
}

function RequestRow({
  item,
  canDecide,
  selected,
  onToggle,
  onDecide,
  deciding,
}: {
  item: ApprovalRequest;
  canDecide: boolean;
  selected: boolean;
  onToggle: (on: boolean) => void;
  onDecide: (approve: boolean) => void;
  deciding: boolean;
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
          {canDecide && (
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
                {t(`transfers.approvals.types.${item.transactionType}`)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('transfers.approvals.meta', { by: item.createdBy, date: created })}
              {item.batchId !== null &&
                ` · ${t('transfers.approvals.batch', { id: item.batchId })}`}
            </Text>
            {item.description && (
              <Text size="sm" truncate>
                {item.description}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="sm">
          <StatusBadge tone={STATUS_TONE[item.status]}>
            {t(`transfers.approvals.statuses.${item.status}`)}
          </StatusBadge>
          {canDecide && (
            <>
              <Button
                size="xs"
                variant="default"
                onClick={() => onDecide(false)}
                disabled={deciding}
                aria-label={t('transfers.approvals.declineOne', { amount, by: item.createdBy })}
              >
                {t('transfers.approvals.decline')}
              </Button>
              <Button
                size="xs"
                onClick={() => onDecide(true)}
                loading={deciding}
                aria-label={t('transfers.approvals.approveOne', { amount, by: item.createdBy })}
              >
                {t('transfers.approvals.approve')}
              </Button>
            </>
          )}
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
  outcomes: { approve: boolean; results: Outcomes } | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  if (!outcomes) return null;
  const done = outcomes.results.filter((result) => result.status !== 'failed');
  const failed = outcomes.results.filter((result) => result.status === 'failed');
  const ok = failed.length === 0;
  return (
    <Alert
      color={ok ? 'teal' : 'orange'}
      variant="light"
      icon={ok ? <CheckCircleIcon /> : <AlertIcon />}
      withCloseButton
      closeButtonLabel={t('transfers.confirm.close')}
      onClose={onDismiss}
      role="status"
      title={t(
        outcomes.approve
          ? 'transfers.approvals.approvedCount'
          : 'transfers.approvals.declinedCount',
        { count: done.length },
      )}
    >
      {failed.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('transfers.approvals.failedCount', { count: failed.length })}</Text>
          {failed.map((result) => (
            <Text size="sm" key={result.id}>
              {result.message}
            </Text>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
