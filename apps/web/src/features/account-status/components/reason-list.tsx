import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { LimitReason, RequiredAction } from '@ledgerline/domain/verification';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Where each required action is done: the /kyc item, or the profile section (issue 14). */
export const REQUIRED_ACTION_LINKS: Record<RequiredAction, string> = {
  taxForms: '/profile',
  address: '/profile',
  proofOfResidence: '/kyc?item=proofOfAddress',
  identity: '/kyc?item=identity',
  phone: '/profile',
  videoIdentity: '/kyc?item=identity',
};

/** The limit reasons, each with what it means and what the customer can do about it. */
export function LimitReasonList({ reasons }: { reasons: LimitReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="limit-reasons">
      <Title order={2} fz="md" id="limit-reasons">
        {t('accountStatus.limitReasonsTitle')}
      </Title>
      <List spacing="sm">
        {reasons.map((reason) => (
          <List.Item key={reason}>
            <Text fw={600} size="sm">
              {t(`accountStatus.limitReasons.${reason}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`accountStatus.limitReasonHelp.${reason}`)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The profile items waiting for the customer (spec 2 §4 required actions). */
export function RequiredActionList({ actions }: { actions: RequiredAction[] }) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="required-actions">
      <Title order={2} fz="md" id="required-actions">
        {t('accountStatus.requiredActionsTitle')} ({actions.length})
      </Title>
      <List spacing={4} size="sm">
        {actions.map((action) => (
          <List.Item key={action}>
            <Anchor component={Link} to={REQUIRED_ACTION_LINKS[action]} size="sm">
              {t(`accountStatus.requiredActions.${action}`)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
