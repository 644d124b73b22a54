import { Alert, Container, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '@/ui/icons';

/**
 * The page a customer is sent to when something must be provided before (or besides) online
 * banking, until that thing can be done online: what is asked and why, the list of what is
 * needed, how to send it, and the page's actions. /kyc and the self-certification splash use it.
 */
export function RequirementsNotice(props: {
  loading: boolean;
  title: string;
  intro: string;
  needTitle: string;
  items: string[];
  howTitle: string;
  howBody: string;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" w="100%">
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        {props.loading ? (
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
              {props.title}
            </Title>
            <Text>{props.intro}</Text>
            <Title order={2} fz="lg">
              {props.needTitle}
            </Title>
            <List spacing="xs">
              {props.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Alert color="brand" variant="light" icon={<InfoIcon />} title={props.howTitle}>
              {props.howBody}
            </Alert>
            {props.actions}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
