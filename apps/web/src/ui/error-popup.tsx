import { Button, Group, Stack, Text } from '@mantine/core';
import { errorPopupParts } from '@ledgerline/domain/error-message';
import { useTranslation } from 'react-i18next';
import { translateErrorMessage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { Dialog } from './dialog';
import { describeApiError } from './field-message';

/** The response description a failed call carried, translated when it is one of the client's own texts. */
function responseDescription(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.data === 'object' && error.data !== null) {
    const description = (error.data as { responseDescription?: unknown }).responseDescription;
    if (typeof description === 'string' && description.trim() !== '') return description;
  }
  return fallback;
}

/**
 * The error popup of spec 2 §8: the header is the response description, unless it is longer than
 * 50 characters — then the header reads "Error" and the description becomes the body. The body
 * otherwise carries the message (field errors joined with commas) when it says more.
 * Shown while `error` is set; closing calls `onClose` (e.g. a mutation's `reset`).
 */
export function ErrorPopup({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const opened = error !== null && error !== undefined;
  const message = opened ? describeApiError(t, error) : '';
  const description = opened ? responseDescription(error, translateErrorMessage(t, error)) : '';
  const parts = errorPopupParts(description, message);
  const header =
    parts.header === 'Error' && description.length > 50 ? t('errorPopup.title') : parts.header;
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={header}
      closeLabel={t('errorPopup.close')}
      size="sm"
    >
      <Stack gap="md">
        {parts.body && (
          <Text size="sm" role="alert">
            {parts.body}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('errorPopup.ok')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
