import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon } from './icons';

export interface LoadFailedProps {
  /** What could not be loaded, in the screen's words (already translated). */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A list or detail that could not be loaded: what failed, the reason in the customer's language,
 * and a way to try again, instead of a broken or empty screen.
 */
export function LoadFailed({ title, error, onRetry, retrying }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title} icon={<AlertIcon />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{translateErrorMessage(t, error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          {t('app.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
