import { AddMoneyHint } from './add-money-hint';
import {
  Alert,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { Account } from '@ledgerline/contract';
import { defaultHistoryAccount, mainAccount } from '@ledgerline/domain/accounts';
import { quickActions } from '@ledgerline/domain/quick-actions';
import { accountStatusBanner } from '@ledgerline/domain/verification';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { LoadFailed } from '@/ui/load-failed';
import { useDocumentTitle } from '@/ui/use-document-title';
import { groupAccounts } from '../account-groups';
import { useAccountConfirmationLetter } from '../api/account-confirmation';
import { useAccessInfo, useVerificationInfo } from '../api/get-access-info';
import { useAccounts } from '../api/get-accounts';
import { useLiveAccounts } from '../api/live-accounts';
import { useCustomerInfo } from '../api/get-customer-info';
import { useMarkInstructionViewed, usePaymentInstructions } from '../api/get-payment-instructions';
import { seesAccounts } from '../api/prefetch';
import type { OpenAccountKind } from '../api/open-account';
import { greetingName } from '../customer-name';
import { useAccountName } from '@/lib/account-name';
import { AccountGroup, type AccountRowActions } from './accounts-list';
import { AccountStatusBanner } from './account-status-banner';
import { CardsSummary } from './cards-summary';
import { ExchangeRatesPanel } from './exchange-rates-panel';
import { OpenAccountDialog } from './open-account-dialog';
import { PaymentDetailsDialog } from './payment-details-dialog';
import { HomeActions } from './home-actions';
import { RecentTransactions } from './recent-transactions';
import { SpendingChart } from './spending-chart';
import { TotalBalanceCard } from './total-balance-card';
import classes from './home.module.css';

function Greeting() {
  const { t } = useTranslation();
  const customerInfo = useCustomerInfo();
  if (customerInfo.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <VisuallyHidden role="status">{t('home.loadingDetails')}</VisuallyHidden>
        <Skeleton height={30} width="45%" radius="sm" />
        <Skeleton height={16} width="30%" radius="sm" />
      </Stack>
    );
  }
  if (customerInfo.isError) {
    return (
      <LoadFailed
        title={t('home.loadFailedTitle')}
        error={customerInfo.error}
        onRetry={() => void customerInfo.refetch()}
        retrying={customerInfo.isFetching}
      />
    );
  }
  return (
    <Stack gap={2}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('home.greeting', { name: greetingName(customerInfo.data.customer) })}
      </Title>
      <Text c="dimmed" size="sm">
        {t('home.signedInAs', { login: customerInfo.data.customer.login })}
      </Text>
    </Stack>
  );
}

/** The banner, or a quiet note when the status could not be read (the rest of the page still works). */
function StatusBanner() {
  const { t } = useTranslation();
  const verification = useVerificationInfo();
  if (verification.isPending) return null;
  if (verification.isError) {
    return (
      <LoadFailed
        title={t('home.statusLoadFailed')}
        error={verification.error}
        onRetry={() => void verification.refetch()}
        retrying={verification.isFetching}
      />
    );
  }
  return <AccountStatusBanner banner={accountStatusBanner(verification.data)} />;
}

function AccountsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">{t('home.accounts.loading')}</VisuallyHidden>
      {[0, 1, 2].map((row) => (
        <Group key={row} gap="md" wrap="nowrap">
          <Skeleton height={44} circle />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={16} width="40%" radius="sm" />
            <Skeleton height={12} width="25%" radius="sm" />
          </Stack>
          <Skeleton height={20} width={110} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The overview while what decides it loads: the total's card with its placeholder figure and
 * actions, and the accounts panel with its placeholder rows, laid out as the overview will be and
 * at least a screen tall, so nothing is pushed down when the answers arrive (CLS, issue 13).
 */
function OverviewSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={`${classes.layout} ${classes.overviewPending}`}>
      <div className={classes.column}>
        <Paper withBorder radius="lg" className={`${classes.section} ${classes.totalCard}`}>
          <Text size="sm" fw={600} c="dimmed">
            {t('home.total.title')}
          </Text>
          <Skeleton height={40} width="55%" radius="sm" my={6} />
          <Skeleton height={14} width="70%" radius="sm" />
          <ul className={classes.primaryActions} aria-hidden="true">
            {[0, 1, 2, 3].map((item) => (
              <li key={item} className={classes.action}>
                <Skeleton height={48} circle />
                <Skeleton height={14} width={56} radius="sm" />
              </li>
            ))}
          </ul>
        </Paper>
        <Paper withBorder radius="lg" className={classes.section}>
          <Stack gap="lg">
            <Title order={2} fz="lg">
              {t('home.accounts.title')}
            </Title>
            <AccountsSkeleton />
          </Stack>
        </Paper>
      </div>
    </div>
  );
}

/**
 * Keeps the balances current (useLiveAccounts). A component of its own, rendering nothing: the
 * hook follows the realtime channel's state, and in HomePage each change of that state (connecting,
 * open) rendered the whole overview again, a long task on a phone for nothing seen (decision 127).
 */
function LiveAccounts({ enabled }: { enabled: boolean }) {
  useLiveAccounts(enabled);
  return null;
}

/**
 * /home, an overview as a bank's home is (issue 13): the greeting and the account-status banner;
 * the total in the main currency with send, add money, exchange and a menu of the other actions
 * the customer may use; every account with its balance (spec 2 §3), payment details and
 * confirmation letters; the cards; the last few movements with a link to the history; the
 * spending of the last six months and the default exchange rates.
 */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.pageTitle'));
  const customerInfo = useCustomerInfo();
  const access = useAccessInfo();
  const showsAccounts = access.isSuccess && seesAccounts(access.data);
  const accounts = useAccounts({ enabled: showsAccounts });
  const instructions = usePaymentInstructions({ enabled: showsAccounts });
  const markViewed = useMarkInstructionViewed();
  const letter = useAccountConfirmationLetter();
  const accountName = useAccountName();

  const [detailsFor, setDetailsFor] = useState<number | undefined>(undefined);
  const [opening, setOpening] = useState<OpenAccountKind | undefined>(undefined);
  const [opened, setOpened] = useState<Account | undefined>(undefined);

  const list = useMemo(() => accounts.data ?? [], [accounts.data]);
  const { groups, cards } = useMemo(() => groupAccounts(list), [list]);
  const defaultAccountId = defaultHistoryAccount(list)?.accountId;
  // The recent movements are the main account's: where the total's currency comes from.
  const recentAccount = mainAccount(list) ?? undefined;

  const instructionState = useMemo(() => {
    const byAccount = new Map<number, { unviewed: boolean }>();
    for (const item of instructions.data ?? []) {
      const current = byAccount.get(item.accountId);
      byAccount.set(item.accountId, { unviewed: (current?.unviewed ?? false) || !item.viewed });
    }
    return byAccount;
  }, [instructions.data]);
  const accountsWithDetails = list.filter((account) => instructionState.has(account.accountId));

  // The actions depend on the accounts (cards) and their payment details (add money): they are
  // drawn with the accounts, at once, instead of growing and pushing them down as each answer
  // arrives (issue 13: the layout shifted by about 0.15 after sign-in).
  const isOverviewPending =
    access.isPending || (showsAccounts && (accounts.isPending || instructions.isPending));

  const customer = customerInfo.data?.customer;
  const actions = access.isSuccess
    ? quickActions({
        accessList: access.data.accessList,
        permissions: access.data.permissions,
        hasPaymentDetails: accountsWithDetails.length > 0,
        hasCards: cards.length > 0,
        canApplyForCard: !!customer && customer.verified && !customer.limited,
      })
    : [];

  /** Opening the details is viewing them: each unviewed instruction of the account is marked viewed. */
  const openDetails = (accountId: number) => {
    setDetailsFor(accountId);
    for (const item of instructions.data ?? []) {
      if (item.accountId === accountId && !item.viewed) markViewed.mutate(item.id);
    }
  };

  const rowActions: AccountRowActions = {
    instructions: instructionState,
    onPaymentDetails: openDetails,
    onConfirmationLetter: (accountId) => letter.mutate(accountId),
    letterPendingFor: letter.isPending ? letter.variables : undefined,
  };

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <LiveAccounts enabled={showsAccounts} />
      <Stack gap="lg">
        <Greeting />
        <StatusBanner />

        {access.isError && (
          <LoadFailed
            title={t('home.accessLoadFailed')}
            error={access.error}
            onRetry={() => void access.refetch()}
            retrying={access.isFetching}
          />
        )}

        {access.isSuccess && !showsAccounts && (
          <Alert
            color="gray"
            variant="light"
            icon={<AlertIcon />}
            title={t('home.noBalanceAccessTitle')}
          >
            {t('home.noBalanceAccessText')}
          </Alert>
        )}

        {isOverviewPending && <OverviewSkeleton />}

        {!isOverviewPending && showsAccounts && (
          <div className={classes.layout}>
            <div className={classes.column}>
              <TotalBalanceCard>
                <HomeActions
                  actions={actions}
                  handlers={{
                    onAddMoney: () => {
                      const first = accountsWithDetails[0];
                      if (first) openDetails(first.accountId);
                    },
                    onAddCurrency: () => setOpening('currency'),
                    onCreateWallet: () => setOpening('wallet'),
                  }}
                />
              </TotalBalanceCard>
              {accounts.isSuccess && (
                <AddMoneyHint
                  accounts={list}
                  instructions={instructions.data ?? []}
                  onShowDetails={openDetails}
                />
              )}
              <Paper
                withBorder
                radius="lg"
                className={classes.section}
                component="section"
                aria-labelledby="accounts-title"
              >
                <Stack gap="lg">
                  <Title order={2} fz="lg" id="accounts-title">
                    {t('home.accounts.title')}
                  </Title>
                  {opened && (
                    <Alert
                      color="green"
                      variant="light"
                      icon={<CheckCircleIcon />}
                      role="status"
                      withCloseButton
                      closeButtonLabel={t('home.dialogClose')}
                      onClose={() => setOpened(undefined)}
                    >
                      {t('home.openAccount.opened', { name: accountName(opened) })}
                    </Alert>
                  )}
                  {accounts.isError && (
                    <LoadFailed
                      title={t('home.accounts.loadFailed')}
                      error={accounts.error}
                      onRetry={() => void accounts.refetch()}
                      retrying={accounts.isFetching}
                    />
                  )}
                  {accounts.isSuccess && list.length === 0 && (
                    <Stack gap={4}>
                      <Text fw={600}>{t('home.accounts.emptyTitle')}</Text>
                      <Text size="sm" c="dimmed">
                        {actions.includes('addCurrency')
                          ? t('home.accounts.emptyText')
                          : t('home.accounts.emptyTextReadOnly')}
                      </Text>
                    </Stack>
                  )}
                  {accounts.isSuccess &&
                    groups.map((group) => (
                      <AccountGroup
                        key={group.key}
                        groupKey={group.key}
                        accounts={group.accounts}
                        defaultAccountId={defaultAccountId}
                        actions={rowActions}
                      />
                    ))}
                  {accounts.isSuccess && list.length > 0 && (
                    <CardsSummary
                      cards={cards}
                      defaultAccountId={defaultAccountId}
                      canApply={actions.includes('applyForCard')}
                    />
                  )}
                </Stack>
              </Paper>
            </div>
            <div className={classes.column}>
              {recentAccount && <RecentTransactions account={recentAccount} />}
              <SpendingChart />
              <ExchangeRatesPanel
                currencies={[...new Set(list.map((item) => item.currencyCode))]}
              />
            </div>
          </div>
        )}
      </Stack>

      <PaymentDetailsDialog
        accountId={detailsFor}
        accounts={accountsWithDetails}
        onSelect={openDetails}
        onClose={() => setDetailsFor(undefined)}
      />
      <OpenAccountDialog
        kind={opening}
        accounts={list}
        isAccountsLoading={accounts.isLoading}
        onClose={() => setOpening(undefined)}
        onOpened={(account) => {
          setOpening(undefined);
          setOpened(account);
        }}
      />
      <ErrorPopup error={letter.error} onClose={() => letter.reset()} />
    </Container>
  );
}
