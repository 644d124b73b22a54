import { Alert, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@ledgerline/contract';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { StatusBadge } from '@/ui/status-badge';
import {
  useCancelCardEnrollment,
  useConfirmCardEnrollment,
  useStartCardEnrollment,
} from '../api/prepaid-card';
import type { CardSecretChallenge } from '../api/reveal-card-secrets';
import { CardSecretStepUpDialog } from './card-secret-step-up';

/**
 * Online payments (3-D Secure enrollment, spec 2 §4: active cards only). Turning it on asks for
 * the user's own second factor, as showing a card secret does; turning it off needs none.
 * `canTurnOn` is full access (the server's rule); a user who may only manage the card can turn it off.
 */
export function CardEnrollmentPanel({
  account,
  canTurnOn,
}: {
  account: Account;
  canTurnOn: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const enrolled = account.cardSecureEnrolled === true;
  const start = useStartCardEnrollment();
  const confirm = useConfirmCardEnrollment();
  const cancel = useCancelCardEnrollment();
  const [challenge, setChallenge] = useState<CardSecretChallenge | undefined>();
  const busy = start.isPending || cancel.isPending || confirm.isPending;
  const failed = start.error ?? cancel.error;

  const close = () => {
    setChallenge(undefined);
    start.reset();
    confirm.reset();
  };
  const ask = () => start.mutate(account.accountId, { onSuccess: setChallenge });

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {t('prepaidCard.enrollment.title')}
          </Title>
          <StatusBadge tone={enrolled ? 'teal' : 'gray'}>
            {t(enrolled ? 'prepaidCard.enrollment.on' : 'prepaidCard.enrollment.off')}
          </StatusBadge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(enrolled ? 'prepaidCard.enrollment.onText' : 'prepaidCard.enrollment.offText')}
        </Text>
        <Switch
          label={t('prepaidCard.enrollment.switch')}
          checked={enrolled}
          disabled={busy || (!enrolled && !canTurnOn)}
          onChange={(event) => {
            if (event.currentTarget.checked) ask();
            else cancel.mutate(account.accountId);
          }}
        />
        {!enrolled && !canTurnOn && (
          <Text size="sm" c="dimmed">
            {t('prepaidCard.enrollment.noRights')}
          </Text>
        )}
        {failed !== null && failed !== undefined && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, failed)}
          </Alert>
        )}
      </Stack>
      {challenge && (
        <CardSecretStepUpDialog
          challenge={challenge}
          reveal={(input) =>
            confirm.mutateAsync({ accountId: account.accountId, ...input }).then(close)
          }
          isRevealing={confirm.isPending}
          revealError={confirm.error}
          onAskAgain={ask}
          isAsking={start.isPending}
          onClose={close}
        />
      )}
    </Paper>
  );
}
