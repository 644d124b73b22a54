import { Alert, Button, Container, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { personalInfoUpdateSchema, type PersonalInfoUpdate } from '@ledgerline/contract';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { FormDateField } from '@/ui/date-field';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { InfoIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { usePersonalInfo, useUpdatePersonalInfo } from '../api/personal-info';

const FIELDS = ['firstName', 'lastName', 'birthDay'] as const;

/**
 * /profile-update (spec 1 §4: the start page sends a personal user here while
 * isNeedPersonalInfoUpdate): what must be updated and why, and the form that clears the flag.
 * Saving goes on to /start, which picks the next screen (KYC, or home).
 */
export function ProfileUpdatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = usePersonalInfo();
  const update = useUpdatePersonalInfo();
  useDocumentTitle(t('profileUpdate.pageTitle'));
  const form = useForm<PersonalInfoUpdate>({
    resolver: schemaResolver(personalInfoUpdateSchema),
    defaultValues: { firstName: '', lastName: '', birthDay: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (info.data)
      reset({
        firstName: info.data.firstName ?? '',
        lastName: info.data.lastName ?? '',
        birthDay: info.data.birthDay ?? '',
      });
  }, [info.data, reset]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => void navigate('/start', { replace: true }),
      onError: (error) => {
        if (!isApiError(error) || !error.validationErrors) return;
        for (const field of FIELDS) {
          const message = error.validationErrors[field];
          if (message) form.setError(field, { type: 'server', message });
        }
      },
    }),
  );
  const err = (field: (typeof FIELDS)[number]) =>
    fieldMessage(t, form.formState.errors[field]?.message);
  const failure = update.error;
  const failureOnField =
    isApiError(failure) && FIELDS.some((field) => !!failure.validationErrors?.[field]);

  return (
    <Container size="xs" py="xl" w="100%" maw={PAGE_CONTAINER_SIZE}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('profileUpdate.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('profileUpdate.intro')}
          </Text>
        </Stack>
        {info.isPending && <ListSkeleton rows={3} label={t('profileUpdate.loading')} />}
        {info.isError && (
          <LoadFailed
            title={t('profileUpdate.loadFailed')}
            error={info.error}
            onRetry={() => void info.refetch()}
            retrying={info.isFetching}
          />
        )}
        {info.data && (
          <>
            {info.data.reasons.length > 0 ? (
              <Alert
                color="brand"
                variant="light"
                icon={<InfoIcon />}
                title={t('profileUpdate.whyTitle')}
              >
                <List size="sm" spacing={4}>
                  {info.data.reasons.map((reason) => (
                    <List.Item key={reason}>{t(`profileUpdate.reasons.${reason}`)}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : (
              <Text size="sm">{t('profileUpdate.nothingNeeded')}</Text>
            )}
            <form onSubmit={onSubmit} noValidate>
              <fieldset disabled={update.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
                <Stack gap="sm">
                  <TextInput
                    label={t('profileUpdate.firstName')}
                    autoComplete="given-name"
                    error={err('firstName')}
                    {...form.register('firstName')}
                  />
                  <TextInput
                    label={t('profileUpdate.lastName')}
                    autoComplete="family-name"
                    error={err('lastName')}
                    {...form.register('lastName')}
                  />
                  <FormDateField
                    control={form.control}
                    name="birthDay"
                    label={t('profileUpdate.birthDay')}
                    error={err('birthDay')}
                  />
                  {update.isError && !failureOnField && (
                    <Text c="red.9" size="sm" role="alert">
                      {describeApiError(t, update.error)}
                    </Text>
                  )}
                  <Button type="submit" loading={update.isPending} w="fit-content">
                    {t('profileUpdate.save')}
                  </Button>
                </Stack>
              </fieldset>
            </form>
          </>
        )}
      </Stack>
    </Container>
  );
}
