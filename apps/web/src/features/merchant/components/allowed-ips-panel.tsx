import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllowedIp } from '@ledgerline/contract';
import { allowedIpCreateRequestSchema } from '@ledgerline/contract/merchant-api/routes';
import { MERCHANT_NAME_MAX } from '@ledgerline/domain/merchant-api';
import { isApiError } from '@/lib/api-error';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, InfoIcon, PlusIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge } from '@/ui/status-badge';
import {
  useAllowedIps,
  useCreateAllowedIp,
  useDeleteAllowedIp,
  useSetAllowedIpEnabled,
} from '../api/allowed-ips';
import { ConfirmDialog } from './confirm-dialog';
import { fieldIssues } from './form-issues';
import classes from './merchant.module.css';

/** An address field's message: the contract says only "invalid"; the screen says what is wrong. */
function rangeMessage(
  t: ReturnType<typeof useTranslation>['t'],
  field: 'ipFrom' | 'ipTo',
  message: string | undefined,
) {
  if (message !== 'validation.invalidValue') return fieldMessage(t, message);
  return field === 'ipTo' ? t('merchant.ranges.invalidRange') : t('merchant.ranges.invalidIp');
}

function AddRangeDialog({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateAllowedIp(customerId);
  const [form, setForm] = useState({ name: '', ipFrom: '', ipTo: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    create.reset();
    setForm({ name: '', ipFrom: '', ipTo: '' });
    setErrors({});
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: form.name, ipFrom: form.ipFrom.trim(), ipTo: form.ipTo.trim() };
    const parsed = allowedIpCreateRequestSchema.safeParse({ customerId, ...input });
    if (!parsed.success) {
      setErrors(fieldIssues(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: close,
      onError: (error) => {
        if (isApiError(error) && error.validationErrors) setErrors(error.validationErrors);
      },
    });
  };
  const field = (name: 'name' | 'ipFrom' | 'ipTo') => ({
    value: form[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={t('merchant.ranges.addTitle')}
      closeLabel={t('merchant.close')}
    >
      <form onSubmit={submit} noValidate>
        <fieldset className={frame.fieldset} disabled={create.isPending}>
          <Stack gap="md">
            <TextInput
              label={t('merchant.ranges.name')}
              maxLength={MERCHANT_NAME_MAX}
              error={fieldMessage(t, errors.name)}
              required
              data-autofocus
              {...field('name')}
            />
            <TextInput
              label={t('merchant.ranges.ipFrom')}
              description={t('merchant.ranges.ipHint')}
              maxLength={45}
              error={rangeMessage(t, 'ipFrom', errors.ipFrom)}
              required
              {...field('ipFrom')}
            />
            <TextInput
              label={t('merchant.ranges.ipTo')}
              maxLength={45}
              error={rangeMessage(t, 'ipTo', errors.ipTo)}
              required
              {...field('ipTo')}
            />
            {create.isError && !(isApiError(create.error) && create.error.validationErrors) && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, create.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('merchant.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('merchant.ranges.add')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}

function RangeActions({
  customerId,
  range,
  onDelete,
}: {
  customerId: number;
  range: AllowedIp;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const toggle = useSetAllowedIpEnabled(customerId);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="subtle"
        loading={toggle.isPending}
        onClick={() => toggle.mutate({ id: range.id, enabled: !range.enabled })}
        aria-label={t(
          range.enabled ? 'merchant.ranges.disableNamed' : 'merchant.ranges.enableNamed',
          { name: range.name },
        )}
      >
        {t(range.enabled ? 'merchant.disable' : 'merchant.enable')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={onDelete}
        aria-label={t('merchant.ranges.deleteNamed', { name: range.name })}
      >
        {t('merchant.delete')}
      </Button>
    </Group>
  );
}

/**
 * The allowed IP ranges (spec 2 §7 public-api/allowedip): calls with the company's keys must come
 * from an enabled range; with none enabled, keys work from anywhere.
 */
export function AllowedIpsPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const ranges = useAllowedIps(customerId);
  const remove = useDeleteAllowedIp(customerId);
  const [isAdding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AllowedIp | null>(null);
  const hasEnabled = ranges.data?.some((range) => range.enabled) ?? false;

  const status = (range: AllowedIp) => (
    <StatusBadge tone={range.enabled ? 'teal' : 'gray'} size="sm">
      {t(range.enabled ? 'merchant.enabled' : 'merchant.disabled')}
    </StatusBadge>
  );
  const span = (range: AllowedIp) =>
    range.ipFrom === range.ipTo ? range.ipFrom : `${range.ipFrom} – ${range.ipTo}`;
  const actions = (range: AllowedIp) => (
    <RangeActions customerId={customerId} range={range} onDelete={() => setDeleting(range)} />
  );
  const columns: DataColumn<AllowedIp>[] = [
    { id: 'name', header: t('merchant.ranges.name'), rowHeader: true, cell: (range) => range.name },
    { id: 'span', header: t('merchant.ranges.span'), className: classes.mono, cell: span },
    { id: 'status', header: t('merchant.status'), className: classes.statusCell, cell: status },
    {
      id: 'actions',
      header: t('merchant.actions'),
      headerHidden: true,
      align: 'right',
      cell: actions,
    },
  ];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div className={frame.sectionHeader}>
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('merchant.ranges.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('merchant.ranges.intro')}
            </Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<PlusIcon size={16} />}
            onClick={() => setAdding(true)}
          >
            {t('merchant.ranges.add')}
          </Button>
        </div>
        {ranges.isSuccess && !hasEnabled && (
          <Alert color="blue" variant="light" icon={<InfoIcon />}>
            {t('merchant.ranges.anywhere')}
          </Alert>
        )}
        {ranges.isPending && <ListSkeleton rows={2} label={t('merchant.ranges.loading')} />}
        {ranges.isError && (
          <LoadFailed
            title={t('merchant.ranges.loadFailed')}
            error={ranges.error}
            onRetry={() => void ranges.refetch()}
            retrying={ranges.isFetching}
          />
        )}
        {ranges.isSuccess && ranges.data.length > 0 && (
          <DataTable
            rows={ranges.data}
            rowKey={(range) => range.id}
            columns={columns}
            caption={t('merchant.ranges.caption')}
            minWidth={560}
            card={{
              listClassName: classes.list,
              itemClassName: `${frame.card} ${frame.cardWithActions}`,
              render: (range) => (
                <>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {range.name}
                    </Text>
                    {status(range)}
                  </Group>
                  <dl>
                    <dt>{t('merchant.ranges.span')}</dt>
                    <dd className={classes.mono}>{span(range)}</dd>
                  </dl>
                  {actions(range)}
                </>
              ),
            }}
          />
        )}
      </Stack>
      <AddRangeDialog customerId={customerId} opened={isAdding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('merchant.ranges.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('merchant.ranges.deleteText')}
        confirmLabel={t('merchant.ranges.deleteConfirm')}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </Paper>
  );
}
