import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CardSecret } from '@ledgerline/contract';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { useStartCardSecretReveal, type CardSecretChallenge } from '../api/reveal-card-secrets';

/*
 * The step-up before a card secret is shown (issue 13): the customer's own second factor, as for a
 * transfer. Asking sends the code (or the phone-app request); the dialog takes the code and hands
 * it to the reveal. A user without full access to the card's account is told so, and nothing is
 * sent.
 */

const codeFormSchema = z.object({ code: sixDigitCodeSchema });
type CodeFormInput = z.input<typeof codeFormSchema>;
type CodeFormOutput = z.output<typeof codeFormSchema>;

/** Texts by approveType: 1 push, 2 SMS, 3 authenticator app, 4 e-mailed code. */
const TEXT_OF: Record<number, string> = {
  1: 'cards.secrets.pushText',
  2: 'cards.secrets.smsText',
  3: 'cards.secrets.totpText',
  4: 'cards.secrets.emailText',
};

/** A refusal that ends this step-up (expired, used, out of tries, declined): a new one must be asked for. */
function endedStepUp(error: unknown): boolean {
  if (!isApiError(error) || !error.validationErrors) return false;
  return (
    error.validationErrors.code === 'validation.codeExpired' ||
    error.validationErrors.operationId === 'validation.transactionRejected'
  );
}

/** The user may not see this card's secrets (no full access to its account). */
export function isNoRightsError(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** Starts a step-up for one secret: `ask()` sends the factor; the challenge opens the dialog. */
export function useCardSecretStepUp(accountId: number, secret: CardSecret) {
  const start = useStartCardSecretReveal();
  // Kept apart from the mutation: asking again keeps the dialog open until the new one arrives.
  const [challenge, setChallenge] = useState<CardSecretChallenge | undefined>();
  return {
    ask: () => start.mutate({ accountId, secret }, { onSuccess: setChallenge }),
    challenge,
    isAsking: start.isPending,
    askError: start.error,
    clearAskError: start.reset,
    close: () => {
      setChallenge(undefined);
      start.reset();
    },
  };
}

interface StepUpDialogProps {
  challenge: CardSecretChallenge;
  /** Reveals with the step-up: answers when the secret is shown, throws the server's refusal otherwise. */
  reveal: (input: { operationId: string; code?: string }) => Promise<unknown>;
  isRevealing: boolean;
  revealError: unknown;
  onAskAgain: () => void;
  isAsking: boolean;
  onClose: () => void;
}

/** The code (or the phone-app approval) that lets the secret be shown. */
export function CardSecretStepUpDialog({
  challenge,
  reveal,
  isRevealing,
  revealError,
  onAskAgain,
  isAsking,
  onClose,
}: StepUpDialogProps) {
  const { t } = useTranslation();
  const [stillWaiting, setStillWaiting] = useState(false);
  const isPush = challenge.approveType === 1;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: schemaResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  const onRefused = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      setStillWaiting(true);
      return;
    }
    const message = isApiError(error) ? error.validationErrors?.code : undefined;
    if (message && !endedStepUp(error))
      setError('code', { type: 'server', message }, { shouldFocus: true });
  };
  const submit = isPush
    ? (event: React.FormEvent) => {
        event.preventDefault();
        reveal({ operationId: challenge.operationId }).catch(onRefused);
      }
    : handleSubmit(({ code }) =>
        reveal({ operationId: challenge.operationId, code }).catch(onRefused),
      );
  const ended = endedStepUp(revealError);
  const onField = isApiError(revealError) && !!revealError.validationErrors?.code && !ended;
  const waiting = isApiError(revealError) && revealError.status === 409;

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('cards.secrets.stepUpTitle')}
      closeLabel={t('cards.dialogClose')}
      size="sm"
    >
      <form onSubmit={submit} noValidate aria-busy={isRevealing}>
        <Stack gap="md">
          <Text size="sm">
            {t(TEXT_OF[challenge.approveType] ?? 'cards.secrets.emailText', {
              sentTo: challenge.approvalSentTo ?? '',
            })}
          </Text>
          {!isPush && (
            <OneTimeCodeField
              label={t('cards.secrets.codeLabel')}
              maxLength={12}
              error={errors.code?.message}
              disabled={isRevealing || ended}
              data-autofocus
              {...register('code')}
            />
          )}
          {isPush && stillWaiting && waiting && (
            <Text size="sm" c="dimmed" role="status">
              {t('cards.secrets.pushWaiting')}
            </Text>
          )}
          {revealError !== null && revealError !== undefined && !onField && !waiting && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, revealError)}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            {challenge.approveType !== 3 ? (
              <Button
                variant="subtle"
                onClick={() => {
                  reset();
                  setStillWaiting(false);
                  onAskAgain();
                }}
                loading={isAsking}
                disabled={isRevealing}
              >
                {t('cards.secrets.askAgain')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={isRevealing} disabled={ended}>
              {t('cards.secrets.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
