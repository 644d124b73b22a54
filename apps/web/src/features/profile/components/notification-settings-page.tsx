import {
  Alert,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_GROUPS,
  type NotificationGroup,
  type NotificationSetting,
} from '@ledgerline/contract';
import { translateErrorMessage } from '@/i18n';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useNotificationSettings, useSetNotificationSetting } from '../api/notification-settings';
import { ProfileTabs } from './profile-tabs';
import { SectionCard } from './section-card';
import classes from './profile.module.css';

/**
 * One switch, saved the moment it is flipped. While the call runs the switch shows the new value;
 * then a "Saved" line, or — when the save failed — the old value again with the reason.
 */
function SettingRow({ setting }: { setting: NotificationSetting }) {
  const { t } = useTranslation();
  const save = useSetNotificationSetting();
  const [savedValue, setSavedValue] = useState<boolean | undefined>();
  const checked = save.isPending ? save.variables.value : setting.value;
  const id = `setting-${setting.identified}`;

  return (
    <li className={classes.settingRow} data-testid="notification-setting">
      <div className={classes.settingText}>
        <Text
          component={setting.editable ? 'label' : 'span'}
          htmlFor={setting.editable ? id : undefined}
          fw={500}
          size="sm"
          display="block"
        >
          {t(`notificationSettings.settings.${setting.identified}.label`)}
        </Text>
        <Text size="xs" c="gray.7" id={`${id}-description`}>
          {setting.editable
            ? t(`notificationSettings.settings.${setting.identified}.description`)
            : `${t(`notificationSettings.settings.${setting.identified}.description`)} ${t('notificationSettings.alwaysOn')}`}
        </Text>
        {setting.editable && (
          <div className={classes.settingResult} role="status" aria-live="polite">
            {save.isSuccess && savedValue !== undefined && (
              <Text size="xs" c="teal.9" className={classes.inlineStatus}>
                <CheckCircleIcon size={14} />
                {t(savedValue ? 'notificationSettings.savedOn' : 'notificationSettings.savedOff')}
              </Text>
            )}
          </div>
        )}
        {save.isError && (
          <Text size="xs" c="red.9" role="alert" className={classes.inlineStatus}>
            <AlertIcon size={14} />
            {t('notificationSettings.saveFailed', { reason: describeApiError(t, save.error) })}
          </Text>
        )}
      </div>
      {setting.editable ? (
        <Switch
          id={id}
          checked={checked}
          aria-describedby={`${id}-description`}
          aria-busy={save.isPending}
          onChange={(event) => {
            const value = event.currentTarget.checked;
            setSavedValue(undefined);
            save.mutate(
              { identified: setting.identified, value },
              { onSuccess: (saved) => setSavedValue(saved.value) },
            );
          }}
          size="md"
        />
      ) : (
        // Not a disabled switch: Mantine draws a disabled "on" switch grey, which reads as "off".
        <StatusBadge tone="teal">{t('notificationSettings.alwaysOnBadge')}</StatusBadge>
      )}
    </li>
  );
}

function SettingsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">{t('notificationSettings.loading')}</VisuallyHidden>
      {[3, 2].map((rows, group) => (
        <Paper withBorder radius="lg" className={classes.section} key={group}>
          <Stack gap="md">
            <Skeleton height={20} width="35%" radius="sm" />
            {Array.from({ length: rows }, (_, row) => (
              <Stack gap={6} key={row}>
                <Skeleton height={14} width="55%" radius="sm" />
                <Skeleton height={10} width="80%" radius="sm" />
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /profile/notifications: which notices the customer receives, by group (spec 2 §3 "Notification setting"). */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notificationSettings.pageTitle'));
  const settings = useNotificationSettings();
  const groups = NOTIFICATION_GROUPS.map((group): [NotificationGroup, NotificationSetting[]] => [
    group,
    (settings.data ?? []).filter((setting) => setting.group === group),
  ]).filter(([, items]) => items.length > 0);

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('notificationSettings.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('notificationSettings.intro')}
          </Text>
        </Stack>
        <ProfileTabs />

        {settings.isPending && <SettingsSkeleton />}
        {settings.isError && (
          <Alert
            color="red"
            variant="light"
            title={t('notificationSettings.loadFailed')}
            icon={<AlertIcon />}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{translateErrorMessage(t, settings.error)}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void settings.refetch()}
                loading={settings.isFetching}
              >
                {t('profile.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {settings.isSuccess && groups.length === 0 && (
          <Paper withBorder radius="lg" p="xl">
            <Text fw={600}>{t('notificationSettings.emptyTitle')}</Text>
            <Text c="dimmed" size="sm" mt={4}>
              {t('notificationSettings.emptyText')}
            </Text>
          </Paper>
        )}
        {settings.isSuccess && groups.length > 0 && (
          <div className={classes.settingsGrid}>
            {groups.map(([group, items]) => (
              <SectionCard
                key={group}
                id={`group-${group}`}
                title={t(`notificationSettings.groups.${group}.title`)}
                description={t(`notificationSettings.groups.${group}.description`)}
              >
                <ul className={classes.list}>
                  {items.map((setting) => (
                    <SettingRow key={setting.identified} setting={setting} />
                  ))}
                </ul>
              </SectionCard>
            ))}
          </div>
        )}
      </Stack>
    </Container>
  );
}
