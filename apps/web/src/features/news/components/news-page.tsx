import {
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
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { LoadFailed } from '@/ui/load-failed';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAnnouncements } from '../api/get-announcements';
import { AnnouncementStatus } from './announcement-status';
import { formatNewsDate, paragraphs } from './news-date';
import classes from './news.module.css';

/** /news: the announcements of the bank, unread ones marked (spec 2 §7 "Announcements"). */
export function NewsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const announcements = useAnnouncements();
  useDocumentTitle(t('news.pageTitle'));
  const unread = announcements.data?.filter((item) => !item.isRead).length ?? 0;

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('news.title')}
          </Title>
          {announcements.isSuccess && announcements.data.length > 0 && (
            <Text c="dimmed" size="sm">
              {unread > 0 ? t('news.unreadCount', { count: unread }) : t('news.allRead')}
            </Text>
          )}
        </Stack>

        {announcements.isPending && (
          <Paper withBorder radius="lg" p="lg" aria-busy="true">
            <VisuallyHidden role="status">{t('news.loading')}</VisuallyHidden>
            <Stack gap="lg">
              {[0, 1, 2].map((row) => (
                <Stack gap={6} key={row}>
                  <Skeleton height={18} width="55%" radius="sm" />
                  <Skeleton height={12} width="25%" radius="sm" />
                  <Skeleton height={12} width="90%" radius="sm" />
                </Stack>
              ))}
            </Stack>
          </Paper>
        )}

        {announcements.isError && (
          <LoadFailed
            title={t('news.loadFailed')}
            error={announcements.error}
            onRetry={() => void announcements.refetch()}
            retrying={announcements.isFetching}
          />
        )}

        {announcements.isSuccess && announcements.data.length === 0 && (
          <Paper withBorder radius="lg" p="xl">
            <Text fw={600}>{t('news.emptyTitle')}</Text>
            <Text c="dimmed" size="sm" mt={4}>
              {t('news.emptyText')}
            </Text>
          </Paper>
        )}

        {announcements.isSuccess && announcements.data.length > 0 && (
          <Paper withBorder radius="lg" p={4}>
            <ul className={classes.list} aria-label={t('news.listLabel')}>
              {announcements.data.map((item) => (
                <li key={item.id} className={classes.item}>
                  <Link to={`/news/${item.id}`} className={classes.link}>
                    <span
                      className={`${classes.dot} ${item.isRead ? classes.dotRead : ''}`}
                      aria-hidden="true"
                    />
                    <span className={classes.itemBody}>
                      <Group gap="xs" wrap="wrap" justify="space-between" align="baseline">
                        <Text component="span" fw={item.isRead ? 500 : 700}>
                          {!item.isRead && <VisuallyHidden>{t('news.unread')}: </VisuallyHidden>}
                          {item.title}
                        </Text>
                        <AnnouncementStatus announcement={item} />
                      </Group>
                      <Text component="span" display="block" size="xs" c="dimmed" mt={2}>
                        {formatNewsDate(item.publishedAt, language)}
                      </Text>
                      <Text
                        component="span"
                        display="block"
                        size="sm"
                        c="dimmed"
                        mt={4}
                        className={classes.excerpt}
                      >
                        {paragraphs(item.body)[0] ?? ''}
                      </Text>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
