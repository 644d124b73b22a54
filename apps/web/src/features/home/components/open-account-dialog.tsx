import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { Account } from '@ledgerline/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorMessage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon } from '@/ui/icons';
import { heldCurrencies } from '../account-groups';
import { useCurrencies, useOpenAccount, type OpenAccountKind } from '../api/open-account';

/**
 * "Add currency" (a payment account, addCurrency) or "Create wallet" (a prepaid funding wallet,
 * createWallet): the currencies on offer, less those the customer already holds of that kind.
 */
export function OpenAccountDialog({
  kind,
  accounts,
  isAccountsLoading = false,
  onClose,
  onOpened,
}: {
  kind: OpenAccountKind | undefined;
  accounts: Account[];
  /** The customer's accounts are still loading: which currencies they hold is not known yet. */
  isAccountsLoading?: boolean;
  onClose: () => void;
  /** Called with the new account once the server opened it. */
  onOpened: (account: Account) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={kind !== undefined}
      onClose={onClose}
      title={
        kind === 'wallet' ? t('home.openAccount.walletTitle') : t('home.openAccount.currencyTitle')
      }
      closeLabel={t('home.dialogClose')}
    >
      {kind !== undefined && (
        <OpenAccountForm
          key={kind}
          kind={kind}
          accounts={accounts}
          isAccountsLoading={isAccountsLoading}
          onClose={onClose}
          onOpened={onOpened}
        />
      )}
    </Dialog>
  );
}

function OpenAccountForm({
  kind,
  accounts,
  isAccountsLoading,
  onClose,
  onOpened,
}: {
  kind: OpenAccountKind;
  accounts: Account[];
  isAccountsLoading: boolean;
  onClose: () => void;
  onOpened: (account: Account) => void;
}) {
  const { t } = useTranslation();
  const currencies = useCurrencies({ enabled: true });
  const open = useOpenAccount(kind);
  const held = heldCurrencies(accounts, kind === 'wallet' ? 'prepaidFunding' : 'payment');
  const choices = (currencies.data ?? []).filter((currency) => !held.has(currency.code));
  const [chosen, setChosen] = useState<string>('');
  const value = choices.some((currency) => currency.code === chosen)
    ? chosen
    : (choices[0]?.code ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return;
    open.mutate(value, { onSuccess: (account) => onOpened(account) });
  };

  // Until both are known, the choice could offer a currency the customer already holds.
  if (currencies.isPending || isAccountsLoading) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Text size="sm" role="status">
          {t('home.openAccount.loading')}
        </Text>
        <Skeleton height={36} radius="sm" />
      </Stack>
    );
  }
  if (currencies.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        title={t('home.openAccount.loadFailed')}
      >
        {translateErrorMessage(t, currencies.error)}
      </Alert>
    );
  }
  if (choices.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm">
          {t(
            kind === 'wallet'
              ? 'home.openAccount.noneLeftWallet'
              : 'home.openAccount.noneLeftCurrency',
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('home.dialogClose')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={open.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <Text size="sm">
            {t(
              kind === 'wallet' ? 'home.openAccount.walletIntro' : 'home.openAccount.currencyIntro',
            )}
          </Text>
          <NativeSelect
            label={t('home.openAccount.currency')}
            value={value}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={choices.map((currency) => ({
              value: currency.code,
              label: `${currency.code} — ${currency.name}`,
            }))}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('home.openAccount.cancel')}
            </Button>
            <Button type="submit" loading={open.isPending}>
              {t(
                kind === 'wallet'
                  ? 'home.openAccount.walletSubmit'
                  : 'home.openAccount.currencySubmit',
              )}
            </Button>
          </Group>
        </Stack>
      </fieldset>
      <ErrorPopup error={open.error} onClose={() => open.reset()} />
    </form>
  );
}
