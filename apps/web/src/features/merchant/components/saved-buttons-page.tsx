import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedButton } from '@ledgerline/contract';
import { formatMoney } from '@ledgerline/domain/money';
import { intlLocale, useLanguage } from '@/i18n';
import { CopyValue } from '@/ui/copy-value';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { PlusIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  useDeleteButton,
  useLogos,
  useReceivingAccounts,
  useSaveButton,
  useSavedButtons,
} from '../api/buttons';
import { ButtonDialog } from './button-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';

/** The link and the HTML snippet of a button, each with a copy button. */
function ShareDialog({ button, onClose }: { button: SavedButton; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('merchantButtons.buttons.shareTitle', { name: button.name })}
      closeLabel={t('merchant.close')}
      size="lg"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={600} id="button-link-label">
            {t('merchantButtons.buttons.link')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code className={classes.secret} aria-labelledby="button-link-label">
              {button.payLink}
            </Code>
            <CopyValue value={button.payLink} label={t('merchantButtons.buttons.link')} />
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600} id="button-snippet-label">
            {t('merchantButtons.buttons.snippet')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('merchantButtons.buttons.snippetHint')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code block className={classes.secret} aria-labelledby="button-snippet-label">
              {button.htmlSnippet}
            </Code>
            <CopyValue value={button.htmlSnippet} label={t('merchantButtons.buttons.snippet')} />
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('merchantButtons.done')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** /merchant/buttons/my_saved_buttons (spec 2 §2, §7): the company's saved payment buttons. */
export function SavedButtonsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const { customerId } = useMerchantCompany();
  const buttons = useSavedButtons(customerId);
  const accounts = useReceivingAccounts(customerId);
  const logos = useLogos(customerId);
  const toggle = useSaveButton(customerId);
  const remove = useDeleteButton(customerId);
  const [editing, setEditing] = useState<SavedButton | 'new' | null>(null);
  const [sharing, setSharing] = useState<SavedButton | null>(null);
  const [deleting, setDeleting] = useState<SavedButton | null>(null);
  useDocumentTitle(t('merchantButtons.buttons.title'));

  const money = (amount: string, currency: string) => formatMoney(amount, currency, locale);
  const amountText = (button: SavedButton) => {
    if (button.amount !== null) return money(button.amount, button.currencyCode);
    if (button.minAmount !== null && button.maxAmount !== null)
      return t('merchantButtons.buttons.between', {
        min: money(button.minAmount, button.currencyCode),
        max: money(button.maxAmount, button.currencyCode),
      });
    if (button.minAmount !== null)
      return t('merchantButtons.buttons.atLeast', {
        min: money(button.minAmount, button.currencyCode),
      });
    if (button.maxAmount !== null)
      return t('merchantButtons.buttons.atMost', {
        max: money(button.maxAmount, button.currencyCode),
      });
    return t('merchantButtons.buttons.anyAmount', { currency: button.currencyCode });
  };
  const status = (button: SavedButton) => (
    <StatusBadge tone={button.enabled ? 'teal' : 'gray'} size="sm">
      {t(button.enabled ? 'merchant.enabled' : 'merchant.disabled')}
    </StatusBadge>
  );
  const setEnabled = (button: SavedButton) =>
    toggle.mutate({
      id: button.id,
      name: button.name,
      accountId: button.accountId,
      amount: button.amount,
      minAmount: button.minAmount,
      maxAmount: button.maxAmount,
      description: button.description,
      logoId: button.logoId,
      returnUrl: button.returnUrl,
      enabled: !button.enabled,
    });
  const actions = (button: SavedButton) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setSharing(button)}
        aria-label={t('merchantButtons.buttons.shareNamed', { name: button.name })}
      >
        {t('merchantButtons.buttons.share')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        loading={toggle.isPending && toggle.variables.id === button.id}
        onClick={() => setEnabled(button)}
        aria-label={t(
          button.enabled ? 'merchantButtons.disableNamed' : 'merchantButtons.enableNamed',
          { name: button.name },
        )}
      >
        {t(button.enabled ? 'merchant.disable' : 'merchant.enable')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setEditing(button)}
        aria-label={t('merchantButtons.editNamed', { name: button.name })}
      >
        {t('merchantButtons.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setDeleting(button)}
        aria-label={t('merchantButtons.deleteNamed', { name: button.name })}
      >
        {t('merchant.delete')}
      </Button>
    </Group>
  );
  const columns: DataColumn<SavedButton>[] = [
    {
      id: 'name',
      header: t('merchantButtons.buttons.name'),
      rowHeader: true,
      cell: (button) => button.name,
    },
    {
      id: 'amount',
      header: t('merchantButtons.buttons.amount'),
      className: classes.nowrap,
      cell: amountText,
    },
    { id: 'status', header: t('merchant.status'), className: classes.statusCell, cell: status },
    {
      id: 'actions',
      header: t('merchant.actions'),
      headerHidden: true,
      align: 'right',
      cell: actions,
    },
  ];
  const noAccounts = accounts.isSuccess && accounts.data.length === 0;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div className={frame.sectionHeader}>
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('merchantButtons.buttons.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('merchantButtons.buttons.intro')}
            </Text>
          </Stack>
          <Button
            leftSection={<PlusIcon size={16} />}
            onClick={() => setEditing('new')}
            disabled={!accounts.isSuccess || noAccounts}
          >
            {t('merchantButtons.buttons.create')}
          </Button>
        </div>
        {noAccounts && (
          <Text size="sm" c="dimmed">
            {t('merchantButtons.noAccounts')}
          </Text>
        )}
        {toggle.isError && (
          <Text size="sm" c="red.8" role="alert">
            {t('merchantButtons.buttons.toggleFailed')}
          </Text>
        )}
        {buttons.isPending && (
          <ListSkeleton rows={3} label={t('merchantButtons.buttons.loading')} />
        )}
        {buttons.isError && (
          <LoadFailed
            title={t('merchantButtons.buttons.loadFailed')}
            error={buttons.error}
            onRetry={() => void buttons.refetch()}
            retrying={buttons.isFetching}
          />
        )}
        {buttons.isSuccess && buttons.data.length === 0 && (
          <Stack gap={2}>
            <Text fw={600}>{t('merchantButtons.buttons.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('merchantButtons.buttons.emptyText')}
            </Text>
          </Stack>
        )}
        {buttons.isSuccess && buttons.data.length > 0 && (
          <DataTable
            rows={buttons.data}
            rowKey={(button) => button.id}
            columns={columns}
            caption={t('merchantButtons.buttons.caption')}
            minWidth={720}
            card={{
              listClassName: classes.list,
              itemClassName: `${frame.card} ${frame.cardWithActions}`,
              render: (button) => (
                <>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {button.name}
                    </Text>
                    {status(button)}
                  </Group>
                  <dl>
                    <dt>{t('merchantButtons.buttons.amount')}</dt>
                    <dd>{amountText(button)}</dd>
                  </dl>
                  {actions(button)}
                </>
              ),
            }}
          />
        )}
      </Stack>
      {editing !== null && accounts.isSuccess && (
        <ButtonDialog
          key={editing === 'new' ? 'new' : editing.id}
          customerId={customerId}
          button={editing === 'new' ? null : editing}
          accounts={accounts.data}
          logos={logos.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {sharing && <ShareDialog button={sharing} onClose={() => setSharing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('merchantButtons.buttons.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('merchantButtons.buttons.deleteText')}
        confirmLabel={t('merchantButtons.buttons.deleteConfirm')}
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
