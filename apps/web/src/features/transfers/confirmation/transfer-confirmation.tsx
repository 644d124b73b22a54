import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useQueryClient } from '@tanstack/react-query';
import type { SubmitResult } from '@ledgerline/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import { useRealtimeEvent } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { useConfirmTransaction, useResendTransactionCode } from '../api/confirm-transaction';
import { transferKeys } from '../keys';
import classes from './confirmation.module.css';

/** How the flow ended: money moved, an approver must act, the bank refused it, or the customer closed it while pending. */
export type ConfirmationOutcome = 'settled' | 'approvalCreated' | 'rejected' | 'dismissed';

/** What the customer approves, shown at every step as the phone shows it (amount and payee, PSD2 dynamic linking). */
export interface ConfirmationSummary {
  /** Already formatted with its currency (formatMoney). */
  amount: string;
  payee: string;
}

export interface TransferConfirmationProps {
  /** The submit answer to finish; null while there is nothing to confirm. */
  result: SubmitResult | null;
  summary: ConfirmationSummary;
  /** Called once when the customer closes the last popup. */
  onClose: (outcome: ConfirmationOutcome) => void;
  /**
   * What a settled transfer is called: completed (inside the bank the money arrived) or on its way
   * (an external rail delivers it later, as the recent transfers show it).
   */
  settledState?: SettledState;
}

export type SettledState = 'completed' | 'onItsWay';

/** The default text of a rejected transaction (spec 2 §4): the body shows a server message only when it says more. */
const DEFAULT_REJECTED = 'Transaction was rejected.';
/** After an SMS-code confirmation the success popup closes by itself (spec 2 §4). */
export const SMS_SUCCESS_CLOSE_MS = 3_000;

type Step =
  | { kind: 'push' }
  | { kind: 'code' }
  | { kind: 'settled'; autoClose: boolean }
  | { kind: 'approvalCreated' }
  | { kind: 'rejected'; message: string | null };

function firstStep(result: SubmitResult): Step {
  if (result.status === 'approvalCreated') return { kind: 'approvalCreated' };
  if (result.status === 'settled' || result.operationId === null)
    return { kind: 'settled', autoClose: false };
  return result.approveType === 1 ? { kind: 'push' } : { kind: 'code' };
}

/**
 * The step after a money-moving call (spec 2 §4 "Transaction approval"), by the customer's mode:
 * 0 a success popup; 1 "approve on your phone", finished by the TransactionResult event (or by
 * asking the server); 2 SMS, 3 authenticator app (TOTP) and 4 e-mailed approval code: a code
 * entry with resend (not for TOTP). An initiate-only business user gets the approval-created
 * popup instead. Every screen that moves money shows it the same way.
 */
export function TransferConfirmation({
  result,
  summary,
  onClose,
  settledState = 'completed',
}: TransferConfirmationProps) {
  if (!result) return null;
  // A new submit result is a new flow: its own state from the first step.
  return (
    <ConfirmationFlow
      key={result.operationId ?? result.transactionId}
      result={result}
      summary={summary}
      onClose={onClose}
      settledState={settledState}
    />
  );
}

function ConfirmationFlow({
  result,
  summary,
  onClose,
  settledState,
}: {
  result: SubmitResult;
  summary: ConfirmationSummary;
  onClose: (outcome: ConfirmationOutcome) => void;
  settledState: SettledState;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(() => firstStep(result));
  const operationId = result.operationId;

  // Money moved (or was released): every balance, limit and list of the transfer screens is stale.
  const finished =
    step.kind === 'settled' || step.kind === 'rejected' || step.kind === 'approvalCreated';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: transferKeys.all });
  }, [finished, queryClient]);

  useRealtimeEvent('TransactionResult', (event) => {
    if (operationId === null || event.payload.operationId !== operationId) return;
    setStep((current) => {
      if (current.kind !== 'push' && current.kind !== 'code') return current;
      // The event often overtakes the confirm answer: an SMS-confirmed success still closes by itself (spec 2 §4).
      if (event.payload.status === 'success')
        return { kind: 'settled', autoClose: current.kind === 'code' && result.approveType === 2 };
      return { kind: 'rejected', message: event.payload.message };
    });
  });

  const close = (outcome: ConfirmationOutcome) => onClose(outcome);

  if (step.kind === 'settled')
    return (
      <SettledPopup
        summary={summary}
        state={settledState}
        autoClose={step.autoClose}
        onClose={() => close('settled')}
      />
    );
  if (step.kind === 'approvalCreated') {
    return (
      <OutcomePopup
        tone="success"
        title={t('transfers.confirm.approvalCreatedTitle')}
        onClose={() => close('approvalCreated')}
      >
        <Text size="sm">{t('transfers.confirm.approvalCreatedText')}</Text>
        <SummaryBox summary={summary} />
      </OutcomePopup>
    );
  }
  if (step.kind === 'rejected') {
    const message = step.message && step.message !== DEFAULT_REJECTED ? step.message : null;
    return (
      <OutcomePopup
        tone="error"
        title={t('transfers.confirm.rejectedTitle')}
        onClose={() => close('rejected')}
      >
        <Text size="sm">{message ?? t('transfers.confirm.rejectedText')}</Text>
        <SummaryBox summary={summary} />
      </OutcomePopup>
    );
  }
  // operationId is set in both pending steps (firstStep sends a null one to "settled").
  const pendingProps = {
    operationId: operationId ?? '',
    result,
    summary,
    onSettled: (viaSms: boolean) => setStep({ kind: 'settled', autoClose: viaSms }),
    onRejected: (message: string | null) => setStep({ kind: 'rejected', message }),
    onDismiss: () => close('dismissed'),
  };
  return step.kind === 'push' ? <PushStep {...pendingProps} /> : <CodeStep {...pendingProps} />;
}

