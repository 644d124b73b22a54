import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * /start: the start-page rules run in its loader and redirect. Only the old-web rule stays here a
 * moment, while the browser leaves for the old online banking (spec 1 §4 rule 1).
 */
export function StartPage() {
  const { t } = useTranslation();
  const data = useLoaderData<{ oldWebUrl?: string } | null>();
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        {data?.oldWebUrl ? (
          <>
            <Text ta="center">{t('start.oldWeb')}</Text>
            <Anchor href={data.oldWebUrl}>{t('start.oldWebLink')}</Anchor>
          </>
        ) : (
          <Text ta="center">{t('start.opening')}</Text>
        )}
      </Stack>
    </Center>
  );
}
