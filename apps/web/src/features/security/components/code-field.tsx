import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';

/** A 6-digit code as people type it from an e-mail, a text message or an app: spaces and dashes are ignored. */
export const sixDigitCode = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'validation.required')
      .regex(/^\d{6}$/, 'validation.sixDigitCode'),
  );

/** The field for such a code: numeric keyboard on phones, and the browser may offer a code it received. */
export function CodeField({
  label,
  description,
  error,
  ...field
}: UseFormRegisterReturn & { label: string; description?: string; error: string | undefined }) {
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={9}
      error={error}
      w={{ base: '100%', xs: 220 }}
      {...field}
    />
  );
}
