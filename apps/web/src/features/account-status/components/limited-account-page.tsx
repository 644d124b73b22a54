import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { accountStatusBanner } from '@ledgerline/domain/verification';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { CheckCircleIcon, InfoIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAccountStatus } from '../api/get-status';
import { LimitReasonList, RequiredActionList } from './reason-list';
import { StatusPageFrame } from './status-page-frame';

/** /limited-account (spec 2 §2): why the account is limited, what that means, and what to do. */
export function LimitedAccountPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { customer, verification } = useAccountStatus();
  useDocumentTitle(t('accountStatus.limited.pageTitle'));

  const failed = customer.isError ? customer.error : verification.error;
  const state =
    customer.isError || verification.isError
      ? 'error'
      : customer.isSuccess && verification.isSuccess
        ? 'success'
        : 'pending';
  const banner = verification.data ? accountStatusBanner(verification.data) : undefined;
  const limited = verification.data?.limited ?? customer.data?.customer.limited ?? false;
  const uploaded = verification.data?.limitDocumentsUploaded ?? false;

  return (
    <StatusPageFrame
      state={state}
      error={failed}
      onRetry={() => {
        void customer.refetch();
        void verification.refetch();
      }}
      retrying={customer.isFetching || verification.isFetching}
    >
      {!limited ? (
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('accountStatus.limited.notLimitedTitle')}
          </Title>
          <Alert color="green" variant="light" icon={<CheckCircleIcon />}>
            {t('accountStatus.limited.notLimitedText')}
          </Alert>
          <Button component={Link} to="/home" w="fit-content">
            {t('accountStatus.backHome')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('accountStatus.limited.title')}
            </Title>
            <Text>{t('accountStatus.limited.intro', { brand: brand.projectName })}</Text>
          </Stack>
          {uploaded && (
            <Alert
              color="brand"
              variant="light"
              icon={<InfoIcon />}
              title={t('accountStatus.limited.uploadedTitle')}
            >
              {t('accountStatus.limited.uploadedText')}
            </Alert>
          )}
          {banner && <LimitReasonList reasons={banner.limitReasons} />}
          <Stack gap="xs" component="section" aria-labelledby="limited-meaning">
            <Title order={2} fz="md" id="limited-meaning">
              {t('accountStatus.limited.meaningTitle')}
            </Title>
            <Text size="sm">{t('accountStatus.limited.meaningText')}</Text>
          </Stack>
          {banner && <RequiredActionList actions={banner.requiredActions} />}
          <Group gap="sm">
            {/* Expired documents are cleared by the customer: upload the renewed one on /kyc. */}
            {banner?.limitReasons.includes('expiredDocuments') && !uploaded && (
              <Button component={Link} to="/kyc?item=renewedDocuments">
                {t('accountStatus.limited.uploadRenewed')}
              </Button>
            )}
            {uploaded && (
              <Button component={Link} to="/kyc" variant="default">
                {t('accountStatus.limited.seeDocuments')}
              </Button>
            )}
          </Group>
          {/* The other reasons only the bank can clear: then, and only then, the way to reach it. */}
          {banner?.limitReasons.some((reason) => reason !== 'expiredDocuments') && (
            <Text size="xs" c="dimmed">
              {t('accountStatus.supportHint', { email: brand.supports.defaultEmail })}
            </Text>
          )}
        </Stack>
      )}
    </StatusPageFrame>
  );
}
