import { Alert, Button, Container, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isBusinessCustomerType } from '@ledgerline/domain/constants';
import { customerInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { useBrand } from '@/brands';
import { InfoIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';

const PERSONAL_ITEMS = ['identity', 'address', 'selfie'] as const;
const BUSINESS_ITEMS = ['registration', 'businessAddress', 'people', 'activity'] as const;

/**
 * /kyc (spec 1 §2): a customer who needs identity verification is kept here. Until online
 * verification arrives (a later issue) the page says plainly what is needed and how to send it;
 * business users get the business list.
 */
export function KycPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const client = useApiClient();
  const { customerId } = useSessionState();
  const info = useQuery(customerInfoQueryOptions(client, customerId));
  useDocumentTitle(t('kyc.pageTitle'));
  const isBusiness = info.isSuccess && isBusinessCustomerType(info.data.customer.customerType);
  const variant = isBusiness ? 'business' : 'personal';
  const items = isBusiness ? BUSINESS_ITEMS : PERSONAL_ITEMS;
  const email = brand.supports.defaultEmail;

  return (
    <Container size="sm" py="xl" w="100%">
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        {info.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Text role="status" size="sm" c="dimmed">
              {t('app.loading')}
            </Text>
            <Skeleton height={28} width="60%" />
            <Skeleton height={80} />
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t(`kyc.${variant}.title`)}
            </Title>
            <Text>{t(`kyc.${variant}.intro`, { brand: brand.projectName })}</Text>
            <Title order={2} fz="lg">
              {t('kyc.needTitle')}
            </Title>
            <List spacing="xs">
              {items.map((item) => (
                <List.Item key={item}>{t(`kyc.${variant}.items.${item}`)}</List.Item>
              ))}
            </List>
            <Alert color="brand" variant="light" icon={<InfoIcon />} title={t('kyc.howTitle')}>
              {t('kyc.howBody', { email })}
            </Alert>
            <Button component="a" href={`mailto:${email}`} variant="default" w="fit-content">
              {t('kyc.writeToSupport')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
