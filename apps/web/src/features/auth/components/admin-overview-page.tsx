import { Button, Container, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { actForCustomerFormSchema, type ActForCustomerForm } from '@ledgerline/domain/validation';
import { sessionKeys, useSessionStore } from '@/app/session';
import { useDocumentTitle } from '@/ui/use-document-title';
import classes from './login-page.module.css';

/**
 * /admin-overview (spec 1 §4 rule 2): where an administrator lands. Its one tool today is acting
 * for a customer (spec 1 §6 fromCustomerId): the customer's online banking opens with their number
 * as Customer-Id, and every change is recorded under the administrator's own name.
 */
export function AdminOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  useDocumentTitle(t('admin.pageTitle'));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ActForCustomerForm>({
    resolver: schemaResolver(actForCustomerFormSchema),
    defaultValues: { customerId: '' },
  });
  const onSubmit = handleSubmit(async ({ customerId }) => {
    queryClient.removeQueries({ queryKey: sessionKeys.all });
    session.setCustomerId(Number(customerId));
    await navigate('/home');
  });
  const error = errors.customerId?.message;

  return (
    <Container size="sm" py="xl" w="100%">
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('admin.title')}
          </Title>
          <Text>{t('admin.intro')}</Text>
          <List spacing="xs">
            <List.Item>{t('admin.canActFor')}</List.Item>
            <List.Item>{t('admin.canAudit')}</List.Item>
            <List.Item>{t('admin.later')}</List.Item>
          </List>
          <Button component={Link} to="/admin-overview/review" variant="light" w="fit-content">
            {t('complianceDesk.openDesk')}
          </Button>
          <Title order={2} fz="lg">
            {t('admin.actTitle')}
          </Title>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={isSubmitting} className={classes.fieldset}>
              <Stack gap="sm">
                <TextInput
                  label={t('admin.customerNumber')}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  withAsterisk={false}
                  error={error?.startsWith('validation.') ? t(error) : error}
                  {...register('customerId')}
                />
                <Button type="submit" w="fit-content" loading={isSubmitting}>
                  {t('admin.open')}
                </Button>
              </Stack>
            </fieldset>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}
