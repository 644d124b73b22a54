import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { accountStatusBanner } from '@ledgerline/domain/verification';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAccountStatus } from '../api/get-status';
import { RequiredActionList } from './reason-list';
import { StatusPageFrame } from './status-page-frame';

/**
 * /unverified-account (spec 2 §2): what an unverified account cannot do yet and how to finish
 * verification. A verified customer has nothing to do here and is sent home.
 */
export function UnverifiedAccountPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { customer, verification } = useAccountStatus();
  useDocumentTitle(t('accountStatus.unverified.pageTitle'));
  if (customer.data?.customer.verified) return <Navigate to="/home" replace />;

  const failed = customer.isError ? customer.error : verification.error;
  const state =
    customer.isError || verification.isError
      ? 'error'
      : customer.isSuccess && verification.isSuccess
        ? 'success'
        : 'pending';
  const banner = verification.data ? accountStatusBanner(verification.data) : undefined;
  // Documents sent and waiting for compliance, or an identity run under way: nothing left to upload.
  const waiting =
    banner?.state === 'processing' ||
    banner?.state === 'verificationProcessing' ||
    banner?.state === 'finalReview';

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
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('accountStatus.unverified.title')}
          </Title>
          <Text>
            {t(
              waiting ? 'accountStatus.unverified.waitingIntro' : 'accountStatus.unverified.intro',
              { brand: brand.projectName },
            )}
          </Text>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="unverified-limits">
          <Title order={2} fz="md" id="unverified-limits">
            {t('accountStatus.unverified.limitsTitle')}
          </Title>
          <Text size="sm">{t('accountStatus.unverified.limitsText')}</Text>
        </Stack>
        {!waiting && (
          <Stack gap="xs" component="section" aria-labelledby="unverified-steps">
            <Title order={2} fz="md" id="unverified-steps">
              {t('accountStatus.unverified.stepsTitle')}
            </Title>
            <Text size="sm">{t('accountStatus.unverified.stepsText')}</Text>
          </Stack>
        )}
        {banner && <RequiredActionList actions={banner.requiredActions} />}
        <Group gap="sm">
          {!waiting && (
            <Button component={Link} to="/kyc">
              {t('accountStatus.links.kyc')}
            </Button>
          )}
        </Group>
      </Stack>
    </StatusPageFrame>
  );
}
