import { Badge, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { Account } from '@ledgerline/contract';
import { accountKind } from '@ledgerline/domain/accounts';
import { formatMoney } from '@ledgerline/domain/money';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { useAccountName } from '@/lib/account-name';
import type { AccountGroupKey } from '../account-groups';
import classes from './home.module.css';

/** Money as the customer reads it in the page's language (spec 2 §9: 2 to 8 decimals, the spec's symbols). */
export function useMoneyFormat(): (amount: string | number, currencyCode: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return (amount, currencyCode) => formatMoney(amount, currencyCode, locale);
}

/** Money travels as decimal strings; the client may have turned a plain one into a number (decision 4). */
function isNonZero(amount: string | number): boolean {
  return !new Decimal(amount).isZero();
}

export interface AccountRowActions {
  /** Accounts with bank details to show, and whether the customer has seen them. */
  instructions: Map<number, { unviewed: boolean }>;
  onPaymentDetails: (accountId: number) => void;
  onConfirmationLetter: (accountId: number) => void;
  /** The account whose letter is being prepared. */
  letterPendingFor: number | undefined;
}

function AccountRow({
  account,
  isDefault,
  actions,
}: {
  account: Account;
  isDefault: boolean;
  actions: AccountRowActions;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const name = useAccountName()(account);
  const kind = accountKind(account.type);
  const details = actions.instructions.get(account.accountId);
  const hasLetter = kind === 'payment' || kind === 'prepaidFunding' || kind === 'receiving';
  const closed = kind === 'closed' || account.accountStatusId === 4;
  const titleId = `account-${account.accountId}`;

  return (
    <li className={classes.row} aria-labelledby={titleId} data-testid="account-row">
      <span className={classes.currencyBadge} aria-hidden="true">
        {account.currencyCode}
      </span>
      <div className={classes.info}>
        <Text fw={600} id={titleId} truncate="end">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('home.accounts.number', { currency: account.currencyCode, id: account.accountId })}
        </Text>
        <Group gap={6} mt={4}>
          {isDefault && (
            <Badge variant="light" color="brand" radius="sm" size="sm">
              {t('home.accounts.defaultForHistory')}
            </Badge>
          )}
          {closed && (
            <Badge variant="light" color="gray.8" radius="sm" size="sm">
              {t('home.accounts.closed')}
            </Badge>
          )}
        </Group>
      </div>
      <div className={classes.amount}>
        <VisuallyHidden>{t('home.accounts.balance')}: </VisuallyHidden>
        <Text className={classes.balance} data-testid="account-balance">
          {money(account.balance, account.currencyCode)}
        </Text>
        {isNonZero(account.pendingAmount) && (
          <Text size="xs" c="dimmed" data-testid="account-pending">
            {t('home.accounts.pending', {
              amount: money(account.pendingAmount, account.currencyCode),
            })}
          </Text>
        )}
      </div>
      {(details || hasLetter) && !closed && (
        <Group gap="xs" className={classes.actions}>
          {details && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => actions.onPaymentDetails(account.accountId)}
              aria-label={t(
                details.unviewed
                  ? 'home.accounts.paymentDetailsForNew'
                  : 'home.accounts.paymentDetailsFor',
                { name },
              )}
              rightSection={
                details.unviewed ? (
                  <Badge size="xs" color="brand" variant="filled" radius="sm">
                    {t('home.accounts.new')}
                  </Badge>
                ) : undefined
              }
            >
              {t('home.accounts.paymentDetails')}
            </Button>
          )}
          {hasLetter && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => actions.onConfirmationLetter(account.accountId)}
              loading={actions.letterPendingFor === account.accountId}
              aria-label={t('home.accounts.confirmationLetterFor', { name })}
            >
              {t('home.accounts.confirmationLetter')}
            </Button>
          )}
        </Group>
      )}
    </li>
  );
}

/** One group of money accounts (payment accounts, wallets, receiving accounts, others). */
export function AccountGroup({
  groupKey,
  accounts,
  defaultAccountId,
  actions,
}: {
  groupKey: AccountGroupKey;
  accounts: Account[];
  defaultAccountId: number | undefined;
  actions: AccountRowActions;
}) {
  const { t } = useTranslation();
  const headingId = `account-group-${groupKey}`;
  return (
    <Stack gap={0} component="section" aria-labelledby={headingId}>
      <Title order={3} fz="sm" c="dimmed" tt="uppercase" lts="0.04em" id={headingId}>
        {t(`home.accounts.groups.${groupKey}`)}
      </Title>
      <ul className={classes.list}>
        {accounts.map((account) => (
          <AccountRow
            key={account.accountId}
            account={account}
            isDefault={account.accountId === defaultAccountId}
            actions={actions}
          />
        ))}
      </ul>
    </Stack>
  );
}
