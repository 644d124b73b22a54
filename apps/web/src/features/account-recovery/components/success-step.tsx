import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@/ui/icons';
import { RequireRecovery } from './recovery-layout';
import classes from './account-recovery.module.css';

/** The end: the spec's text 'Your password has been successfully updated.' (spec 2 §8). */
export function RecoverySuccessStep() {
  const { t } = useTranslation();
  return (
    <RequireRecovery has="changed">
      <Stack gap="md" role="status">
        <span className={classes.icon}>
          <CheckCircleIcon size={24} />
        </span>
        <Title order={1} className={classes.title}>
          {t('recovery.success.title')}
        </Title>
        <Text>{t('recovery.success.body')}</Text>
        <Text c="dimmed">{t('recovery.success.sessions')}</Text>
        <Button component={Link} to="/login" size="md" replace>
          {t('recovery.success.signIn')}
        </Button>
      </Stack>
    </RequireRecovery>
  );
}
