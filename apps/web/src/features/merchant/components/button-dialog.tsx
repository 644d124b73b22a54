import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Account, Logo, SavedButton } from '@ledgerline/contract';
import {
  BUTTON_DESCRIPTION_MAX,
  BUTTON_NAME_MAX,
  RETURN_URL_MAX,
} from '@ledgerline/domain/merchant-buttons';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import frame from '@/ui/page-frame.module.css';
import { useSaveButton } from '../api/buttons';
import { buttonFormSchema, buttonFormValues, type ButtonFormValues } from '../button-form';

const selectProps = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none',
} as const;

/** "New button" / "Edit button": the saved button's fields, checked by the contract's schema. */
export function ButtonDialog({
  customerId,
  button,
  accounts,
  logos,
  onClose,
}: {
  customerId: number;
  /** The button being edited, or null for a new one. */
  button: SavedButton | null;
  accounts: readonly Account[];
  logos: readonly Logo[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveButton(customerId);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm({
    resolver: schemaResolver(buttonFormSchema),
    defaultValues: buttonFormValues(button, accounts[0]?.accountId),
  });
  const fixed = watch('amountKind') === 'fixed';
  const message = (field: FieldPath<ButtonFormValues>) => fieldMessage(t, errors[field]?.message);

  const submit = handleSubmit((input) => {
    save.mutate(
      { ...input, id: button?.id },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!isApiError(error) || !error.validationErrors) return;
          for (const [field, text] of Object.entries(error.validationErrors))
            if (field in buttonFormValues(null, undefined))
              setError(field as FieldPath<ButtonFormValues>, { message: text });
        },
      },
    );
  });
  const fieldErrorsShown =
    isApiError(save.error) &&
    Object.keys(save.error.validationErrors ?? {}).some((field) => field in errors);

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t(
        button ? 'merchantButtons.buttons.editTitle' : 'merchantButtons.buttons.createTitle',
      )}
      closeLabel={t('merchant.close')}
      size="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={frame.fieldset} disabled={save.isPending}>
          <Stack gap="md">
            <TextInput
              label={t('merchantButtons.buttons.name')}
              description={t('merchantButtons.buttons.nameHint')}
              maxLength={BUTTON_NAME_MAX}
              error={message('name')}
              required
              data-autofocus
              {...register('name')}
            />
            <NativeSelect
              label={t('merchantButtons.buttons.account')}
              description={t('merchantButtons.buttons.accountHint')}
              error={message('accountId')}
              required
              data={accounts.map((account) => ({
                value: String(account.accountId),
                label: `${account.currencyCode} · ${account.name ?? t('merchantButtons.accountNumber', { id: account.accountId })}`,
              }))}
              {...selectProps}
              {...register('accountId')}
            />
            <Controller
              control={control}
              name="amountKind"
              render={({ field }) => (
                <Radio.Group
                  label={t('merchantButtons.buttons.amountKind')}
                  value={field.value}
                  onChange={field.onChange}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="fixed" label={t('merchantButtons.buttons.fixed')} />
                    <Radio value="open" label={t('merchantButtons.buttons.open')} />
                  </Group>
                </Radio.Group>
              )}
            />
            {fixed ? (
              <TextInput
                label={t('merchantButtons.buttons.amount')}
                inputMode="decimal"
                error={message('amount')}
                required
                {...register('amount')}
              />
            ) : (
              <Group grow align="flex-start">
                <TextInput
                  label={t('merchantButtons.buttons.minAmount')}
                  inputMode="decimal"
                  error={message('minAmount')}
                  {...register('minAmount')}
                />
                <TextInput
                  label={t('merchantButtons.buttons.maxAmount')}
                  inputMode="decimal"
                  error={message('maxAmount')}
                  {...register('maxAmount')}
                />
              </Group>
            )}
            <Textarea
              label={t('merchantButtons.buttons.description')}
              maxLength={BUTTON_DESCRIPTION_MAX}
              rows={2}
              error={message('description')}
              {...register('description')}
            />
            <NativeSelect
              label={t('merchantButtons.buttons.logo')}
              error={message('logoId')}
              data={[
                { value: '', label: t('merchantButtons.buttons.defaultLogo') },
                ...logos.map((logo) => ({ value: String(logo.id), label: logo.name })),
              ]}
              {...selectProps}
              {...register('logoId')}
            />
            <TextInput
              label={t('merchantButtons.buttons.returnUrl')}
              description={t('merchantButtons.buttons.returnUrlHint')}
              type="url"
              maxLength={RETURN_URL_MAX}
              error={message('returnUrl')}
              {...register('returnUrl')}
            />
            <Checkbox label={t('merchantButtons.buttons.enabled')} {...register('enabled')} />
            {save.isError && !fieldErrorsShown && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, save.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('merchant.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('merchantButtons.buttons.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}
