import { Checkbox, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeyCreateRequestSchema } from '@ledgerline/contract/merchant-api/routes';
import { API_KEY_SCOPES, MERCHANT_NAME_MAX } from '@ledgerline/domain/merchant-api';
import { DateField } from '@/ui/date-field';
import { apiKeys } from '../api/api-keys';
import { FormDialog, useFieldErrors } from './form-dialog';
import { SecretDialog } from './secret-once';

type Scope = (typeof API_KEY_SCOPES)[number];

/**
 * "Create key" (spec 2 §8 API key popup): a name, the scopes and an optional last day. The answer
 * holds the whole secret, shown here once with a copy button; after closing it is gone for good
 * (the server keeps only its hash).
 */
export function CreateKeyDialog({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = apiKeys.useCreate(customerId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [expiresOn, setExpiresOn] = useState('');
  const fields = useFieldErrors();
  const secret = create.data?.secret;

  const close = () => {
    // Forget the secret and the form: reopening starts a new key.
    create.reset();
    setName('');
    setScopes(['read']);
    setExpiresOn('');
    fields.clear();
    onClose();
  };

  const submit = () => {
    const input = { name, scopes, ...(expiresOn ? { expiresOn } : {}) };
    if (fields.check(apiKeyCreateRequestSchema, { customerId, ...input }) === null) return;
    create.mutate(input, { onError: fields.fromServer });
  };

  if (secret)
    return (
      <SecretDialog
        title={t('merchant.keys.createdTitle')}
        secret={opened ? secret : null}
        label={t('merchant.keys.secret')}
        warning={t('merchant.keys.secretOnce')}
        doneLabel={t('merchant.keys.secretDone')}
        onClose={close}
      />
    );

  return (
    <FormDialog
      opened={opened}
      title={t('merchant.keys.createTitle')}
      submitLabel={t('merchant.keys.create')}
      isPending={create.isPending}
      error={create.error}
      onSubmit={submit}
      onClose={close}
    >
      <TextInput
        label={t('merchant.keys.name')}
        description={t('merchant.keys.nameHint')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={MERCHANT_NAME_MAX}
        error={fields.message('name')}
        required
        data-autofocus
      />
      <Checkbox.Group
        label={t('merchant.keys.scopes')}
        value={scopes}
        onChange={(next) => setScopes(next as Scope[])}
        error={fields.message('scopes')}
        required
      >
        <Stack gap="xs" mt={6}>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={t(`merchant.scopes.${scope}`)}
              description={t(`merchant.scopeHints.${scope}`)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <DateField
        label={t('merchant.keys.expiresOn')}
        description={t('merchant.keys.expiresHint')}
        value={expiresOn}
        onChange={setExpiresOn}
        minDate={new Date().toISOString().slice(0, 10)}
        error={fields.message('expiresOn')}
      />
    </FormDialog>
  );
}
