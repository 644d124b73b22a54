import { Alert, Anchor, List, Text } from '@mantine/core';
import '@mantine/core/styles/List.css';
import type { MainRequest } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon } from '@/ui/icons';
import { useTransferDetails } from '../api/lookups';

/**
 * What stops this transfer until the customer fixes it (getTransferDetails: an address missing or
 * out of date, not the active one, details missing), each with where to fix it. Nothing is shown
 * while everything is in order.
 */
export function RequirementsNotice({ request }: { request: MainRequest<'getTransferDetails'> }) {
  const { t } = useTranslation();
  const details = useTransferDetails(request);
  const requirements = details.data?.hasRequirements ? details.data.details.requirements : [];
  if (requirements.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<AlertIcon />}
      title={t('externalTransfer.requirements.title')}
    >
      <Text size="sm" mb="xs">
        {t('externalTransfer.requirements.intro')}
      </Text>
      <List size="sm" spacing={4}>
        {requirements.map((requirement) => (
          <List.Item key={requirement.code}>
            {t(`externalTransfer.requirements.${requirement.code}`)}{' '}
            <Anchor component={Link} to={requirement.link} fw={600} inherit>
              {t('externalTransfer.requirements.fix', {
                place: t(`externalTransfer.requirements.places.${placeOf(requirement.link)}`),
              })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The screen a link leads to, by name: the profile (address, tax number, birthday) or else the profile too. */
function placeOf(link: string): 'profile' | 'profileUpdate' {
  return link.startsWith('/profile-update') ? 'profileUpdate' : 'profile';
}
