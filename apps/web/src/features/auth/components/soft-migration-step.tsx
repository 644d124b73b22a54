import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { InfoIcon } from '@/ui/icons';
import classes from './login-page.module.css';

/**
 * Migration to push, soft (spec 1 §4): the customer is signed in and may continue; the days left
 * before approval in the app becomes required are shown, with the way to set it up now.
 */
export function SoftMigrationStep({
  daysLeft,
  onContinue,
}: {
  daysLeft: number;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Stack gap="md">
      <Title order={1} id="sign-in-title" className={classes.title}>
        {t('signInFlow.migration.softTitle')}
      </Title>
      <Alert
        color="brand"
        variant="light"
        icon={<InfoIcon />}
        title={t('signInFlow.migration.daysLeft', { days: daysLeft })}
      >
        {t('signInFlow.migration.softBody', { brand: brand.projectName })}
      </Alert>
      <Text c="dimmed" size="sm">
        {t('signInFlow.migration.softHint')}
      </Text>
      <Button size="md" onClick={onContinue} data-autofocus>
        {t('signInFlow.migration.continue')}
      </Button>
      <Button component={Link} to="/scp" variant="default" size="md">
        {t('signInFlow.migration.setUpNow')}
      </Button>
    </Stack>
  );
}
