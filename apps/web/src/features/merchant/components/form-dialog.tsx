import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import frame from '@/ui/page-frame.module.css';
import { fieldIssues } from './form-issues';

/**
 * A form's field errors: from the contract's schema before a call, then from the server's
 * validationErrors. `check` answers the parsed value, or null after setting the errors.
 */
export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    message: (field: string) => fieldMessage(t, errors[field]),
    clear: () => setErrors({}),
    check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        setErrors(fieldIssues(parsed.error));
        return null;
      }
      setErrors({});
      return parsed.data;
    },
    fromServer: (error: unknown) => {
      if (isApiError(error) && error.validationErrors) setErrors(error.validationErrors);
    },
  };
}

/** Whether a failed call has no field errors, so its message belongs above the buttons. */
export const isGeneralError = (error: unknown) =>
  error !== null && error !== undefined && !(isApiError(error) && error.validationErrors);

/**
 * The merchant screens' form dialog: the fields, a failed call's message when it names no field,
 * then Cancel and the submit button; the fields are disabled while the call runs.
 */
export function FormDialog({
  opened,
  title,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  isPending: boolean;
  error: unknown;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog opened={opened} onClose={onClose} title={title} closeLabel={t('merchant.close')}>
      <form onSubmit={submit} noValidate>
        <fieldset className={frame.fieldset} disabled={isPending}>
          <Stack gap="md">
            {children}
            {isGeneralError(error) && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('merchant.cancel')}
              </Button>
              <Button type="submit" loading={isPending}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}
