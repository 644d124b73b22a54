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
import { useTranslation } from 'react-i18next';
import type { LegalInfoItem } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain/languages';
import { intlLocale, translateErrorMessage, useLanguage } from '@/i18n';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDownloadAgreement } from '../api/download-agreement';
import { useLegalInfo } from '../api/get-legal-info';
import classes from './legal-info.module.css';

function formatVersionDate(isoDate: string, language: Language): string {
  // Noon UTC keeps the calendar date in every time zone.
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

function formatMoment(timestamp: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(timestamp));
}

function LegalItem({
  item,
  downloading,
  onDownload,
}: {
  item: LegalInfoItem;
  downloading: boolean;
  onDownload: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  // The document's name in the page's language where the client knows it, else the server's.
  const titleKey = `legal.${item.key}.title`;
  const title = i18n.exists(titleKey) ? t(titleKey) : item.title;
  const titleId = `legal-item-${item.id}`;
  return (
    <li>
      <Paper
        withBorder
        radius="lg"
        className={classes.item}
        component="article"
        aria-labelledby={titleId}
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          <dl className={classes.facts}>
            <div>
              <dt>{t('legalInfo.version')}</dt>
              <dd>
                {item.versionDate
                  ? formatVersionDate(item.versionDate, language)
                  : t('legalInfo.currentVersion')}
              </dd>
            </div>
            <div>
              <dt>{t('legalInfo.acceptance')}</dt>
              <dd>
                {item.acceptedAt ? (
                  <span className={classes.accepted}>
                    <CheckCircleIcon size={16} />
                    {t('legalInfo.acceptedOn', { date: formatMoment(item.acceptedAt, language) })}
                  </span>
                ) : (
                  <span className={classes.notAccepted}>
                    <AlertIcon size={16} />
                    {t('legalInfo.notAccepted')}
                  </span>
                )}
              </dd>
            </div>
          </dl>
          <Group gap="sm" wrap="wrap">
            <Button variant="light" loading={downloading} onClick={onDownload}>
              {t('legalInfo.download')}
              <VisuallyHidden> — {title}</VisuallyHidden>
            </Button>
            <Anchor href={item.url} target="_blank" rel="noopener noreferrer" fw={500} size="sm">
              {t('legalInfo.readOnline')}
              <VisuallyHidden>
                {' '}
                — {title} ({t('legalInfo.newTab')})
              </VisuallyHidden>
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </li>
  );
}

/**
 * /legal: the legal documents of the brand in their current versions, when the customer accepted
 * each, and the signed agreement as a PDF (spec 2 §2 "/legal", §7 "Legal info", "Agreement download").
 */
export function LegalInfoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('legalInfo.pageTitle'));
  const legal = useLegalInfo();
  const download = useDownloadAgreement();

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg" maw={760}>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('legalInfo.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('legalInfo.intro')}
          </Text>
        </Stack>

        {legal.isPending && (
          <Stack gap="md" aria-busy="true">
            <VisuallyHidden role="status">{t('legalInfo.loading')}</VisuallyHidden>
            {[0, 1].map((row) => (
              <Paper withBorder radius="lg" className={classes.item} key={row}>
                <Stack gap="sm">
                  <Skeleton height={20} width="45%" radius="sm" />
                  <Skeleton height={14} width="70%" radius="sm" />
                  <Skeleton height={32} width={220} radius="sm" />
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {legal.isError && (
          <Alert color="red" variant="light" title={t('legalInfo.loadFailed')} icon={<AlertIcon />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{translateErrorMessage(t, legal.error)}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void legal.refetch()}
                loading={legal.isFetching}
              >
                {t('legalInfo.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {legal.isSuccess && legal.data.length === 0 && (
          <Paper withBorder radius="lg" p="xl">
            <Text fw={600}>{t('legalInfo.emptyTitle')}</Text>
            <Text c="dimmed" size="sm" mt={4}>
              {t('legalInfo.emptyText')}
            </Text>
          </Paper>
        )}
        {legal.isSuccess && legal.data.length > 0 && (
          <ul className={classes.list} aria-label={t('legalInfo.listLabel')}>
            {legal.data.map((item) => (
              <LegalItem
                key={item.id}
                item={item}
                downloading={download.isPending && download.variables === item.id}
                onDownload={() => download.mutate(item.id)}
              />
            ))}
          </ul>
        )}
      </Stack>
      <ErrorPopup error={download.error} onClose={() => download.reset()} />
    </Container>
  );
}
