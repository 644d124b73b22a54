import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { InfoIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import classes from './registration.module.css';

/** What a brand without online registration shows on every /register page (spec 1 §9). */
export function RegistrationClosed() {
  const { t } = useTranslation();
  const brand = useBrand();
  useDocumentTitle(t('registration.choice.pageTitle'));
  const email = brand.supports.defaultEmail;
  return (
    <div className={classes.stage}>
      <Paper className={`${classes.card} ${classes.narrow}`} shadow="sm" radius="lg" withBorder>
        <Stack gap="md">
          <span className={classes.choiceIcon}>
            <InfoIcon size={24} />
          </span>
          <Title order={1} className={classes.title}>
            {t('registration.closed.title')}
          </Title>
          <Text>{t('registration.closed.body', { brand: brand.projectName })}</Text>
          <Text>
            {t('registration.closed.contact')}{' '}
            <Anchor href={`mailto:${email}`} fw={500}>
              {email}
            </Anchor>
          </Text>
          <Button component={Link} to="/login" variant="light" mt="xs">
            {t('registration.closed.backToSignIn')}
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
