import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@ledgerline/contract';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { PlusIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useApiKeys, useDeleteApiKey, useUpdateApiKey } from '../api/api-keys';
import { AllowedIpsPanel } from './allowed-ips-panel';
import { ConfirmDialog } from './confirm-dialog';
import { CreateKeyDialog } from './create-key-dialog';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { RenameKeyDialog } from './rename-key-dialog';

function KeyActions({
  apiKey,
  onRename,
  onDelete,
}: {
  apiKey: ApiKey;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const update = useUpdateApiKey(customerId);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="subtle"
        loading={update.isPending}
        onClick={() => update.mutate({ id: apiKey.id, enabled: !apiKey.enabled })}
        aria-label={t(apiKey.enabled ? 'merchant.keys.disableNamed' : 'merchant.keys.enableNamed', {
          name: apiKey.name,
        })}
      >
        {t(apiKey.enabled ? 'merchant.disable' : 'merchant.enable')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={onRename}
        aria-label={t('merchant.keys.renameNamed', { name: apiKey.name })}
      >
        {t('merchant.keys.rename')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={onDelete}
        aria-label={t('merchant.keys.deleteNamed', { name: apiKey.name })}
      >
        {t('merchant.delete')}
      </Button>
    </Group>
  );
}

/** /merchant/internal/api_key (spec 2 §2, §6 full access): the company's keys and allowed IP ranges. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const keys = useApiKeys(customerId);
  const remove = useDeleteApiKey(customerId);
  const when = useFormatWhen();
  const [isCreating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  useDocumentTitle(t('merchant.keys.title'));

  const status = (key: ApiKey) => (
    <StatusBadge tone={key.enabled ? 'teal' : 'gray'} size="sm">
      {t(key.enabled ? 'merchant.enabled' : 'merchant.disabled')}
    </StatusBadge>
  );
  const scopes = (key: ApiKey) =>
    key.scopes.map((scope) => t(`merchant.scopes.${scope}`)).join(', ');
  const lastUsed = (key: ApiKey) =>
    key.lastUsedAt ? when(key.lastUsedAt) : t('merchant.keys.never');
  const expires = (key: ApiKey) =>
    key.expiresOn ? when(key.expiresOn, false) : t('merchant.keys.noExpiry');
  const actions = (key: ApiKey) => (
    <KeyActions apiKey={key} onRename={() => setRenaming(key)} onDelete={() => setDeleting(key)} />
  );
  const columns: DataColumn<ApiKey>[] = [
    {
      id: 'name',
      header: t('merchant.keys.name'),
      rowHeader: true,
      className: classes.nowrap,
      cell: (key) => key.name,
    },
    {
      id: 'hint',
      header: t('merchant.keys.hint'),
      className: `${classes.mono} ${classes.nowrap}`,
      cell: (key) => `…${key.hint}`,
    },
    { id: 'scopes', header: t('merchant.keys.scopes'), cell: scopes },
    { id: 'status', header: t('merchant.status'), className: classes.statusCell, cell: status },
    {
      id: 'created',
      header: t('merchant.keys.created'),
      className: classes.nowrap,
      cell: (key) => when(key.createdAt, false),
    },
    { id: 'lastUsed', header: t('merchant.keys.lastUsed'), cell: lastUsed },
    { id: 'expires', header: t('merchant.keys.expires'), cell: expires },
    {
      id: 'actions',
      header: t('merchant.actions'),
      headerHidden: true,
      align: 'right',
      cell: actions,
    },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <div className={frame.sectionHeader}>
            <Stack gap={2}>
              <Title order={2} fz="lg">
                {t('merchant.keys.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('merchant.keys.intro')}
              </Text>
            </Stack>
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
              {t('merchant.keys.create')}
            </Button>
          </div>
          {keys.isPending && <ListSkeleton rows={3} label={t('merchant.keys.loading')} />}
          {keys.isError && (
            <LoadFailed
              title={t('merchant.keys.loadFailed')}
              error={keys.error}
              onRetry={() => void keys.refetch()}
              retrying={keys.isFetching}
            />
          )}
          {keys.isSuccess && keys.data.length === 0 && (
            <Stack gap={2}>
              <Text fw={600}>{t('merchant.keys.emptyTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('merchant.keys.emptyText')}
              </Text>
            </Stack>
          )}
          {keys.isSuccess && keys.data.length > 0 && (
            <DataTable
              rows={keys.data}
              rowKey={(key) => key.id}
              columns={columns}
              caption={t('merchant.keys.caption')}
              minWidth={900}
              card={{
                listClassName: classes.list,
                itemClassName: `${frame.card} ${frame.cardWithActions}`,
                render: (key) => (
                  <>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {key.name}
                      </Text>
                      {status(key)}
                    </Group>
                    <dl>
                      <dt>{t('merchant.keys.hint')}</dt>
                      <dd className={classes.mono}>…{key.hint}</dd>
                      <dt>{t('merchant.keys.scopes')}</dt>
                      <dd>{scopes(key)}</dd>
                      <dt>{t('merchant.keys.created')}</dt>
                      <dd>{when(key.createdAt, false)}</dd>
                      <dt>{t('merchant.keys.lastUsed')}</dt>
                      <dd>{lastUsed(key)}</dd>
                      <dt>{t('merchant.keys.expires')}</dt>
                      <dd>{expires(key)}</dd>
                    </dl>
                    {actions(key)}
                  </>
                ),
              }}
            />
          )}
        </Stack>
      </Paper>
      <AllowedIpsPanel customerId={customerId} />
      <CreateKeyDialog
        customerId={customerId}
        opened={isCreating}
        onClose={() => setCreating(false)}
      />
      {renaming && (
        <RenameKeyDialog
          key={renaming.id}
          customerId={customerId}
          apiKey={renaming}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('merchant.keys.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('merchant.keys.deleteText')}
        confirmLabel={t('merchant.keys.deleteConfirm')}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
          })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
