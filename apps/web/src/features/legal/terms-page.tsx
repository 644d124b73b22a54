import { Anchor, Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BrandTerm } from '@ledgerline/domain/brands';
import type { Language } from '@ledgerline/domain/languages';
import { useIsAuthenticated } from '@/app/session';
import { useBrand } from '@/brands';
import { intlLocale, useLanguage } from '@/i18n';
import { useDocumentTitle } from '@/ui/use-document-title';
import classes from './terms-page.module.css';

function formatVersionDate(isoDate: string, language: Language): string {
  // Noon UTC keeps the calendar date in every time zone.
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

function TermCard({ term }: { term: BrandTerm }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { language } = useLanguage();
  const titleId = `term-${term.key}`;
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} id={titleId} fz="lg">
          {t(`legal.${term.key}.title`)}
        </Title>
        <Badge variant="light" color="gray" radius="sm" className={classes.version}>
          {term.versionDate
            ? t('legal.version', { date: formatVersionDate(term.versionDate, language) })
            : t('legal.currentVersion')}
        </Badge>
        <Text>
          {t(`legal.${term.key}.summary`, {
            brand: brand.projectName,
            entity: brand.accountConfirmation.name,
          })}
        </Text>
        <Anchor href={term.url} target="_blank" rel="noopener noreferrer" fw={500}>
          {t('legal.readFull')}
          <span className={classes.srOnly}> — {t(`legal.${term.key}.title`)}</span>
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** /terms: the brand's legal terms, linked from every footer (spec 1 §2 "static legal terms page"). */
export function TermsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const isAuthenticated = useIsAuthenticated();
  useDocumentTitle(t('legal.pageTitle'));
  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('legal.title')}</Title>
          <Text c="dimmed">
            {t('legal.intro', { brand: brand.projectName, entity: brand.accountConfirmation.name })}
          </Text>
        </Stack>
        {brand.terms.map((term) => (
          <TermCard key={term.id} term={term} />
        ))}
        {/* A signed-in customer reads the terms inside online banking, not on the way to sign in. */}
        {isAuthenticated ? (
          <Anchor component={Link} to="/home">
            {t('legal.backToHome')}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/login">
            {t('legal.backToSignIn')}
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}
