import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from './field-message';

export type OneTimeCodeFieldProps = Omit<
  TextInputProps,
  'label' | 'error' | 'type' | 'inputMode' | 'autoComplete' | 'maxLength'
> & {
  /** The field's accessible name ("Sign-in code", "Confirmation code"). */
  label: string;
  /** A message key from a schema ('validation.*') or a server's text in the customer's language. */
  error?: string | undefined;
  /**
   * How many characters the field takes: the code's digits plus room for the spaces or dashes
   * people copy from a message (a 6-digit code: 9).
   */
  maxLength?: number;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The field for a one-time code from an e-mail, a text message or an authenticator app: a numeric
 * keyboard on phones, the browser may fill in a code it received (autocomplete="one-time-code"),
 * and the error is shown under it, translated when it is a message key. Works with
 * react-hook-form's `register` (name, ref, onChange, onBlur are passed through).
 */
export function OneTimeCodeField({ error, maxLength = 9, ...props }: OneTimeCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      error={fieldMessage(t, error)}
    />
  );
}
