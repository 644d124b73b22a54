import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtimeEvent } from '@/app/session';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useRefreshSecondFactor } from '../api/security-settings';
import { DevicesSection } from './devices-section';
import { IpWhitelistSection } from './ip-whitelist-section';
import { PasswordSection } from './password-section';

import { TwoStepSection } from './two-step-section';
import classes from './security.module.css';
import { PageFrame } from '@/ui/page-frame';

/** /setting (spec 2 §2): the customer's security centre. */
export function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('security.pageTitle'));
  return (
    <>
      <SecondFactorRefresher />
      <PageFrame title={t('security.title')} intro={t('security.intro')}>
        <nav aria-label={t('security.more.label')} className={classes.linkGrid}>
          <Link to="/login-history" className={classes.linkCard}>
            <Stack gap={2}>
              <Text fw={600}>{t('security.more.loginHistory')}</Text>
              <Text size="sm" c="dimmed">
                {t('security.more.loginHistoryText')}
              </Text>
            </Stack>
            <span aria-hidden="true">→</span>
          </Link>
          <Link to="/payout-blacklist" className={classes.linkCard}>
            <Stack gap={2}>
              <Text fw={600}>{t('security.more.payoutBlacklist')}</Text>
              <Text size="sm" c="dimmed">
                {t('security.more.payoutBlacklistText')}
              </Text>
            </Stack>
            <span aria-hidden="true">→</span>
          </Link>
        </nav>
        <TwoStepSection />
        <PasswordSection />
        <DevicesSection />
        <IpWhitelistSection />
      </PageFrame>
    </>
  );
}

/** Spec 2 §4 "Realtime events": TwoStepVerificationModeSet (and Confirmed) refresh the customer. */
function SecondFactorRefresher() {
  const refresh = useRefreshSecondFactor();
  useRealtimeEvent('TwoStepVerificationModeSet', () => void refresh());
  useRealtimeEvent('TwoStepVerificationConfirmed', () => void refresh());
  return null;
}
