import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/InlineInput.css';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  pbnSettingsUpdateSchema,
  type Account,
  type PbnSettings,
  type PbnSettingsUpdate,
} from '@ledgerline/contract';
import { PBN_DISPLAY_NAME_MAX } from '@ledgerline/domain/merchant-buttons';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { CopyValue } from '@/ui/copy-value';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { useDocumentTitle } from '@/ui/use-document-title';
import { usePbnSettings, useReceivingAccounts, useSavePbnSettings } from '../api/buttons';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';

const selectProps = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none',
} as const;

/** The form as typed: one account choice per currency ('' = not received), turned into the request. */
const pbnFormSchema = z
  .object({
    payName: z.string(),
    displayName: z.string(),
    enabled: z.boolean(),
    accounts: z.record(z.string(), z.string()),
  })
  .transform((form): PbnSettingsUpdate => ({
    payName: form.payName.trim().toLowerCase(),
    displayName: form.displayName.trim() === '' ? null : form.displayName,
    enabled: form.enabled,
    accountIds: Object.values(form.accounts)
      .filter((id) => id !== '')
      .map(Number),
  }))
  .pipe(pbnSettingsUpdateSchema);

function formValues(settings: PbnSettings) {
  return {
    payName: settings.payName ?? '',
    displayName: settings.displayName ?? '',
    enabled: settings.enabled,
    accounts: Object.fromEntries(
      settings.accounts.map((account) => [account.currencyCode, String(account.accountId)]),
    ),
  };
}

function PbnForm({
  customerId,
  settings,
  accounts,
}: {
  customerId: number;
  settings: PbnSettings;
  accounts: readonly Account[];
}) {
  const { t } = useTranslation();
  const save = useSavePbnSettings(customerId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: schemaResolver(pbnFormSchema), defaultValues: formValues(settings) });
  const currencies = [...new Set(accounts.map((account) => account.currencyCode))].sort();
  const loose = errors as Record<string, { message?: string } | undefined>;
  const submit = handleSubmit((input) =>
    save.mutate(input, {
      onError: (error) => {
        const fields = isApiError(error) ? (error.validationErrors ?? {}) : {};
        for (const field of ['payName', 'displayName', 'accountIds'] as const)
          if (fields[field]) setError(field as 'payName', { message: fields[field] });
      },
    }),
  );
  const fieldErrors = isApiError(save.error) && save.error.validationErrors;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('merchantButtons.pbn.title')}
    >
      <fieldset className={frame.fieldset} disabled={save.isPending}>
        <Stack gap="md">
          <TextInput
            label={t('merchantButtons.pbn.payName')}
            description={t('merchantButtons.pbn.payNameHint')}
            maxLength={32}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            error={fieldMessage(t, errors.payName?.message)}
            required
            {...register('payName')}
          />
          <TextInput
            label={t('merchantButtons.pbn.displayName')}
            description={t('merchantButtons.pbn.displayNameHint')}
            maxLength={PBN_DISPLAY_NAME_MAX}
            error={fieldMessage(t, errors.displayName?.message)}
            {...register('displayName')}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('merchantButtons.pbn.accounts')}
            </Text>
            {currencies.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('merchantButtons.noAccounts')}
              </Text>
            )}
            {currencies.map((currency) => (
              <NativeSelect
                key={currency}
                label={t('merchantButtons.pbn.receiveIn', { currency })}
                data={[
                  { value: '', label: t('merchantButtons.pbn.notReceived') },
                  ...accounts
                    .filter((account) => account.currencyCode === currency)
                    .map((account) => ({
                      value: String(account.accountId),
                      label:
                        account.name ??
                        t('merchantButtons.accountNumber', { id: account.accountId }),
                    })),
                ]}
                {...selectProps}
                {...register(`accounts.${currency}`)}
              />
            ))}
            {loose.accountIds?.message && (
              <Text size="sm" c="red.8" role="alert">
                {fieldMessage(t, loose.accountIds.message)}
              </Text>
            )}
          </Stack>
          <Checkbox
            label={t('merchantButtons.pbn.enabled')}
            description={t('merchantButtons.pbn.enabledHint')}
            {...register('enabled')}
          />
          {save.isError && !fieldErrors && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, save.error)}
            </Alert>
          )}
          {save.isSuccess && (
            <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
              {t('merchantButtons.pbn.saved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('merchantButtons.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/** /merchant/buttons/pbn_settings (spec 2 §7 "PBN settings get and update"): the company's pay name. */
export function PbnSettingsPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const settings = usePbnSettings(customerId);
  const accounts = useReceivingAccounts(customerId);
  useDocumentTitle(t('merchantButtons.pbn.title'));
  const failed = settings.isError ? settings : accounts.isError ? accounts : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('merchantButtons.pbn.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('merchantButtons.pbn.intro')}
          </Text>
        </Stack>
        {settings.data?.payLink && (
          <Stack gap={4}>
            <Text size="sm" fw={600} id="pbn-link-label">
              {t('merchantButtons.pbn.link')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code className={classes.secret} aria-labelledby="pbn-link-label">
                {settings.data.payLink}
              </Code>
              <CopyValue value={settings.data.payLink} label={t('merchantButtons.pbn.link')} />
            </Group>
          </Stack>
        )}
        {(settings.isPending || accounts.isPending) && !failed && (
          <ListSkeleton rows={3} label={t('merchantButtons.pbn.loading')} />
        )}
        {failed && (
          <LoadFailed
            title={t('merchantButtons.pbn.loadFailed')}
            error={failed.error}
            onRetry={() => {
              void settings.refetch();
              void accounts.refetch();
            }}
            retrying={settings.isFetching || accounts.isFetching}
          />
        )}
        {settings.isSuccess && accounts.isSuccess && (
          <PbnForm customerId={customerId} settings={settings.data} accounts={accounts.data} />
        )}
      </Stack>
    </Paper>
  );
}
