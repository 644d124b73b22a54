import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { Announcement } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';

/** Whether an announcement waits for the customer's answer, or what they answered. */
export function AnnouncementStatus({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  if (!announcement.requiresConfirmation) return null;
  if (announcement.choice === 'accept')
    return (
      <Badge variant="default" radius="sm">
        {t('news.accepted')}
      </Badge>
    );
  if (announcement.choice === 'decline')
    return (
      <Badge variant="default" radius="sm">
        {t('news.declined')}
      </Badge>
    );
  return (
    <Badge color="brand" variant="filled" radius="sm">
      {t('news.awaitingAnswer')}
    </Badge>
  );
}
