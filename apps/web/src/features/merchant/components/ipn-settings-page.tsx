import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { webhookUrlSchema, type IpnSettings } from '@ledgerline/contract';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useIpnSettings, useUpdateIpnSettings, type IpnSettingsUpdate } from '../api/ipn';
import { ConfirmDialog } from './confirm-dialog';
import { useMerchantCompany } from './merchant-layout';
import { Panel } from './panel';
import { SecretDialog } from './secret-once';

/** The values the contract allows for both switches (0 or 1; 1 by default). */
const STATUS_VALUES = ['1', '0'] as const;

/** The form as typed: an empty URL stops the notifications (null). */
const ipnFormSchema = z.object({
  notifyUrl: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(webhookUrlSchema.nullable()),
  statusId: z.enum(STATUS_VALUES).transform(Number),
  notifyStatusId: z.enum(STATUS_VALUES).transform(Number),
});
type IpnFormInput = z.input<typeof ipnFormSchema>;

const formValues = (settings: IpnSettings): IpnFormInput => ({
  notifyUrl: settings.notifyUrl ?? '',
  statusId: settings.statusId === 0 ? '0' : '1',
  notifyStatusId: settings.notifyStatusId === 0 ? '0' : '1',
});

function SettingsForm({ customerId, settings }: { customerId: number; settings: IpnSettings }) {
  const { t } = useTranslation();
  const save = useUpdateIpnSettings(customerId);
  const [secret, setSecret] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [isRegenerating, setRegenerating] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: schemaResolver(ipnFormSchema), defaultValues: formValues(settings) });
  useEffect(() => reset(formValues(settings)), [settings, reset]);

  const send = (input: IpnSettingsUpdate, after?: () => void) => {
    setSaved(false);
    save.mutate(input, {
      onSuccess: (answer) => {
        setSaved(true);
        if (answer.secret) setSecret(answer.secret);
        after?.();
      },
      onError: (error) => {
        if (!isApiError(error) || !error.validationErrors) return;
        for (const [field, message] of Object.entries(error.validationErrors))
          if (field in formValues(settings))
            setError(field as keyof IpnFormInput, { type: 'server', message });
      },
    });
  };
  const submit = handleSubmit((values) => send({ ...values, regenerateSecret: false }));
  const hasFieldErrors = isApiError(save.error) && !!save.error.validationErrors;

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={frame.fieldset} disabled={save.isPending}>
          <Stack gap="md" maw={560}>
            <TextInput
              type="url"
              label={t('merchantHooks.ipn.notifyUrl')}
              description={t('merchantHooks.ipn.notifyUrlHint')}
              maxLength={2048}
              error={fieldMessage(t, errors.notifyUrl?.message)}
              {...register('notifyUrl')}
            />
            <NativeSelect
              label={t('merchantHooks.ipn.statusId')}
              data={STATUS_VALUES.map((value) => ({
                value,
                label: t(`merchantHooks.ipn.status.${value}`),
              }))}
              error={fieldMessage(t, errors.statusId?.message)}
              {...register('statusId')}
            />
            <NativeSelect
              label={t('merchantHooks.ipn.notifyStatusId')}
              description={t('merchantHooks.ipn.notifyStatusHint')}
              data={STATUS_VALUES.map((value) => ({
                value,
                label: t(`merchantHooks.ipn.notifyStatus.${value}`),
              }))}
              error={fieldMessage(t, errors.notifyStatusId?.message)}
              {...register('notifyStatusId')}
            />
            {save.isError && !hasFieldErrors && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, save.error)}
              </Alert>
            )}
            {saved && !secret && (
              <Alert role="status" color="teal" variant="light" icon={<CheckCircleIcon />}>
                {t('merchantHooks.ipn.saved')}
              </Alert>
            )}
            <Group gap="sm">
              <Button type="submit" loading={save.isPending && !isRegenerating}>
                {t('merchantHooks.ipn.save')}
              </Button>
              {settings.hasSecret && (
                <Button variant="default" onClick={() => setRegenerating(true)}>
                  {t('merchantHooks.ipn.regenerate')}
                </Button>
              )}
            </Group>
          </Stack>
        </fieldset>
      </form>
      <ConfirmDialog
        opened={isRegenerating}
        title={t('merchantHooks.ipn.regenerateTitle')}
        text={t('merchantHooks.ipn.regenerateText')}
        confirmLabel={t('merchantHooks.ipn.regenerate')}
        isPending={save.isPending}
        error={isRegenerating ? save.error : null}
        onConfirm={() =>
          send(
            {
              notifyUrl: settings.notifyUrl,
              statusId: settings.statusId,
              notifyStatusId: settings.notifyStatusId,
              regenerateSecret: true,
            },
            () => setRegenerating(false),
          )
        }
        onClose={() => {
          save.reset();
          setRegenerating(false);
        }}
      />
      <SecretDialog
        title={t('merchantHooks.ipn.secretTitle')}
        secret={secret}
        label={t('merchantHooks.ipn.secret')}
        warning={t('merchantHooks.endpoints.secretOnce')}
        doneLabel={t('merchantHooks.secretDone')}
        onClose={() => setSecret(null)}
      />
    </>
  );
}

/**
 * /merchant/ipn/settings (spec 2 §3 IPN settings, §7): where the company's payment notifications
 * go, whether they are sent, and their signing secret (made with the first URL, shown once).
 */
export function IpnSettingsPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const settings = useIpnSettings(customerId);
  useDocumentTitle(t('merchantHooks.ipn.settingsTitle'));
  return (
    <Panel
      title={t('merchantHooks.ipn.settingsTitle')}
      intro={t('merchantHooks.ipn.settingsIntro')}
    >
      {settings.isPending && (
        <ListSkeleton rows={3} label={t('merchantHooks.ipn.loadingSettings')} />
      )}
      {settings.isError && (
        <LoadFailed
          title={t('merchantHooks.ipn.settingsFailed')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      {settings.isSuccess && (
        <>
          {!settings.data.hasSecret && (
            <Text size="sm" c="dimmed">
              {t('merchantHooks.ipn.noSecretYet')}
            </Text>
          )}
          <SettingsForm customerId={customerId} settings={settings.data} />
        </>
      )}
    </Panel>
  );
}
