import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { StartIdentityCheck } from '@/features/identity-verification';

/**
 * /kyc with the identity check under the page's list (issue 14). Features do not import each
 * other, so the app composes them here; the lead moves the control into /kyc's identity item
 * when the new /kyc page lands.
 */
export function kycWithIdentityCheck(KycPage: ComponentType): ComponentType {
  return function KycWithIdentityCheck() {
    const { t } = useTranslation();
    return (
      <>
        <KycPage />
        <Container size="sm" pb="xl" w="100%">
          <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={2} fz="lg">
                  {t('identityVerification.kycItem.title')}
                </Title>
                <Text size="sm">{t('identityVerification.kycItem.intro')}</Text>
              </Stack>
              <StartIdentityCheck />
            </Stack>
          </Paper>
        </Container>
      </>
    );
  };
}
