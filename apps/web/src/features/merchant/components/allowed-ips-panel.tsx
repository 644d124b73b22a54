import { Alert, Button, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllowedIp } from '@ledgerline/contract';
import { allowedIpCreateRequestSchema } from '@ledgerline/contract/merchant-api/routes';
import { MERCHANT_NAME_MAX } from '@ledgerline/domain/merchant-api';
import type { DataColumn } from '@/ui/data-table';
import { fieldMessage } from '@/ui/field-message';
import { InfoIcon, PlusIcon } from '@/ui/icons';
import { allowedIps } from '../api/allowed-ips';
import { ConfirmMutation } from './confirm-dialog';
import { FormDialog, useFieldErrors } from './form-dialog';
import classes from './merchant.module.css';
import { MerchantTable, actionsColumn, statusColumn } from './merchant-table';
import { Panel } from './panel';
import { QueryState } from './query-state';
import { EnabledBadge, RowActions, switchAction } from './row-actions';

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
  const create = allowedIps.useCreate(customerId);
  const [form, setForm] = useState({ name: '', ipFrom: '', ipTo: '' });
  const fields = useFieldErrors();
  const close = () => {
    create.reset();
    setForm({ name: '', ipFrom: '', ipTo: '' });
    fields.clear();
    onClose();
  };
  const submit = () => {
    const input = { name: form.name, ipFrom: form.ipFrom.trim(), ipTo: form.ipTo.trim() };
    if (fields.check(allowedIpCreateRequestSchema, { customerId, ...input }) === null) return;
    create.mutate(input, { onSuccess: close, onError: fields.fromServer });
  };
  const field = (name: 'name' | 'ipFrom' | 'ipTo') => ({
    value: form[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  return (
    <FormDialog
      opened={opened}
      title={t('merchant.ranges.addTitle')}
      submitLabel={t('merchant.ranges.add')}
      isPending={create.isPending}
      error={create.error}
      onSubmit={submit}
      onClose={close}
    >
      <TextInput
        label={t('merchant.ranges.name')}
        maxLength={MERCHANT_NAME_MAX}
        error={fields.message('name')}
        required
        data-autofocus
        {...field('name')}
      />
      <TextInput
        label={t('merchant.ranges.ipFrom')}
        description={t('merchant.ranges.ipHint')}
        maxLength={45}
        error={rangeMessage(t, 'ipFrom', fields.errors.ipFrom)}
        required
        {...field('ipFrom')}
      />
      <TextInput
        label={t('merchant.ranges.ipTo')}
        maxLength={45}
        error={rangeMessage(t, 'ipTo', fields.errors.ipTo)}
        required
        {...field('ipTo')}
      />
    </FormDialog>
  );
}

/**
 * The allowed IP ranges (spec 2 §7 public-api/allowedip): calls with the company's keys must come
 * from an enabled range; with none enabled, keys work from anywhere.
 */
export function AllowedIpsPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const ranges = allowedIps.useList(customerId);
  const toggle = allowedIps.useUpdate(customerId);
  const remove = allowedIps.useRemove(customerId);
  const [isAdding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AllowedIp | null>(null);
  const hasEnabled = ranges.data?.some((range) => range.enabled) ?? false;

  const status = (range: AllowedIp) => <EnabledBadge enabled={range.enabled} />;
  const span = (range: AllowedIp) =>
    range.ipFrom === range.ipTo ? range.ipFrom : `${range.ipFrom} – ${range.ipTo}`;
  const actions = (range: AllowedIp) => (
    <RowActions
      actions={[
        switchAction(
          t,
          range,
          { enable: 'merchant.ranges.enableNamed', disable: 'merchant.ranges.disableNamed' },
          toggle,
        ),
        {
          label: t('merchant.delete'),
          name: t('merchant.ranges.deleteNamed', { name: range.name }),
          onClick: () => setDeleting(range),
        },
      ]}
    />
  );
  const columns: DataColumn<AllowedIp>[] = [
    { id: 'name', header: t('merchant.ranges.name'), rowHeader: true, cell: (range) => range.name },
    { id: 'span', header: t('merchant.ranges.span'), className: classes.mono, cell: span },
    statusColumn(t('merchant.status'), status),
    actionsColumn(t('merchant.actions'), actions),
  ];

  return (
    <Panel
      title={t('merchant.ranges.title')}
      intro={t('merchant.ranges.intro')}
      action={
        <Button
          variant="default"
          leftSection={<PlusIcon size={16} />}
          onClick={() => setAdding(true)}
        >
          {t('merchant.ranges.add')}
        </Button>
      }
    >
      {ranges.isSuccess && !hasEnabled && (
        <Alert color="blue" variant="light" icon={<InfoIcon />}>
          {t('merchant.ranges.anywhere')}
        </Alert>
      )}
      <QueryState
        query={ranges}
        rows={ranges.data}
        skeletonRows={2}
        loadingLabel={t('merchant.ranges.loading')}
        failedTitle={t('merchant.ranges.loadFailed')}
        empty={null}
      >
        {(rows) => (
          <MerchantTable
            rows={rows}
            rowKey={(range) => range.id}
            columns={columns}
            caption={t('merchant.ranges.caption')}
            minWidth={560}
            card={{
              title: (range) => range.name,
              badge: status,
              facts: (range) => [[t('merchant.ranges.span'), span(range), true]],
              actions,
            }}
          />
        )}
      </QueryState>
      <AddRangeDialog customerId={customerId} opened={isAdding} onClose={() => setAdding(false)} />
      <ConfirmMutation
        target={deleting}
        mutation={remove}
        variables={(range) => range.id}
        title={(range) => t('merchant.ranges.deleteTitle', { name: range.name })}
        text={t('merchant.ranges.deleteText')}
        confirmLabel={t('merchant.ranges.deleteConfirm')}
        onClose={() => setDeleting(null)}
      />
    </Panel>
  );
}
