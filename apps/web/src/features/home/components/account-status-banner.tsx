import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type {
  AccountStatusBanner as Banner,
  VerificationState,
} from '@ledgerline/domain/verification';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon, InfoIcon } from '@/ui/icons';
import classes from './account-status-banner.module.css';

type Tone = 'danger' | 'warning' | 'info';

/** How loud each state is: a limit stops money, a missing document asks for action, the rest wait. */
const TONE: Record<Exclude<VerificationState, 'checked'>, Tone> = {
  limited: 'danger',
  unverified: 'warning',
  duplicateDocuments: 'warning',
  someCardDocumentRequired: 'warning',
  hasRequiredActions: 'warning',
  processing: 'info',
  verificationProcessing: 'info',
  finalReview: 'info',
  duplicateDocumentsUploaded: 'info',
};

/**
 * The account-status banner (spec 2 §3, §4): title, description, details, the required actions
 * (counted and named), the limit reasons and a link to where the customer acts. A checked customer
 * sees nothing.
 */
export function AccountStatusBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  if (banner.state === 'checked') return null;
  const tone = TONE[banner.state];
  const key = `accountStatus.states.${banner.state}`;
  const titleId = 'account-status-title';

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      radius="lg"
      className={`${classes.banner} ${classes[tone]}`}
      data-state={banner.state}
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        <span className={classes.icon}>
          {tone === 'info' ? <InfoIcon size={22} /> : <AlertIcon size={22} />}
        </span>
        <Stack gap={6} className={classes.body}>
          <Group gap="sm" align="center">
            <Title order={2} fz="md" id={titleId}>
              {t(`${key}.title`)}
            </Title>
            {banner.requiredActionCount > 0 && (
              <Badge color="red.9" variant="filled" radius="sm" data-testid="required-action-count">
                {t('accountStatus.requiredActionCount', { count: banner.requiredActionCount })}
              </Badge>
            )}
          </Group>
          <Text size="sm">{t(`${key}.description`)}</Text>
          <Text size="sm" c="dimmed">
            {t(`${key}.detail`)}
          </Text>
          {banner.limitReasons.length > 0 && (
            <div>
              <Text size="sm" fw={600} id="limit-reasons-title">
                {t('accountStatus.limitReasonsTitle')}
              </Text>
              <List size="sm" spacing={2} aria-labelledby="limit-reasons-title">
                {banner.limitReasons.map((reason) => (
                  <List.Item key={reason}>{t(`accountStatus.limitReasons.${reason}`)}</List.Item>
                ))}
              </List>
            </div>
          )}
          {banner.requiredActions.length > 0 && (
            <div>
              <Text size="sm" fw={600} id="required-actions-title">
                {t('accountStatus.requiredActionsTitle')}
              </Text>
              <List size="sm" spacing={2} aria-labelledby="required-actions-title">
                {banner.requiredActions.map((action) => (
                  <List.Item key={action}>{t(`accountStatus.requiredActions.${action}`)}</List.Item>
                ))}
              </List>
            </div>
          )}
          {banner.link && (
            <Anchor component={Link} to={banner.link} size="sm" fw={600}>
              {t(`accountStatus.links.${linkKey(banner.link)}`)}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function linkKey(link: NonNullable<Banner['link']>): string {
  switch (link) {
    case '/profile':
      return 'profile';
    case '/limited-account':
      return 'limited';
    case '/unverified-account':
      return 'unverified';
    case '/kyc':
      return 'kyc';
  }
}
