import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@ledgerline/contract';
import type { DataColumn } from '@/ui/data-table';
import { PlusIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { apiKeys } from '../api/api-keys';
import { AllowedIpsPanel } from './allowed-ips-panel';
import { ConfirmMutation } from './confirm-dialog';
import { CreateKeyDialog } from './create-key-dialog';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { MerchantTable, actionsColumn, statusColumn } from './merchant-table';
import { Panel } from './panel';
import { QueryState } from './query-state';
import { RenameDialog } from './rename-dialog';
import { EnabledBadge, RowActions, switchAction } from './row-actions';

/** /merchant/internal/api_key (spec 2 §2, §6 full access): the company's keys and allowed IP ranges. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const keys = apiKeys.useList(customerId);
  const update = apiKeys.useUpdate(customerId);
  const remove = apiKeys.useRemove(customerId);
  const when = useFormatWhen();
  const [isCreating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  useDocumentTitle(t('merchant.keys.title'));

  const status = (key: ApiKey) => <EnabledBadge enabled={key.enabled} />;
  const scopes = (key: ApiKey) =>
    key.scopes.map((scope) => t(`merchant.scopes.${scope}`)).join(', ');
  const lastUsed = (key: ApiKey) =>
    key.lastUsedAt ? when(key.lastUsedAt) : t('merchant.keys.never');
  const expires = (key: ApiKey) =>
    key.expiresOn ? when(key.expiresOn, false) : t('merchant.keys.noExpiry');
  const actions = (key: ApiKey) => (
    <RowActions
      actions={[
        switchAction(
          t,
          key,
          { enable: 'merchant.keys.enableNamed', disable: 'merchant.keys.disableNamed' },
          update,
        ),
        {
          label: t('merchant.keys.rename'),
          name: t('merchant.keys.renameNamed', { name: key.name }),
          onClick: () => {
            update.reset();
            setRenaming(key);
          },
        },
        {
          label: t('merchant.delete'),
          name: t('merchant.keys.deleteNamed', { name: key.name }),
          onClick: () => setDeleting(key),
        },
      ]}
    />
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
    statusColumn(t('merchant.status'), status),
    {
      id: 'created',
      header: t('merchant.keys.created'),
      className: classes.nowrap,
      cell: (key) => when(key.createdAt, false),
    },
    { id: 'lastUsed', header: t('merchant.keys.lastUsed'), cell: lastUsed },
    { id: 'expires', header: t('merchant.keys.expires'), cell: expires },
    actionsColumn(t('merchant.actions'), actions),
  ];

  return (
    <Stack gap="lg">
      <Panel
        title={t('merchant.keys.title')}
        intro={t('merchant.keys.intro')}
        action={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
            {t('merchant.keys.create')}
          </Button>
        }
      >
        <QueryState
          query={keys}
          rows={keys.data}
          loadingLabel={t('merchant.keys.loading')}
          failedTitle={t('merchant.keys.loadFailed')}
          empty={{ title: t('merchant.keys.emptyTitle'), text: t('merchant.keys.emptyText') }}
        >
          {(rows) => (
            <MerchantTable
              rows={rows}
              rowKey={(key) => key.id}
              columns={columns}
              caption={t('merchant.keys.caption')}
              minWidth={900}
              card={{
                title: (key) => key.name,
                badge: status,
                facts: (key) => [
                  [t('merchant.keys.hint'), `…${key.hint}`, true],
                  [t('merchant.keys.scopes'), scopes(key)],
                  [t('merchant.keys.created'), when(key.createdAt, false)],
                  [t('merchant.keys.lastUsed'), lastUsed(key)],
                  [t('merchant.keys.expires'), expires(key)],
                ],
                actions,
              }}
            />
          )}
        </QueryState>
      </Panel>
      <AllowedIpsPanel customerId={customerId} />
      <CreateKeyDialog
        customerId={customerId}
        opened={isCreating}
        onClose={() => setCreating(false)}
      />
      {renaming && (
        <RenameDialog
          key={renaming.id}
          title={t('merchant.keys.renameTitle', { name: renaming.name })}
          label={t('merchant.keys.name')}
          name={renaming.name}
          submitLabel={t('merchant.keys.save')}
          isPending={update.isPending}
          error={update.error}
          onSave={(name, handlers) =>
            update.mutate(
              { id: renaming.id, change: { name } },
              { ...handlers, onSuccess: () => setRenaming(null) },
            )
          }
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmMutation
        target={deleting}
        mutation={remove}
        variables={(key) => key.id}
        title={(key) => t('merchant.keys.deleteTitle', { name: key.name })}
        text={t('merchant.keys.deleteText')}
        confirmLabel={t('merchant.keys.deleteConfirm')}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
