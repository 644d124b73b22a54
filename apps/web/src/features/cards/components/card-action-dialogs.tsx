import { Alert, Button, Group, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@ledgerline/contract';
import { translateErrorMessage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon } from '@/ui/icons';
import { useCardFees } from '../api/apply-card';
import { useBlockCard, useUpgradeCardShipping } from '../api/card-status-actions';
import { useReissueCard } from '../api/reissue-card';
import { useSetCardAlias } from '../api/set-card-alias';
import { cardTitle, useFormatMoney } from '../card-format';

interface ActionDialogProps {
  account: Account;
  opened: boolean;
  onClose: () => void;
}

/** Blocking is for good (the card becomes canceled): the dialog says so and offers pausing instead. */
export function BlockCardDialog({
  account,
  opened,
  onClose,
  onBlocked,
}: ActionDialogProps & { onBlocked: () => void }) {
  const { t } = useTranslation();
  const block = useBlockCard();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('cards.block.title')}
      closeLabel={t('cards.dialogClose')}
    >
      <Stack gap="md">
        <Text size="sm">{t('cards.block.text', { card: cardTitle(t, account) })}</Text>
        <Alert color="red" variant="light" icon={<AlertIcon />}>
          {t('cards.block.irreversible')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cards.cancel')}
          </Button>
          <Button
            color="red"
            loading={block.isPending}
            onClick={() => block.mutate(account.accountId, { onSuccess: onBlocked })}
          >
            {t('cards.block.confirm')}
          </Button>
        </Group>
      </Stack>
      <ErrorPopup error={block.error} onClose={() => block.reset()} />
    </Dialog>
  );
}

/** The most characters an alias may have (the contract's limit). */
const ALIAS_MAX = 40;

/** A virtual card's own name; empty goes back to the product's name. */
export function RenameCardDialog({ account, opened, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const rename = useSetCardAlias();
  const [value, setValue] = useState(account.cardAliasName ?? '');
  const tooLong = value.trim().length > ALIAS_MAX;
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('cards.rename.title')}
      closeLabel={t('cards.dialogClose')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (tooLong) return;
          rename.mutate(
            { accountId: account.accountId, cardAliasName: value.trim() },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('cards.rename.label')}
            description={t('cards.rename.hint', { max: ALIAS_MAX })}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={tooLong ? t('validation.tooLong') : undefined}
            maxLength={ALIAS_MAX + 10}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cards.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('cards.rename.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorPopup error={rename.error} onClose={() => rename.reset()} />
    </Dialog>
  );
}

/** A new card replaces this one; a physical card comes by post or, for a fee, by courier. */
export function ReissueCardDialog({
  account,
  opened,
  onClose,
  onReissued,
}: ActionDialogProps & { onReissued: (card: Account) => void }) {
  const { t } = useTranslation();
  const reissue = useReissueCard();
  const [shipping, setShipping] = useState<'standard' | 'express'>('standard');
  const isPhysical = account.cardIsVirtual !== true;
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('cards.reissue.title')}
      closeLabel={t('cards.dialogClose')}
    >
      <Stack gap="md">
        <Text size="sm">
          {t(isPhysical ? 'cards.reissue.textPhysical' : 'cards.reissue.textVirtual')}
        </Text>
        {isPhysical && (
          <Radio.Group
            value={shipping}
            onChange={(value) => setShipping(value === 'express' ? 'express' : 'standard')}
            label={t('cards.reissue.shipping')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="standard" label={t('cards.apply.shipping.standard')} />
              <Radio
                value="express"
                label={t('cards.apply.shipping.express')}
                description={t('cards.reissue.expressHint')}
              />
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cards.cancel')}
          </Button>
          <Button
            loading={reissue.isPending}
            onClick={() =>
              reissue.mutate(
                {
                  accountId: account.accountId,
                  isExpressShipping: isPhysical && shipping === 'express',
                },
                { onSuccess: ({ account: next }) => onReissued(next) },
              )
            }
          >
            {t('cards.reissue.confirm')}
          </Button>
        </Group>
      </Stack>
      <ErrorPopup error={reissue.error} onClose={() => reissue.reset()} />
    </Dialog>
  );
}

/** Moves a card still at the printer to express delivery; the courier's price is shown first. */
export function UpgradeShippingDialog({ account, opened, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const upgrade = useUpgradeCardShipping();
  const fees = useCardFees(
    opened ? { cardType: account.type, currencyCode: account.currencyCode } : null,
  );
  const express = fees.data?.shipping.find((option) => option.type === 'express');
  const reasons = express?.disabledReasons ?? [];
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('cards.upgrade.title')}
      closeLabel={t('cards.dialogClose')}
    >
      <Stack gap="md">
        {fees.isPending && <Skeleton height={40} />}
        {fees.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />}>
            {translateErrorMessage(t, fees.error)}
          </Alert>
        )}
        {express && (
          <Text size="sm">
            {t('cards.upgrade.text', {
              fee: money(express.fee, fees.data?.currency ?? account.currencyCode),
              days: express.deliveryTime,
            })}
          </Text>
        )}
        {reasons.length > 0 && (
          <Alert color="orange" variant="light" icon={<AlertIcon />}>
            {reasons.map((reason) => t(`cards.apply.disabledReason.${reason}`)).join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cards.cancel')}
          </Button>
          <Button
            loading={upgrade.isPending}
            disabled={!express || reasons.length > 0}
            onClick={() => upgrade.mutate(account.accountId, { onSuccess: onClose })}
          >
            {t('cards.upgrade.confirm')}
          </Button>
        </Group>
      </Stack>
      <ErrorPopup error={upgrade.error} onClose={() => upgrade.reset()} />
    </Dialog>
  );
}
