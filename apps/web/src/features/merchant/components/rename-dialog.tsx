import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { merchantNameSchema } from '@ledgerline/contract/merchant-api/routes';
import { MERCHANT_NAME_MAX } from '@ledgerline/domain/merchant-api';
import { FormDialog, useFieldErrors } from './form-dialog';

/**
 * Renames a row (an API key, a webhook endpoint): one name field that starts with the row's name.
 * Mount it per row; `save` runs the call and tells the dialog how it went.
 */
export function RenameDialog({
  title,
  label,
  name: initial,
  submitLabel,
  isPending,
  error,
  onSave,
  onClose,
}: {
  title: string;
  label: string;
  name: string;
  submitLabel: string;
  isPending: boolean;
  error: unknown;
  onSave: (name: string, handlers: { onError: (error: unknown) => void }) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const fields = useFieldErrors();
  const submit = () => {
    const parsed = fields.check(merchantNameSchema, name);
    if (parsed === null) return;
    onSave(parsed, { onError: fields.fromServer });
  };
  return (
    <FormDialog
      opened
      title={title}
      submitLabel={submitLabel}
      isPending={isPending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={label}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={MERCHANT_NAME_MAX}
        error={fields.message('name') ?? fields.message('')}
        required
        data-autofocus
      />
    </FormDialog>
  );
}
