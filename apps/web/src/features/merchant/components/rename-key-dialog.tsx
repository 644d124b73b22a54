import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@ledgerline/contract';
import { merchantNameSchema } from '@ledgerline/contract/merchant-api/routes';
import { MERCHANT_NAME_MAX } from '@ledgerline/domain/merchant-api';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import frame from '@/ui/page-frame.module.css';
import { useUpdateApiKey } from '../api/api-keys';

/** Renames a key; the dialog is mounted per key, so its field starts with the key's name. */
export function RenameKeyDialog({
  customerId,
  apiKey,
  onClose,
}: {
  customerId: number;
  apiKey: ApiKey;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateApiKey(customerId);
  const [name, setName] = useState(apiKey.name);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = merchantNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { id: apiKey.id, name: parsed.data },
      {
        onSuccess: onClose,
        onError: (failure) => {
          if (isApiError(failure)) setError(failure.validationErrors?.name);
        },
      },
    );
  };

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('merchant.keys.renameTitle', { name: apiKey.name })}
      closeLabel={t('merchant.close')}
    >
      <form onSubmit={submit} noValidate>
        <fieldset className={frame.fieldset} disabled={update.isPending}>
          <Stack gap="md">
            <TextInput
              label={t('merchant.keys.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={MERCHANT_NAME_MAX}
              error={fieldMessage(t, error)}
              required
              data-autofocus
            />
            {update.isError && !error && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, update.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('merchant.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('merchant.keys.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}
