import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@ledgerline/contract';
import type { KycItemState } from '@ledgerline/domain';
import { RejectReason } from './document-list';

/**
 * The identity item of /kyc: the identity status from the provider run (or the documents), and
 * where a check is needed, the place the identity check starts.
 */
export function IdentityItem({
  identity,
  state,
}: {
  identity: KycInfo['identity'];
  state: KycItemState;
}) {
  const { t } = useTranslation();
  const status = identity?.status ?? 'none';
  const needsCheck = state === 'todo';
  return (
    <Stack gap="xs">
      <Text size="sm">{t(`kycDocs.identityStatus.${status}`)}</Text>
      {identity?.rejectReason && <RejectReason reason={identity.rejectReason} />}
      {needsCheck && (
        <div data-testid="identity-check-slot">
          {/* TODO(merge): render the idv helper's StartIdentityCheck from features/identity-verification here. */}
          <Text size="sm" c="dimmed">
            {t('kycDocs.identityCheckHint')}
          </Text>
        </div>
      )}
    </Stack>
  );
}
