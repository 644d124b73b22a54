import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/ui/load-failed';
import { useTransferAccounts } from '../api/accounts';

/** A transfer form shows once the customer's accounts are there: a skeleton before, a retry if they fail. */
export function WithTransferAccounts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const accounts = useTransferAccounts();
  if (accounts.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <VisuallyHidden role="status">{t('transfers.loading')}</VisuallyHidden>
        <Skeleton height={360} radius="lg" />
      </Stack>
    );
  }
  if (accounts.isError) {
    return (
      <LoadFailed
        title={t('transfers.accountsLoadFailed')}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isFetching}
      />
    );
  }
  return children;
}
