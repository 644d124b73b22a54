import { Alert, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import type { FundingInvoice } from '@ledgerline/contract';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accessInfoQueryOptions,
  accountsQueryOptions,
  useApiClient,
  useSessionState,
} from '@/app/session';
import { AlertIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { PageFrame } from '@/ui/page-frame';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useFundingInvoices } from '../api/funding-invoices';
import { FundingForm } from './funding-form';
import { FundingInstructionsCard } from './funding-instructions';
import { FundingList } from './funding-list';

/** The flag of spec 2 §6 "Funding: digital". */
const FUNDING_FLAG = 'funding.digital';
const FUNDABLE_TYPES: readonly number[] = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.prepaidFunding];

/**
 * /add-money (issue 16): add money by bank transfer. The customer chooses an account and an
 * amount, gets a funding invoice with the bank's details and a reference of its own (on screen,
 * to copy, and as a PDF), and sees their funding invoices turn paid when the money lands.
 */
export function FundingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('funding.pageTitle'));
  const client = useApiClient();
  const { customerId } = useSessionState();
  const access = useQuery(accessInfoQueryOptions(client, customerId));
  const accounts = useQuery(accountsQueryOptions(client, customerId));
  const [page, setPage] = useState(1);
  const [shownId, setShownId] = useState<number | undefined>(undefined);
  const [created, setCreated] = useState<FundingInvoice | undefined>(undefined);
  // The list is the source of truth for the shown invoice: it turns paid there when money lands.
  const list = useFundingInvoices(page);
  const shown =
    list.data?.invoices.find((invoice) => invoice.id === shownId) ??
    (created?.id === shownId ? created : undefined);

  const fundable = (accounts.data ?? []).filter(
    (account) =>
      FUNDABLE_TYPES.includes(account.type) && account.accountStatusId === ACCOUNT_STATUS.active,
  );
  const allowed = access.data?.permissions[FUNDING_FLAG] === true;

  let form;
  if (access.isPending || accounts.isPending) {
    form = (
      <Stack gap="xs" aria-busy="true">
        <VisuallyHidden role="status">{t('funding.loading')}</VisuallyHidden>
        <Skeleton height={180} radius="lg" />
      </Stack>
    );
  } else if (accounts.isError) {
    form = (
      <LoadFailed
        title={t('funding.accountsFailed')}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isFetching}
      />
    );
  } else if (!allowed) {
    form = (
      <Alert
        color="orange"
        variant="light"
        icon={<AlertIcon />}
        title={t('funding.notAllowedTitle')}
      >
        {t('funding.notAllowed')}
      </Alert>
    );
  } else if (fundable.length === 0) {
    form = (
      <Text size="sm" c="dimmed">
        {t('funding.noAccounts')}
      </Text>
    );
  } else {
    form = (
      <FundingForm
        accounts={fundable}
        onCreated={(invoice) => {
          setCreated(invoice);
          setShownId(invoice.id);
          setPage(1);
        }}
      />
    );
  }

  return (
    <PageFrame title={t('funding.title')} intro={t('funding.intro')}>
      {form}
      {shown && <FundingInstructionsCard invoice={shown} />}
      <FundingList
        page={page}
        onPage={setPage}
        onShow={(invoice) => setShownId(invoice.id)}
        shownId={shownId}
      />
    </PageFrame>
  );
}
