import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { IdvStartResponse } from '@ledgerline/contract';
import type { IdentityStatus } from '@ledgerline/domain/verification';
import { useRealtimeEvent, useSessionState } from '@/app/session';
import { useBrand } from '@/brands';
import { translateErrorMessage } from '@/i18n';
import { isInsideWrapper } from '@/lib/mobile-wrapper';
import { useViewport } from '@/lib/viewport';
import { LoadFailed } from '@/ui/load-failed';
import { QrCode } from '@/ui/qr-code';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useIdentityStatus } from '../api/get-status';
import { providerPageUrl, useStartIdentityCheck } from '../api/start-check';
import { identityVerificationKeys } from '../keys';
import { reasonText } from './reason-text';

const TONE: Record<IdentityStatus, BadgeTone> = {
  none: 'gray',
  canceled: 'gray',
  pending: 'blue',
  validated: 'teal',
  rejected: 'red',
  nameMismatch: 'orange',
};

/**
 * The identity item of /kyc: the customer's identity status and the button that starts a check
 * with the brand's provider. On a phone the provider's page opens at once; on a computer the page
 * also shows a QR code of the same link, so the pictures can be taken with the phone's camera.
 * The status follows the provider's answer without a reload (realtime event, and a slow poll
 * while a check is open).
 */
export function StartIdentityCheck() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const { customerId } = useSessionState();
  const queryClient = useQueryClient();
  const brand = useBrand();
  const status = useIdentityStatus();
  const start = useStartIdentityCheck();
  const [started, setStarted] = useState<IdvStartResponse | null>(null);

  useRealtimeEvent('IdentityVerificationChanged', () => {
    setStarted(null);
    void queryClient.invalidateQueries({ queryKey: identityVerificationKeys.status(customerId) });
  });
  // The compliance desk's decision on the result (validated, refused) arrives as its own event.
  useRealtimeEvent('VerificationChanged', () => {
    void queryClient.invalidateQueries({ queryKey: identityVerificationKeys.status(customerId) });
  });

  function begin(kind: 'document' | 'video') {
    start.mutate(kind, {
      onSuccess: (answer) => {
        // Inside the app the wrapper opens the page itself (it was told); on a phone we go there.
        if (isInsideWrapper()) return;
        if (isMobile) void navigate(answer.url);
        else setStarted(answer);
      },
    });
  }

  if (status.isPending)
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('identityVerification.status.loading')}
        </Text>
      </Group>
    );
  if (status.isError)
    return (
      <LoadFailed
        title={t('identityVerification.status.loadFailed')}
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );

  const identity = status.data.identity?.status ?? 'none';
  const reason = reasonText(t, status.data.identity?.rejectReason ?? status.data.latestRun?.reason);
  const canStart = identity !== 'pending' && identity !== 'validated';
  const isRetry = identity === 'rejected' || identity === 'nameMismatch';

  return (
    <Stack gap="sm" data-testid="identity-check">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('identityVerification.status.label')}
        </Text>
        <StatusBadge tone={TONE[identity]}>
          {t(`identityVerification.status.${identity}`)}
        </StatusBadge>
      </Group>
      {identity === 'pending' && (
        <Text size="sm" c="dimmed">
          {t('identityVerification.status.pendingHelp')}
        </Text>
      )}
      {isRetry && reason && (
        <Alert color="red" variant="light" title={t('identityVerification.status.reasonTitle')}>
          {reason}
        </Alert>
      )}
      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {translateErrorMessage(t, start.error)}
        </Alert>
      )}
      {canStart && !started && (
        <Group gap="sm" wrap="wrap">
          <Button
            onClick={() => begin('document')}
            loading={start.isPending && start.variables === 'document'}
            disabled={start.isPending}
          >
            {t(isRetry ? 'identityVerification.start.retry' : 'identityVerification.start.button')}
          </Button>
          <Button
            variant="default"
            onClick={() => begin('video')}
            loading={start.isPending && start.variables === 'video'}
            disabled={start.isPending}
          >
            {t('identityVerification.start.video')}
          </Button>
        </Group>
      )}
      {started && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('identityVerification.start.qrTitle')}</Text>
            <Text size="sm">{t('identityVerification.start.qrBody')}</Text>
            <QrCode
              value={providerPageUrl(started.url, brand.id)}
              title={t('identityVerification.start.qrLabel')}
            />
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Button component={Link} to={started.url}>
                {t('identityVerification.start.continueHere')}
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => setStarted(null)}>
                {t('identityVerification.start.cancel')}
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
