import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { START_PATHS } from '@ledgerline/domain/start-page';
import { customerInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { useBrand } from '@/brands';
import { useDocumentTitle } from '@/ui/use-document-title';
import { RequirementsNotice } from './requirements-notice';

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
    <RequirementsNotice
      loading={info.isPending}
      title={t('selfCertificationSplash.title')}
      intro={t('selfCertificationSplash.intro', { brand: brand.projectName, company })}
      needTitle={t('selfCertificationSplash.needTitle')}
      items={ITEMS.map((item) => t(`selfCertificationSplash.items.${item}`))}
      howTitle={t('selfCertificationSplash.howTitle')}
      howBody={t('selfCertificationSplash.howBody', { email })}
      actions={
        <Group gap="sm">
          <Button component={Link} to={START_PATHS.home}>
            {t('selfCertificationSplash.continue')}
          </Button>
          <Button component="a" href={`mailto:${email}`} variant="default">
            {t('selfCertificationSplash.writeToSupport')}
          </Button>
        </Group>
      }
    />
  );
}
