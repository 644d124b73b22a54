import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './hosted-pay-page.module.css';

/** An unknown, expired, cancelled or disabled payment link: one text for all, nothing more told. */
export function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t('pay.invalidTitle')}
        </Title>
        <Text size="sm">{t('pay.invalidText')}</Text>
      </Stack>
    </Paper>
  );
}
