import { Alert, Button, Checkbox, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/InlineInput.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeyCreateRequestSchema } from '@ledgerline/contract/merchant-api/routes';
import { API_KEY_SCOPES, MERCHANT_NAME_MAX } from '@ledgerline/domain/merchant-api';
import { isApiError } from '@/lib/api-error';
import { CopyValue } from '@/ui/copy-value';
import { DateField } from '@/ui/date-field';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import frame from '@/ui/page-frame.module.css';
import { useCreateApiKey } from '../api/api-keys';
import { fieldIssues } from './form-issues';
import classes from './merchant.module.css';

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
  const create = useCreateApiKey(customerId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const secret = create.data?.secret;

  const close = () => {
    // Forget the secret and the form: reopening starts a new key.
    create.reset();
    setName('');
    setScopes(['read']);
    setExpiresOn('');
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, scopes, ...(expiresOn ? { expiresOn } : {}) };
    const parsed = apiKeyCreateRequestSchema.safeParse({ customerId, ...input });
    if (!parsed.success) {
      setErrors(fieldIssues(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(input, {
      onError: (error) => {
        if (isApiError(error) && error.validationErrors) setErrors(error.validationErrors);
      },
    });
  };

  const message = (field: string) => fieldMessage(t, errors[field]);

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={secret ? t('merchant.keys.createdTitle') : t('merchant.keys.createTitle')}
      closeLabel={t('merchant.close')}
    >
      {secret ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<AlertIcon />}>
            {t('merchant.keys.secretOnce')}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={600} id="merchant-secret-label">
              {t('merchant.keys.secret')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code className={classes.secret} aria-labelledby="merchant-secret-label">
                {secret}
              </Code>
              <CopyValue value={secret} label={t('merchant.keys.secret')} />
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('merchant.keys.secretDone')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset className={frame.fieldset} disabled={create.isPending}>
            <Stack gap="md">
              <TextInput
                label={t('merchant.keys.name')}
                description={t('merchant.keys.nameHint')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={MERCHANT_NAME_MAX}
                error={message('name')}
                required
                data-autofocus
              />
              <Checkbox.Group
                label={t('merchant.keys.scopes')}
                value={scopes}
                onChange={(next) => setScopes(next as Scope[])}
                error={message('scopes')}
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
                error={message('expiresOn')}
              />
              {create.isError && !(isApiError(create.error) && create.error.validationErrors) && (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                  {describeApiError(t, create.error)}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  {t('merchant.cancel')}
                </Button>
                <Button type="submit" loading={create.isPending}>
                  {t('merchant.keys.create')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}
