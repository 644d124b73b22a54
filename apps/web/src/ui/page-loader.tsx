import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route's code or data loads (the router's HydrateFallback too). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader size="md" aria-label={t('app.loading')} />
    </Center>
  );
}
