import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useProfile } from '../api/get-profile';
import {
  DetailsSection,
  PersonalAccountSection,
  TaxNumberSection,
  UsernameSection,
} from './account-sections';
import { AddressesSection } from './addresses-section';
import { EmailsSection } from './emails-section';
import { PhonesSection } from './phones-section';
import { ProfileTabs } from './profile-tabs';
import { SectionCard } from './section-card';
import classes from './profile.module.css';

function SectionSkeleton({ rows }: { rows: number }) {
  return (
    <Paper withBorder radius="lg" className={classes.section}>
      <Stack gap="md">
        <Skeleton height={20} width="40%" radius="sm" />
        {Array.from({ length: rows }, (_, row) => (
          <Stack gap={6} key={row}>
            <Skeleton height={16} width="65%" radius="sm" />
            <Skeleton height={12} width="35%" radius="sm" />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">{t('profile.loading')}</VisuallyHidden>
      <SectionSkeleton rows={2} />
      <div className={classes.layout}>
        <div className={classes.column}>
          <SectionSkeleton rows={2} />
          <SectionSkeleton rows={1} />
        </div>
        <div className={classes.column}>
          <SectionSkeleton rows={1} />
          <SectionSkeleton rows={1} />
        </div>
      </div>
    </Stack>
  );
}

/**
 * /profile: the customer's details and contact data (spec 2 §2 "/profile", §3 "Identity, address
 * and documents", §7 "contact data and addresses", "Announcements and profile").
 */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.pageTitle'));
  const profile = useProfile();
  // Once offered, the personal-account section stays until the page is left, to show its result
  // (after creating one the server no longer offers it).
  const [offeredPersonal, setOfferedPersonal] = useState(false);
  if (profile.data?.canCreatePersonalAccount && !offeredPersonal) setOfferedPersonal(true);

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('profile.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('profile.intro')}
          </Text>
        </Stack>
        <ProfileTabs />

        {profile.isPending && <ProfileSkeleton />}
        {profile.isError && (
          <Alert color="red" variant="light" title={t('profile.loadFailed')} icon={<AlertIcon />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{translateErrorMessage(t, profile.error)}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void profile.refetch()}
                loading={profile.isFetching}
              >
                {t('profile.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {profile.isSuccess && (
          <>
            <DetailsSection customer={profile.data.customer} />
            <div className={classes.layout}>
              <div className={classes.column}>
                <EmailsSection emails={profile.data.emails} />
                <PhonesSection
                  phones={profile.data.phones}
                  residenceCountryCode={profile.data.customer.residenceCountryCode}
                />
                <AddressesSection
                  addresses={profile.data.addresses}
                  residenceCountryCode={profile.data.customer.residenceCountryCode}
                />
              </div>
              <div className={classes.column}>
                <UsernameSection
                  login={profile.data.customer.login}
                  requests={profile.data.usernameChangeRequests}
                />
                <TaxNumberSection taxId={profile.data.customer.taxId} />
                {(profile.data.canCreatePersonalAccount || offeredPersonal) && (
                  <PersonalAccountSection />
                )}
                <SectionCard
                  id="legal"
                  title={t('profile.legal.title')}
                  description={t('profile.legal.description')}
                >
                  <Anchor component={Link} to="/legal" fw={600} size="sm">
                    {t('profile.legal.link')}
                  </Anchor>
                </SectionCard>
              </div>
            </div>
          </>
        )}
      </Stack>
    </Container>
  );
}
