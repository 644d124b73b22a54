import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/ui/use-document-title';

/** Any path the router does not know (spec 1 §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.pageTitle'));
  return (
    <Container size="sm" py={64} w="100%">
      <Stack gap="md" align="center" ta="center">
        <Text fw={600} c="dimmed" tt="uppercase" size="sm">
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" maw={420}>
          {t('notFound.body')}
        </Text>
        <Button component={Link} to="/" mt="sm">
          {t('notFound.action')}
        </Button>
      </Stack>
    </Container>
  );
}
