import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  webhookCreateBodySchema,
  webhookPingBodySchema,
  webhookUpdateBodySchema,
  type Webhook,
} from '@ledgerline/contract';
import type { DataColumn } from '@/ui/data-table';
import { AlertIcon, CheckCircleIcon, PlusIcon } from '@/ui/icons';
import { usePingWebhook, useRotateWebhookSecret, webhooks } from '../api/webhooks';
import { ConfirmMutation } from './confirm-dialog';
import { FormDialog, useFieldErrors } from './form-dialog';
import classes from './merchant.module.css';
import { MerchantTable, actionsColumn, statusColumn } from './merchant-table';
import { Panel } from './panel';
import { QueryState } from './query-state';
import { EnabledBadge, RowActions, switchAction } from './row-actions';
import { SecretDialog } from './secret-once';

/**
 * A new endpoint, or a change of one (mounted per endpoint): its name and URL. A new one's answer
 * holds its signing secret, which the panel shows once.
 */
function EndpointDialog({
  customerId,
  endpoint,
  onCreated,
  onClose,
}: {
  customerId: number;
  endpoint: Webhook | null;
  onCreated: (secret: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = webhooks.useCreate(customerId);
  const update = webhooks.useUpdate(customerId);
  const call = endpoint ? update : create;
  const [form, setForm] = useState({ name: endpoint?.name ?? '', url: endpoint?.url ?? '' });
  const fields = useFieldErrors();
  const submit = () => {
    const input = { name: form.name, url: form.url.trim() };
    if (endpoint) {
      if (fields.check(webhookUpdateBodySchema, input) === null) return;
      update.mutate(
        { id: endpoint.id, change: input },
        { onSuccess: onClose, onError: fields.fromServer },
      );
    } else {
      if (fields.check(webhookCreateBodySchema, { customerId, ...input }) === null) return;
      create.mutate(input, {
        onSuccess: (answer) => onCreated(answer.secret),
        onError: fields.fromServer,
      });
    }
  };
  const field = (name: 'name' | 'url') => ({
    value: form[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
    error: fields.message(name),
  });
  return (
    <FormDialog
      opened
      title={
        endpoint
          ? t('merchantHooks.endpoints.editTitle', { name: endpoint.name })
          : t('merchantHooks.endpoints.createTitle')
      }
      submitLabel={endpoint ? t('merchant.keys.save') : t('merchantHooks.endpoints.create')}
      isPending={call.isPending}
      error={call.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('merchantHooks.endpoints.name')}
        description={t('merchantHooks.endpoints.nameHint')}
        maxLength={100}
        required
        data-autofocus
        {...field('name')}
      />
      <TextInput
        type="url"
        label={t('merchantHooks.endpoints.url')}
        description={t('merchantHooks.endpoints.urlHint')}
        maxLength={2048}
        required
        {...field('url')}
      />
    </FormDialog>
  );
}

/** "Test a URL": whether the address may be used and what it answered (nothing is saved). */
function PingDialog({
  customerId,
  url: initial,
  onClose,
}: {
  customerId: number;
  url: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ping = usePingWebhook(customerId);
  const [url, setUrl] = useState(initial);
  const fields = useFieldErrors();
  const submit = () => {
    const parsed = fields.check(webhookPingBodySchema, { url: url.trim() });
    if (parsed === null) return;
    ping.mutate(parsed.url, { onError: fields.fromServer });
  };
  const answer = ping.data;
  return (
    <FormDialog
      opened
      title={t('merchantHooks.ping.title')}
      submitLabel={t('merchantHooks.ping.send')}
      isPending={ping.isPending}
      error={ping.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">{t('merchantHooks.ping.intro')}</Text>
      <TextInput
        type="url"
        label={t('merchantHooks.endpoints.url')}
        value={url}
        onChange={(event) => {
          setUrl(event.currentTarget.value);
          ping.reset();
        }}
        maxLength={2048}
        error={fields.message('url')}
        required
        data-autofocus
      />
      {answer && (
        <Alert
          role="status"
          color={answer.succeeded ? 'teal' : 'orange'}
          variant="light"
          icon={answer.succeeded ? <CheckCircleIcon /> : <AlertIcon />}
        >
          <Text size="sm" fw={600}>
            {answer.succeeded ? t('merchantHooks.ping.succeeded') : t('merchantHooks.ping.failed')}
          </Text>
          <Text size="sm">
            {answer.statusCode === null
              ? t('merchantHooks.ping.noAnswer', { error: answer.error ?? '' })
              : t('merchantHooks.ping.answered', {
                  status: answer.statusCode,
                  latency: answer.latencyMs,
                })}
          </Text>
        </Alert>
      )}
    </FormDialog>
  );
}

/**
 * The company's webhook endpoints (spec 2 §7 public-api/webhook, §8 webhook popup): every event is
 * posted to each enabled one, signed with its own secret, shown only when made or rotated.
 */
export function WebhooksPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const list = webhooks.useList(customerId);
  const toggle = webhooks.useUpdate(customerId);
  const remove = webhooks.useRemove(customerId);
  const rotate = useRotateWebhookSecret(customerId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [pinging, setPinging] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const status = (endpoint: Webhook) => <EnabledBadge enabled={endpoint.enabled} />;
  const named = (key: string, endpoint: Webhook) => t(key, { name: endpoint.name });
  const actions = (endpoint: Webhook) => (
    <RowActions
      actions={[
        switchAction(
          t,
          endpoint,
          {
            enable: 'merchantHooks.endpoints.enableNamed',
            disable: 'merchantHooks.endpoints.disableNamed',
          },
          toggle,
        ),
        {
          label: t('merchantHooks.endpoints.edit'),
          name: named('merchantHooks.endpoints.editNamed', endpoint),
          onClick: () => setEditing(endpoint),
        },
        {
          label: t('merchantHooks.ping.action'),
          name: named('merchantHooks.ping.actionNamed', endpoint),
          onClick: () => setPinging(endpoint.url),
        },
        {
          label: t('merchantHooks.endpoints.rotate'),
          name: named('merchantHooks.endpoints.rotateNamed', endpoint),
          onClick: () => setRotating(endpoint),
        },
        {
          label: t('merchant.delete'),
          name: named('merchantHooks.endpoints.deleteNamed', endpoint),
          onClick: () => setDeleting(endpoint),
        },
      ]}
    />
  );
  const columns: DataColumn<Webhook>[] = [
    {
      id: 'name',
      header: t('merchantHooks.endpoints.name'),
      rowHeader: true,
      className: classes.nowrap,
      cell: (endpoint) => endpoint.name,
    },
    {
      id: 'url',
      header: t('merchantHooks.endpoints.url'),
      className: classes.mono,
      cell: (endpoint) => endpoint.url,
    },
    statusColumn(t('merchant.status'), status),
    actionsColumn(t('merchant.actions'), actions),
  ];

  return (
    <Panel
      title={t('merchantHooks.endpoints.title')}
      intro={t('merchantHooks.endpoints.intro')}
      action={
        <Group gap="sm">
          <Button variant="default" onClick={() => setPinging('')}>
            {t('merchantHooks.ping.title')}
          </Button>
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing('new')}>
            {t('merchantHooks.endpoints.create')}
          </Button>
        </Group>
      }
    >
      <QueryState
        query={list}
        rows={list.data}
        skeletonRows={2}
        loadingLabel={t('merchantHooks.endpoints.loading')}
        failedTitle={t('merchantHooks.endpoints.loadFailed')}
        empty={{
          title: t('merchantHooks.endpoints.emptyTitle'),
          text: t('merchantHooks.endpoints.emptyText'),
        }}
      >
        {(rows) => (
          <MerchantTable
            rows={rows}
            rowKey={(endpoint) => endpoint.id}
            columns={columns}
            caption={t('merchantHooks.endpoints.caption')}
            minWidth={760}
            card={{
              title: (endpoint) => endpoint.name,
              badge: status,
              facts: (endpoint) => [[t('merchantHooks.endpoints.url'), endpoint.url, true]],
              actions,
            }}
          />
        )}
      </QueryState>
      {editing !== null && (
        <EndpointDialog
          key={editing === 'new' ? 'new' : editing.id}
          customerId={customerId}
          endpoint={editing === 'new' ? null : editing}
          onCreated={(made) => {
            setEditing(null);
            setSecret(made);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {pinging !== null && (
        <PingDialog customerId={customerId} url={pinging} onClose={() => setPinging(null)} />
      )}
      <SecretDialog
        title={t('merchantHooks.endpoints.secretTitle')}
        secret={secret}
        label={t('merchantHooks.endpoints.secret')}
        warning={t('merchantHooks.endpoints.secretOnce')}
        doneLabel={t('merchantHooks.secretDone')}
        onClose={() => setSecret(null)}
      />
      <ConfirmMutation
        target={rotating}
        mutation={rotate}
        variables={(endpoint) => endpoint.id}
        title={(endpoint) => t('merchantHooks.endpoints.rotateTitle', { name: endpoint.name })}
        text={t('merchantHooks.endpoints.rotateText')}
        confirmLabel={t('merchantHooks.endpoints.rotateConfirm')}
        onSuccess={(answer) => setSecret(answer.secret)}
        onClose={() => setRotating(null)}
      />
      <ConfirmMutation
        target={deleting}
        mutation={remove}
        variables={(endpoint) => endpoint.id}
        title={(endpoint) => t('merchantHooks.endpoints.deleteTitle', { name: endpoint.name })}
        text={t('merchantHooks.endpoints.deleteText')}
        confirmLabel={t('merchantHooks.endpoints.deleteConfirm')}
        onClose={() => setDeleting(null)}
      />
    </Panel>
  );
}
