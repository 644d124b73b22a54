import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@ledgerline/contract';
import type { KycItemState } from '@ledgerline/domain';
import { RejectReason } from './document-list';

/**
 * The identity item of /kyc: the identity status from the provider run (or the documents), and
 * where a check is needed (or one is under review), the identity check the app passes in
 * (`identityCheck`, from features/identity-verification). The check shows the status and reason
 * itself, so the item does not repeat them then.
 */
export function IdentityItem({
  identity,
  state,
  identityCheck,
}: {
  identity: KycInfo['identity'];
  state: KycItemState;
  identityCheck?: ReactNode;
}) {
  const { t } = useTranslation();
  const status = identity?.status ?? 'none';
  const showsCheck = identityCheck !== undefined && (state === 'todo' || status === 'pending');
  if (showsCheck) return <div data-testid="identity-check-slot">{identityCheck}</div>;
  return (
    <Stack gap="xs">
      <Text size="sm">{t(`kycDocs.identityStatus.${status}`)}</Text>
      {identity?.rejectReason && <RejectReason reason={identity.rejectReason} />}
      {state === 'todo' && (
        <Text size="sm" c="dimmed">
          {t('kycDocs.identityCheckHint')}
        </Text>
      )}
    </Stack>
  );
}
