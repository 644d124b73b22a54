import { Alert, Button, Container, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { START_PATHS } from '@ledgerline/domain/start-page';
import { customerInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { useBrand } from '@/brands';
import { InfoIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';

const ITEMS = ['residence', 'tin', 'usStatus', 'controllingPersons'] as const;

/**
 * /self-certification-business-splash (spec 1 §4 "After the access info loads", rule 5): a company
 * with no validated or pending tax-residency self-certification (FATCA/CRS) is reminded here after
 * each sign-in. Until the online form arrives with its issue, the page says what is needed and how
 * to send it, and lets the user go on to online banking: a splash reminds, it does not lock out.
 */
export function SelfCertificationSplashPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const client = useApiClient();
  const { customerId } = useSessionState();
  const info = useQuery(customerInfoQueryOptions(client, customerId));
  useDocumentTitle(t('selfCertificationSplash.pageTitle'));
  const email = brand.supports.defaultEmail;
  const company = info.data?.customer.businessName ?? t('selfCertificationSplash.yourCompany');

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
              {t('selfCertificationSplash.title')}
            </Title>
            <Text>{t('selfCertificationSplash.intro', { brand: brand.projectName, company })}</Text>
            <Title order={2} fz="lg">
              {t('selfCertificationSplash.needTitle')}
            </Title>
            <List spacing="xs">
              {ITEMS.map((item) => (
                <List.Item key={item}>{t(`selfCertificationSplash.items.${item}`)}</List.Item>
              ))}
            </List>
            <Alert color="brand" variant="light" icon={<InfoIcon />} title={t('selfCertificationSplash.howTitle')}>
              {t('selfCertificationSplash.howBody', { email })}
            </Alert>
            <Group gap="sm">
              <Button component={Link} to={START_PATHS.home}>
                {t('selfCertificationSplash.continue')}
              </Button>
              <Button component="a" href={`mailto:${email}`} variant="default">
                {t('selfCertificationSplash.writeToSupport')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
