import { Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { BankIcon, ChatIcon, ShieldIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { LoginForm } from './login-form';
import classes from './login-page.module.css';

/** /login: the first screen of every brand (spec 1 §2). */
export function LoginPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  useDocumentTitle(t('signIn.pageTitle'));

  return (
    <div className={classes.stage}>
      <Paper className={classes.card} shadow="sm" radius="lg" withBorder>
        <section className={classes.panel} aria-labelledby="sign-in-panel-title">
          <Title order={2} id="sign-in-panel-title" className={classes.panelTitle}>
            {t('signIn.panelTitle')}
          </Title>
          <Text className={classes.panelText}>{t('signIn.panelText')}</Text>
          <List spacing="md" className={classes.panelList} listStyleType="none">
            <List.Item icon={<ShieldIcon className={classes.panelIcon} />}>
              {t('signIn.panelSecure')}
            </List.Item>
            <List.Item icon={<BankIcon className={classes.panelIcon} />}>
              {t('signIn.panelRegulated')}
            </List.Item>
            <List.Item icon={<ChatIcon className={classes.panelIcon} />}>
              {t('signIn.panelSupport')}
            </List.Item>
          </List>
        </section>

        <section className={classes.formColumn} aria-labelledby="sign-in-title">
          <Stack gap={6} mb="lg">
            <Title order={1} id="sign-in-title" className={classes.title}>
              {t('signIn.title', { brand: brand.projectName })}
            </Title>
            <Text c="dimmed">{t('signIn.subtitle')}</Text>
          </Stack>

          <LoginForm />

          <Stack gap="xs" mt="lg" align="center">
            <Anchor component={Link} to="/account-recovery" fw={500}>
              {t('signIn.forgotPassword')}
            </Anchor>
            {brand.allowRegistration && (
              <Group gap={6} justify="center">
                <Text c="dimmed">{t('signIn.noAccount', { brand: brand.projectName })}</Text>
                <Anchor component={Link} to="/register" fw={600}>
                  {t('signIn.openAccount')}
                </Anchor>
              </Group>
            )}
          </Stack>
        </section>
      </Paper>
    </div>
  );
}
