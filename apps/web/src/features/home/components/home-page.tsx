import {
  Alert,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useCustomerInfo } from '../api/get-customer-info';
import { greetingName } from '../customer-name';

/** /home: a placeholder that proves the session works end to end; the accounts issue fills it. */
export function HomePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const customerInfo = useCustomerInfo();
  useDocumentTitle(t('home.pageTitle'));

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        {customerInfo.isPending && (
          <Stack gap="sm" aria-busy="true">
            <VisuallyHidden role="status">{t('home.loadingDetails')}</VisuallyHidden>
            <Skeleton height={30} width="45%" radius="sm" />
            <Skeleton height={16} width="30%" radius="sm" />
            <Skeleton height={16} width="80%" radius="sm" mt="sm" />
          </Stack>
        )}

        {customerInfo.isError && (
          <Alert color="red" variant="light" title={t('home.loadFailedTitle')} icon={<AlertIcon />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{translateErrorMessage(t, customerInfo.error)}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void customerInfo.refetch()}
                loading={customerInfo.isFetching}
              >
                {t('home.retry')}
              </Button>
            </Stack>
          </Alert>
        )}

        {customerInfo.isSuccess && (
          <Stack gap="xs">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('home.greeting', { name: greetingName(customerInfo.data.customer) })}
            </Title>
            <Text c="dimmed" size="sm">
              {t('home.signedInAs', { login: customerInfo.data.customer.login })}
            </Text>
            <Text mt="sm">{t('home.intro', { brand: brand.projectName })}</Text>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