interface PendingStepProps {
  operationId: string;
  result: SubmitResult;
  summary: ConfirmationSummary;
  onSettled: (viaSms: boolean) => void;
  onRejected: (message: string | null) => void;
  onDismiss: () => void;
}

/** Whether a failed confirmation ended the transfer (rejected, expired or out of tries) rather than asking to retry. */
function endedTransfer(error: unknown): boolean {
  if (!isApiError(error) || !error.validationErrors) return false;
  return (
    error.validationErrors.operationId === 'validation.transactionRejected' ||
    error.validationErrors.code === 'validation.codeExpired'
  );
}

function SummaryBox({ summary }: { summary: ConfirmationSummary }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.summary}>
      <div>
        <dt>{t('transfers.confirm.amount')}</dt>
        <dd data-testid="confirm-amount">{summary.amount}</dd>
      </div>
      <div>
        <dt>{t('transfers.confirm.payee')}</dt>
        <dd>{summary.payee}</dd>
      </div>
    </dl>
  );
}

function ResendStatus({ sent, error }: { sent: boolean; error: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" aria-live="polite" className={classes.live}>
        {sent && !error && (
          <Text size="sm" c="teal.9" className={classes.inline}>
            <CheckCircleIcon size={16} />
            {t('transfers.confirm.resent')}
          </Text>
        )}
      </div>
      {error !== null && error !== undefined && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {describeApiError(t, error)}
        </Alert>
      )}
    </>
  );
}

