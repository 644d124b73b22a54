import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn, UseFormSetError, FieldValues, Path } from 'react-hook-form';
import { isApiError } from '@/lib/api-error';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import frame from '@/ui/page-frame.module.css';

/** One part of a screen: a bordered panel with its own heading (h2), labelled by it. */
export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <div className={frame.sectionHeader}>
          <Stack gap={2}>
            <Title order={2} fz="lg" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A failed load said plainly, with a way to try again. */
export function LoadFailed({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('security.loadFailed')} icon={<AlertIcon />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeApiError(t, error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          {t('security.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A refused change, shown where it happened (inside a panel or a dialog). */
export function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {describeApiError(t, error)}
    </Alert>
  );
}

/**
 * Puts a refusal's field errors on the form's fields. Answers whether one of them landed, so the
 * caller shows the general error only when no field could carry it.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.validationErrors) return false;
  let placed = false;
  for (const field of fields) {
    const message = error.validationErrors[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}

/** True when the failure named one of these fields (it is then shown on the field, not above it). */
export function isFieldError(error: unknown, fields: readonly string[]): boolean {
  return isApiError(error) && fields.some((field) => error.validationErrors?.[field] !== undefined);
}

/**
 * A password field. Mantine's PasswordInput leaves aria-invalid and the error's aria-describedby
 * to the caller, so a screen reader hears what is wrong with the field.
 */
export function SecretField({
  label,
  toggleLabel,
  error,
  autoComplete,
  description,
  ...field
}: UseFormRegisterReturn & {
  label: string;
  toggleLabel: string;
  error: string | undefined;
  autoComplete: string;
  description?: string;
}) {
  const errorId = useId();
  return (
    <PasswordInput
      label={label}
      description={description}
      autoComplete={autoComplete}
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      error={error}
      errorProps={{ id: errorId }}
      aria-invalid={error !== undefined}
      aria-describedby={error !== undefined ? errorId : undefined}
      {...field}
    />
  );
}
