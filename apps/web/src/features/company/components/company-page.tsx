import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { BusinessInfo } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain/languages';
import { useLanguage } from '@/i18n';
import { StatusBadge } from '@/ui/status-badge';
import { COMPANY_SECTIONS, CompanyFrame, type CompanySection } from './company-frame';
import { formatDay } from './format';

function summary(
  info: BusinessInfo,
  section: CompanySection,
  language: Language,
  t: TFunction,
): string {
  switch (section) {
    case 'details':
      return [
        info.registrationNumber &&
          t('companyInfo.overview.registration', { number: info.registrationNumber }),
        info.registrationDate &&
          t('companyInfo.overview.since', { date: formatDay(info.registrationDate, language) }),
      ]
        .filter(Boolean)
        .join(' · ');
    case 'addresses':
      return info.addresses.length > 0
        ? info.addresses
            .map((address) => t(`companyInfo.sections.addresses.${address.type}`))
            .join(' · ')
        : t('companyInfo.overview.notGiven');
    case 'financial':
      return info.financialDetail
        ? t(`companyInfo.financial.annualTurnover.${info.financialDetail.annualTurnover}`)
        : t('companyInfo.overview.notGiven');
    case 'due-diligence':
      return info.dueDiligenceQuestionnaire
        ? t(`companyInfo.dueDiligence.industry.${info.dueDiligenceQuestionnaire.industry}`)
        : t('companyInfo.overview.notGiven');
  }
}

function isMissing(info: BusinessInfo, section: CompanySection): boolean {
  if (section === 'financial') return info.financialDetail === null;
  if (section === 'due-diligence') return info.dueDiligenceQuestionnaire === null;
  return false;
}

/** /company: the company's details in sections, each opening its own page (spec 1 §2 /company/{path}). */
export function CompanyPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <CompanyFrame pageTitle={t('companyInfo.tabs.overview')}>
      {(info) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {[...COMPANY_SECTIONS, 'emails' as const].map((section) => {
            const to = section === 'emails' ? '/company-emails' : `/company/${section}`;
            const title =
              section === 'emails'
                ? t('companyInfo.tabs.emails')
                : t(`companyInfo.sections.${section}.title`);
            return (
              <Paper
                key={section}
                withBorder
                radius="lg"
                p="lg"
                component="section"
                aria-labelledby={`company-${section}`}
              >
                <Stack gap={6} h="100%">
                  <Title order={2} fz="lg" id={`company-${section}`}>
                    {title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {section === 'emails'
                      ? t('companyInfo.overview.emails')
                      : summary(info, section, language, t)}
                  </Text>
                  {section !== 'emails' && isMissing(info, section) && (
                    <div>
                      <StatusBadge tone="orange">{t('companyInfo.overview.missing')}</StatusBadge>
                    </div>
                  )}
                  <Anchor component={Link} to={to} size="sm" mt="auto" fw={600}>
                    {t('companyInfo.overview.open', { section: title })}
                  </Anchor>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </CompanyFrame>
  );
}
