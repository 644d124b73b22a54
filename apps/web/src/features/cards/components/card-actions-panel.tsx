import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Account } from '@ledgerline/contract';
import { useQuery } from '@tanstack/react-query';
import { cardActions, mayMovePrepaidMoney } from '@ledgerline/domain/cards';
import {
  accessInfoQueryOptions,
  useActingRights,
  useApiClient,
  useSessionState,
} from '@/app/session';
import { ErrorPopup } from '@/ui/error-popup';
import { usePauseCard, useUnpauseCard } from '../api/card-status-actions';
import { usePrepaidCardLimits } from '../api/prepaid-card';
import {
  cardDetailsPath,
  cardPinPath,
  loadPrepaidCardPath,
  unloadPrepaidCardPath,
} from '../card-paths';
import { ActivateCardDialog } from './activate-card-dialog';
import {
  BlockCardDialog,
  ReissueCardDialog,
  RenameCardDialog,
  UpgradeShippingDialog,
} from './card-action-dialogs';

type OpenDialog = 'block' | 'rename' | 'reissue' | 'upgrade' | 'activate' | null;

/**
 * The buttons for what the card's status and kind allow (cardActions, spec 2 §4) — nothing else
 * is offered. Balance and history are shown by the details, details and PIN by their own panels;
 * loading money onto a prepaid card and back opens the transfer screen for it (issue 16), offered
 * with the "load prepaid card" flag and full access; unloading where the card's product allows it.
 */
export function CardActionsPanel({ account }: { account: Account }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const headingId = useId();
  const pause = usePauseCard();
  const unpause = useUnpauseCard();
  const { rights } = useActingRights();
  // A user who may only look at the customer's cards is offered none of the changes (issue 15).
  const allowed = new Set(
    rights?.managesCards
      ? cardActions({
          statusId: account.accountStatusId,
          isVirtual: account.cardIsVirtual === true,
        })
      : [],
  );
  const close = () => setDialog(null);
  const failed = pause.error ?? unpause.error;
  const client = useApiClient();
  const { customerId } = useSessionState();
  const access = useQuery(accessInfoQueryOptions(client, customerId));
  const movesMoney =
    access.data !== undefined &&
    mayMovePrepaidMoney({
      statusId: account.accountStatusId,
      isVirtual: account.cardIsVirtual === true,
      subType: account.subType,
      permissions: access.data.permissions,
      transfersAccess: access.data.accessList.transfers,
    });
  const limits = usePrepaidCardLimits(account.accountId, movesMoney);

  const buttons = [
    movesMoney && (
      <Button key="load" component={Link} to={loadPrepaidCardPath(account.accountId)}>
        {t('prepaidCard.actions.load')}
      </Button>
    ),
    movesMoney && limits.data?.canUnload === true && (
      <Button
        key="unload"
        variant="default"
        component={Link}
        to={unloadPrepaidCardPath(account.accountId)}
      >
        {t('prepaidCard.actions.unload')}
      </Button>
    ),
    allowed.has('activate') && (
      <Button key="activate" onClick={() => setDialog('activate')}>
        {t('cards.actions.activate')}
      </Button>
    ),
    allowed.has('pause') && (
      <Button
        key="pause"
        variant="default"
        loading={pause.isPending}
        onClick={() => pause.mutate(account.accountId)}
      >
        {t('cards.actions.pause')}
      </Button>
    ),
    allowed.has('unpause') && (
      <Button
        key="unpause"
        loading={unpause.isPending}
        onClick={() => unpause.mutate(account.accountId)}
      >
        {t('cards.actions.unpause')}
      </Button>
    ),
    allowed.has('rename') && (
      <Button key="rename" variant="default" onClick={() => setDialog('rename')}>
        {t('cards.actions.rename')}
      </Button>
    ),
    allowed.has('changePin') && (
      <Button
        key="changePin"
        variant="default"
        component={Link}
        to={cardPinPath(account.accountId)}
      >
        {t('cards.actions.changePin')}
      </Button>
    ),
    allowed.has('upgradeShipping') && (
      <Button key="upgrade" variant="default" onClick={() => setDialog('upgrade')}>
        {t('cards.actions.upgradeShipping')}
      </Button>
    ),
    allowed.has('reissue') && (
      <Button key="reissue" variant="default" onClick={() => setDialog('reissue')}>
        {t('cards.actions.reissue')}
      </Button>
    ),
    allowed.has('block') && (
      <Button key="block" variant="outline" color="red" onClick={() => setDialog('block')}>
        {t('cards.actions.block')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {t('cards.details.manage')}
        </Title>
        {buttons.length > 0 ? (
          <Group gap="sm">{buttons}</Group>
        ) : (
          <Text size="sm" c="dimmed">
            {rights && !rights.managesCards
              ? t('acting.cardsReadOnly')
              : t('cards.details.noActions')}
          </Text>
        )}
      </Stack>

      {allowed.has('block') && (
        <BlockCardDialog
          account={account}
          opened={dialog === 'block'}
          onClose={close}
          onBlocked={() => void navigate('/cards', { replace: true })}
        />
      )}
      {allowed.has('rename') && dialog === 'rename' && (
        <RenameCardDialog account={account} opened onClose={close} />
      )}
      {allowed.has('reissue') && (
        <ReissueCardDialog
          account={account}
          opened={dialog === 'reissue'}
          onClose={close}
          onReissued={(next) => void navigate(cardDetailsPath(next.accountId), { replace: true })}
        />
      )}
      {allowed.has('upgradeShipping') && (
        <UpgradeShippingDialog account={account} opened={dialog === 'upgrade'} onClose={close} />
      )}
      {allowed.has('activate') && (
        <ActivateCardDialog account={account} opened={dialog === 'activate'} onClose={close} />
      )}
      <ErrorPopup
        error={failed}
        onClose={() => {
          pause.reset();
          unpause.reset();
        }}
      />
    </Paper>
  );
}
