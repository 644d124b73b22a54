import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@ledgerline/contract';
import { useLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAnnouncement } from '../api/get-announcement';
import { useAnswerAnnouncement } from '../api/answer-announcement';
import { AnnouncementStatus } from './announcement-status';
import { formatNewsDate, paragraphs } from './news-date';
import classes from './news.module.css';

/** Accept or decline, for an announcement that asks for it; afterwards, the choice made. */
export function AnnouncementAnswer({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const answer = useAnswerAnnouncement(announcement.id);
  if (!announcement.requiresConfirmation) return null;

  if (announcement.choice !== null) {
    return (
      <Alert
        color={announcement.choice === 'accept' ? 'green' : 'gray'}
        variant="light"
        icon={<CheckCircleIcon />}
        role="status"
        title={announcement.choice === 'accept' ? t('news.youAccepted') : t('news.youDeclined')}
      >
        {t('news.answerFinal')}
      </Alert>
    );
  }

  const pending = answer.isPending ? answer.variables : undefined;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="announcement-answer">
      <Stack gap="sm">
        <Text fw={600} id="announcement-answer">
          {t('news.answerPrompt')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('news.answerHint')}
        </Text>
        <Group gap="sm">
          <Button
            onClick={() => answer.mutate('accept')}
            loading={pending === 'accept'}
            disabled={answer.isPending}
          >
            {t('news.accept')}
          </Button>
          <Button
            variant="default"
            onClick={() => answer.mutate('decline')}
            loading={pending === 'decline'}
            disabled={answer.isPending}
          >
            {t('news.decline')}
          </Button>
        </Group>
      </Stack>
      <ErrorPopup error={answer.error} onClose={() => answer.reset()} />
    </Paper>
  );
}

/** /news/:id: one announcement; opening it marks it read. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const params = useParams();
  const id = Number(params.id);
  const announcement = useAnnouncement(id);
  useDocumentTitle(announcement.data?.title ?? t('news.pageTitle'));
  const notFound =
    !Number.isInteger(id) ||
    id <= 0 ||
    (isApiError(announcement.error) &&
      (announcement.error.status === 404 || announcement.error.responseCode === 'ENOA'));

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Anchor component={Link} to="/news" size="sm">
          ← {t('news.backToList')}
        </Anchor>

        {notFound && (
          <Alert color="gray" variant="light" title={t('news.notFoundTitle')} icon={<AlertIcon />}>
            {t('news.notFoundText')}
          </Alert>
        )}

        {!notFound && announcement.isPending && (
          <Stack gap="sm" aria-busy="true">
            <VisuallyHidden role="status">{t('news.loading')}</VisuallyHidden>
            <Skeleton height={30} width="60%" radius="sm" />
            <Skeleton height={14} width="20%" radius="sm" />
            <Skeleton height={14} width="95%" radius="sm" mt="md" />
            <Skeleton height={14} width="90%" radius="sm" />
          </Stack>
        )}

        {!notFound && announcement.isError && (
          <LoadFailed
            title={t('news.loadOneFailed')}
            error={announcement.error}
            onRetry={() => void announcement.refetch()}
            retrying={announcement.isFetching}
          />
        )}

        {announcement.isSuccess && (
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'lg', sm: 'xl' }}
            component="article"
            className={classes.article}
          >
            <Stack gap="md">
              <Stack gap={6}>
                <Title order={1} fz={{ base: 22, sm: 28 }}>
                  {announcement.data.title}
                </Title>
                <Group gap="sm">
                  <Text size="sm" c="dimmed">
                    {formatNewsDate(announcement.data.publishedAt, language)}
                  </Text>
                  <AnnouncementStatus announcement={announcement.data} />
                </Group>
              </Stack>
              {paragraphs(announcement.data.body).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
              <AnnouncementAnswer announcement={announcement.data} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