/** Mode 1: the phone shows the amount and the payee; its decision arrives as TransactionResult. */
function PushStep({ operationId, summary, onSettled, onRejected, onDismiss }: PendingStepProps) {
  const { t } = useTranslation();
  const confirm = useConfirmTransaction();
  const resend = useResendTransactionCode();
  const [stillWaiting, setStillWaiting] = useState(false);

  // A missed event is no dead end: asking the server finishes the transfer the phone approved.
  const check = () =>
    confirm.mutate(
      { operationId },
      {
        onSuccess: (answer) => {
          if (answer.status === 'settled') onSettled(false);
          else if (answer.status === 'rejected') onRejected(null);
          else setStillWaiting(true);
        },
        onError: (error) => {
          if (endedTransfer(error)) onRejected(describeApiError(t, error));
        },
      },
    );

  return (
    <Dialog
      opened
      onClose={onDismiss}
      title={t('transfers.confirm.pushTitle')}
      closeLabel={t('transfers.confirm.close')}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">{t('transfers.confirm.pushText')}</Text>
        <SummaryBox summary={summary} />
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {stillWaiting
              ? t('transfers.confirm.pushStillWaiting')
              : t('transfers.confirm.pushWaiting')}
          </Text>
        </Group>
        {confirm.error !== null && !endedTransfer(confirm.error) && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, confirm.error)}
          </Alert>
        )}
        <ResendStatus sent={resend.isSuccess} error={resend.error} />
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            onClick={() => resend.mutate({ operationId })}
            loading={resend.isPending}
          >
            {t('transfers.confirm.resendPush')}
          </Button>
          <Button variant="default" onClick={check} loading={confirm.isPending} data-autofocus>
            {t('transfers.confirm.pushCheck')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** What people type: spaces and dashes are ignored; the server checks the 6 digits against the operation. */
const codeFormSchema = z.object({
  code: sixDigitCodeSchema,
});
type CodeFormInput = z.input<typeof codeFormSchema>;
type CodeFormOutput = z.output<typeof codeFormSchema>;

const CODE_TEXTS: Record<number, { title: string; text: string }> = {
  2: { title: 'transfers.confirm.smsTitle', text: 'transfers.confirm.smsText' },
  3: { title: 'transfers.confirm.totpTitle', text: 'transfers.confirm.totpText' },
  4: { title: 'transfers.confirm.approvalCodeTitle', text: 'transfers.confirm.approvalCodeText' },
};

/** Modes 2 (SMS), 3 (authenticator app) and 4 (e-mailed approval code): the 6-digit code bound to this transfer. */
function CodeStep({
  operationId,
  result,
  summary,
  onSettled,
  onRejected,
  onDismiss,
}: PendingStepProps) {
  const { t } = useTranslation();
  const confirm = useConfirmTransaction();
  const resend = useResendTransactionCode();
  const texts = CODE_TEXTS[result.approveType] ?? CODE_TEXTS[2];
  const sentTo = resend.data?.approvalSentTo ?? result.approvalSentTo;
  const canResend = result.approveType !== 3;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: schemaResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(({ code }) =>
    confirm.mutate(
      { operationId, code },
      {
        onSuccess: (answer) => {
          if (answer.status === 'settled') onSettled(result.approveType === 2);
          else if (answer.status === 'rejected') onRejected(null);
        },
        onError: (error) => {
          if (endedTransfer(error)) {
            onRejected(describeApiError(t, error));
            return;
          }
          const message = isApiError(error) ? error.validationErrors?.code : undefined;
          if (message) setError('code', { type: 'server', message }, { shouldFocus: true });
        },
      },
    ),
  );
  const onField = isApiError(confirm.error) && !!confirm.error.validationErrors?.code;

  return (
    <Dialog
      opened
      onClose={onDismiss}
      title={t(texts?.title ?? '')}
      closeLabel={t('transfers.confirm.close')}
      size="sm"
    >
      <form onSubmit={submit} noValidate aria-busy={confirm.isPending}>
        <Stack gap="md">
          <Text size="sm">
            {result.approveType === 3 || sentTo
              ? t(texts?.text ?? '', { sentTo })
              : t('transfers.confirm.codeTextNoTarget')}
          </Text>
          <SummaryBox summary={summary} />
          <OneTimeCodeField
            label={t('transfers.confirm.codeLabel')}
            description={t('transfers.confirm.codeHint')}
            maxLength={12}
            error={errors.code?.message}
            disabled={confirm.isPending}
            data-autofocus
            {...register('code')}
          />
          {confirm.error !== null && !onField && !endedTransfer(confirm.error) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, confirm.error)}
            </Alert>
          )}
          {canResend && <ResendStatus sent={resend.isSuccess} error={resend.error} />}
          <Group justify={canResend ? 'space-between' : 'flex-end'} gap="sm">
            {canResend && (
              <Button
                variant="subtle"
                onClick={() => resend.mutate({ operationId })}
                loading={resend.isPending}
                disabled={confirm.isPending}
              >
                {t('transfers.confirm.resendCode')}
              </Button>
            )}
            <Button type="submit" loading={confirm.isPending}>
              {t('transfers.confirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function OutcomePopup({
  tone,
  title,
  onClose,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened
      onClose={onClose}
      title={
        <span className={classes.inline}>
          {tone === 'success' ? (
            <CheckCircleIcon size={20} color="var(--mantine-color-teal-8)" />
          ) : (
            <AlertIcon size={20} color="var(--mantine-color-red-8)" />
          )}
          {title}
        </span>
      }
      closeLabel={t('transfers.confirm.close')}
      size="sm"
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('transfers.confirm.ok')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function SettledPopup({
  summary,
  state,
  autoClose,
  onClose,
}: {
  summary: ConfirmationSummary;
  state: SettledState;
  autoClose: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The latest onClose, so a re-render does not restart the 3 s.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!autoClose) return undefined;
    const timer = setTimeout(() => closeRef.current(), SMS_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [autoClose]);
  return (
    <OutcomePopup
      tone="success"
      title={t(
        state === 'onItsWay' ? 'transfers.confirm.onItsWayTitle' : 'transfers.confirm.settledTitle',
      )}
      onClose={onClose}
    >
      <Text size="sm">
        {t(
          state === 'onItsWay' ? 'transfers.confirm.onItsWayText' : 'transfers.confirm.settledText',
        )}
      </Text>
      <SummaryBox summary={summary} />
      {autoClose && (
        <Text size="xs" c="dimmed">
          {t('transfers.confirm.closesSoon')}
        </Text>
      )}
    </OutcomePopup>
  );
}
