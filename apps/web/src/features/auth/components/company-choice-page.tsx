import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccessibleCustomer } from '@ledgerline/contract';
import {
  accessInfoQueryOptions,
  sessionKeys,
  useApiClient,
  useSessionState,
  useSessionStore,
} from '@/app/session';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import classes from './company-choice.module.css';

/**
 * The company choice (spec 1 §4 rule 4): a business user with related accounts picks the customer
 * to act for. The choice becomes the session's Customer-Id and the start page decides again.
 */
export function CompanyChoicePage() {
  const { t } = useTranslation();
  const client = useApiClient();
  const session = useSessionStore();
  const { customerId } = useSessionState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number | undefined>();
  const access = useQuery(accessInfoQueryOptions(client, customerId));
  useDocumentTitle(t('company.pageTitle'));

  const choose = (company: AccessibleCustomer) => {
    setChosen(company.id);
    // Nothing cached for the previous customer may show for this one.
    queryClient.removeQueries({ queryKey: sessionKeys.all });
    session.setCustomerId(company.id);
    void navigate('/start', { replace: true });
  };

  const companies = access.data?.accessibleCustomers ?? [];
  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('company.title')}</Title>
          <Text c="dimmed">{t('company.intro')}</Text>
        </Stack>
        {access.isPending && (
          <Stack gap="sm" aria-busy="true">
            <Text role="status" size="sm" c="dimmed">
              {t('company.loading')}
            </Text>
            <Skeleton height={72} radius="md" />
            <Skeleton height={72} radius="md" />
          </Stack>
        )}
        {access.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={t('company.loadFailedTitle')}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{translateErrorMessage(t, access.error)}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void access.refetch()}
                loading={access.isFetching}
              >
                {t('home.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {access.isSuccess && companies.length === 0 && (
          <Alert color="gray" variant="light" title={t('company.emptyTitle')}>
            {t('company.emptyBody')}
          </Alert>
        )}
        {companies.length > 0 && (
          <Stack
            gap="sm"
            component="ul"
            className={classes.list}
            aria-label={t('company.listLabel')}
          >
            {companies.map((company) => (
              <li key={company.id}>
                <UnstyledButton
                  className={classes.choice}
                  onClick={() => choose(company)}
                  disabled={chosen !== undefined}
                  aria-busy={chosen === company.id}
                >
                  <Paper withBorder radius="md" p="md" className={classes.card}>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={2} className={classes.text}>
                        <Text fw={600} className={classes.name}>
                          {company.name || company.username}
                        </Text>
                        <Text size="sm" c="dimmed" className={classes.name}>
                          {company.username}
                        </Text>
                      </Stack>
                      <Stack gap={4} align="flex-end">
                        {company.isOwn && (
                          <Badge variant="light" radius="sm">
                            {t('company.own')}
                          </Badge>
                        )}
                        <Text size="sm" c="dimmed" ta="end">
                          {t(`company.access.${company.accessRights}`)}
                        </Text>
                      </Stack>
                    </Group>
                  </Paper>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
