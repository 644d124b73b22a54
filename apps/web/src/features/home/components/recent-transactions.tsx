import { Anchor, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Account, HistoryItem } from '@ledgerline/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { LoadFailed } from '@/ui/load-failed';
import {
  RECENT_TRANSACTIONS,
  useRecentTransactions,
  useTransactionTypeNames,
} from '../api/get-recent-transactions';
import { useAccountName } from '@/lib/account-name';
import { useMoneyFormat } from './accounts-list';
import classes from './home.module.css';

function useFormatDate(): (iso: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return (iso) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

function RecentRow({ item, title, href }: { item: HistoryItem; title: string; href: string }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const formatDate = useFormatDate();
  const isIn = item.direction === 'in';
  return (
    <li className={classes.recentRow} data-testid="recent-transaction">
      <div className={classes.info}>
        <Anchor component={Link} to={href} fw={600} c="inherit" className={classes.recentTitle}>
          {title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatDate(item.date)}
          {item.status !== 'completed' && ` · ${t(`home.recent.status.${item.status}`)}`}
        </Text>
      </div>
      <Text
        component="span"
        fw={700}
        className={`${classes.recentAmount} ${isIn ? classes.moneyIn : ''}`}
      >
        <VisuallyHidden>{t(isIn ? 'home.recent.moneyIn' : 'home.recent.moneyOut')} </VisuallyHidden>
        <span aria-hidden="true">{isIn ? '+' : '−'}</span>
        {money(item.amount, item.currency)}
      </Text>
    </li>
  );
}

/**
 * The last few movements of the account history opens on, each leading to its details, and a link
 * to the whole history (issue 13). Placeholder rows hold the list's place while it loads.
 */
export function RecentTransactions({ account }: { account: Account }) {
  const { t } = useTranslation();
  const accountName = useAccountName();
  const recent = useRecentTransactions(account.accountId);
  const types = useTransactionTypeNames();
  const typeNames = useMemo(
    () => new Map((types.data ?? []).map((type) => [type.code as string, type.name])),
    [types.data],
  );
  const historyHref = `/history?accountId=${account.accountId}`;
  const titleOf = (item: HistoryItem) =>
    item.counterparty ?? item.description ?? typeNames.get(item.operationType) ?? '';
  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.section}
      component="section"
      aria-labelledby="recent-title"
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" id="recent-title">
          {t('home.recent.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('home.recent.account', { name: accountName(account) })}
        </Text>
        {recent.isPending && (
          <div aria-busy="true">
            <VisuallyHidden role="status">{t('home.recent.loading')}</VisuallyHidden>
            <ul className={classes.list}>
              {Array.from({ length: RECENT_TRANSACTIONS }, (_, row) => (
                <li key={row} className={classes.recentRow} aria-hidden="true">
                  <div className={classes.info}>
                    <Skeleton height={16} width="45%" radius="sm" mb={6} />
                    <Skeleton height={12} width="25%" radius="sm" />
                  </div>
                  <Skeleton height={16} width={80} radius="sm" />
                </li>
              ))}
            </ul>
          </div>
        )}
        {recent.isError && (
          <LoadFailed
            title={t('home.recent.loadFailed')}
            error={recent.error}
            onRetry={() => void recent.refetch()}
            retrying={recent.isFetching}
          />
        )}
        {recent.isSuccess && recent.data.length === 0 && (
          <Stack gap={2} py="md">
            <Text fw={600}>{t('home.recent.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('home.recent.emptyText')}
            </Text>
          </Stack>
        )}
        {recent.isSuccess && recent.data.length > 0 && (
          <ul className={classes.list}>
            {recent.data.map((item) => (
              <RecentRow
                key={item.transactionId}
                item={item}
                title={titleOf(item)}
                href={`${historyHref}&transaction=${item.transactionId}`}
              />
            ))}
          </ul>
        )}
        <Anchor component={Link} to={historyHref} size="sm" fw={600}>
          {t('home.recent.seeAll')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
