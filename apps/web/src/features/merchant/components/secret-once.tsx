import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';
import { AlertIcon } from '@/ui/icons';
import { CopyValue } from '@/ui/copy-value';
import classes from './merchant.module.css';

/**
 * A secret the server answers once (an API key, a webhook or IPN signing secret): the warning,
 * the whole value with a copy button, and the button that closes it for good.
 */
export function SecretOnce({
  secret,
  label,
  warning,
  doneLabel,
  onDone,
}: {
  secret: string;
  label: string;
  warning: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const labelId = useId();
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<AlertIcon />}>
        {warning}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={600} id={labelId}>
          {label}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code className={classes.secret} aria-labelledby={labelId}>
            {secret}
          </Code>
          <CopyValue value={secret} label={label} />
        </Group>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** SecretOnce in its own dialog, open while there is a secret to show. */
export function SecretDialog({
  title,
  secret,
  onClose,
  ...texts
}: {
  title: string;
  secret: string | null | undefined;
  label: string;
  warning: string;
  doneLabel: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog opened={!!secret} onClose={onClose} title={title} closeLabel={t('merchant.close')}>
      {secret && <SecretOnce secret={secret} onDone={onClose} {...texts} />}
    </Dialog>
  );
}
