import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailAddressSchema } from '@ledgerline/domain/registration';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError, fieldMessage } from './field-message';
import { AlertIcon } from './icons';
import classes from './add-email-form.module.css';

const addEmailSchema = z.object({ email: emailAddressSchema });

export interface AddEmailFormProps<T> {
  /** The call that adds the address (the profile's own, or the company's payment e-mails). */
  add: UseMutationResult<T, Error, string>;
  /** What the form is called; shown above the field when `showTitle`. */
  title: string;
  showTitle?: boolean;
  fieldLabel: string;
  submitLabel: string;
  onAdded: (added: T) => void;
  /** Field messages of the feature's own keys (validation keys are always translated). */
  messageOf?: (message: string | undefined) => string | undefined;
}

/**
 * Adds an e-mail address: checked as registration checks one, the server's refusal of the field
 * shown on it and any other refusal under the form. Emptied once added.
 */
export function AddEmailForm<T>({
  add,
  title,
  showTitle = false,
  fieldLabel,
  submitLabel,
  onAdded,
  messageOf,
}: AddEmailFormProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof addEmailSchema>, unknown, z.output<typeof addEmailSchema>>({
    resolver: schemaResolver(addEmailSchema),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit((values) =>
    add.mutate(values.email, {
      onSuccess: (added) => {
        reset({ email: '' });
        onAdded(added);
      },
      onError: (error) => {
        const message = isApiError(error) ? error.validationErrors?.email : undefined;
        if (message) setError('email', { type: 'server', message }, { shouldFocus: true });
      },
    }),
  );
  const failure = add.error;
  const failureOnField = isApiError(failure) && !!failure.validationErrors?.email;
  const message = messageOf ?? ((text: string | undefined) => fieldMessage(t, text));

  return (
    <form
      onSubmit={submit}
      noValidate
      {...(showTitle ? { 'aria-labelledby': titleId } : { 'aria-label': title })}
    >
      <fieldset disabled={add.isPending} className={classes.fieldset}>
        <Stack gap="sm">
          {showTitle && (
            <Text fw={600} size="sm" id={titleId}>
              {title}
            </Text>
          )}
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={fieldLabel}
              type="email"
              autoComplete="email"
              error={message(errors.email?.message)}
              style={{ flex: '1 1 16rem' }}
              {...register('email')}
            />
            <Button type="submit" loading={add.isPending} mt={{ base: 0, xs: 25 }}>
              {submitLabel}
            </Button>
          </Group>
          {failure && !failureOnField && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, failure)}
            </Alert>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
