import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ApprovalOperation, BusinessApprovalOutcome } from '@ledgerline/contract';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { useConfirmDecision, useResendDecisionCode } from '../api/approvals';
import classes from './approvals.module.css';

/** What the approver decides, as the code names it: the amount and the payee (or how many requests). */
export interface DecisionSummary {
  amount: string;
  payee: string;
}

const codeFormSchema = z.object({ code: sixDigitCodeSchema });
type CodeFormInput = z.input<typeof codeFormSchema>;
type CodeFormOutput = z.output<typeof codeFormSchema>;

const TEXTS: Record<number, string> = {
  2: 'businessApprovals.code.smsText',
  3: 'businessApprovals.code.totpText',
  4: 'businessApprovals.code.emailText',
};

/**
 * The approver's own second factor for a started decision (spec 2 §4 modes 1–4): a 6-digit code
 * from an SMS, the authenticator app or an e-mail, with resend (not for the app), or the phone's
 * approval for push. The server checks the code against this decision only.
 */
export function DecisionDialog({
  operation,
  summary,
  onDone,
  onClose,
}: {
  operation: ApprovalOperation;
  summary: DecisionSummary;
  onDone: (results: BusinessApprovalOutcome[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmDecision();
  const resend = useResendDecisionCode();
  const isPush = operation.approveType === 1;
  const canResend = operation.approveType !== 3;
  const sentTo = resend.data?.approvalSentTo ?? operation.approvalSentTo;
  const id = operation.approvalTransactionId;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: schemaResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  const finish = (code?: string) =>
    confirm.mutate(
      { approvalTransactionId: id, ...(code ? { code } : {}) },
      {
        onSuccess: (answer) => onDone(answer.results),
        onError: (error) => {
          const message = isApiError(error) ? error.validationErrors?.code : undefined;
          if (message) setError('code', { type: 'server', message }, { shouldFocus: true });
        },
      },
    );
  const submit = handleSubmit(({ code }) => finish(code));
  const onField = isApiError(confirm.error) && !!confirm.error.validationErrors?.code;
  const title = operation.declined
    ? t('businessApprovals.code.declineTitle')
    : t('businessApprovals.code.approveTitle');

  return (
    <Dialog
      opened
      onClose={onClose}
      title={title}
      closeLabel={t('transfers.confirm.close')}
      size="sm"
    >
      <form onSubmit={submit} noValidate aria-busy={confirm.isPending}>
        <Stack gap="md">
          <Text size="sm">
            {isPush
              ? t('businessApprovals.code.pushText')
              : t(TEXTS[operation.approveType] ?? 'businessApprovals.code.emailText', {
                  sentTo: sentTo ?? '',
                })}
          </Text>
          <dl className={classes.facts}>
            <div>
              <dt>{t('businessApprovals.detail.total')}</dt>
              <dd data-testid="decision-amount">{summary.amount}</dd>
            </div>
            <div>
              <dt>{t('businessApprovals.detail.to')}</dt>
              <dd>{summary.payee}</dd>
            </div>
          </dl>
          {isPush ? (
            <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm" c="dimmed">
                {t('businessApprovals.code.pushWaiting')}
              </Text>
            </Group>
          ) : (
            <OneTimeCodeField
              label={t('transfers.confirm.codeLabel')}
              description={t('transfers.confirm.codeHint')}
              maxLength={12}
              error={errors.code?.message}
              disabled={confirm.isPending}
              data-autofocus
              {...register('code')}
            />
          )}
          {confirm.error !== null && !onField && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, confirm.error)}
            </Alert>
          )}
          <div role="status" aria-live="polite" className={classes.live}>
            {resend.isSuccess && (
              <Text size="sm" c="teal.9">
                <CheckCircleIcon size={16} /> {t('transfers.confirm.resent')}
              </Text>
            )}
          </div>
          {resend.error !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, resend.error)}
            </Alert>
          )}
          <Group justify={canResend ? 'space-between' : 'flex-end'} gap="sm">
            {canResend && (
              <Button
                variant="subtle"
                onClick={() => resend.mutate({ approvalTransactionId: id })}
                loading={resend.isPending}
                disabled={confirm.isPending}
              >
                {isPush ? t('transfers.confirm.resendPush') : t('transfers.confirm.resendCode')}
              </Button>
            )}
            {isPush ? (
              <Button onClick={() => finish()} loading={confirm.isPending} data-autofocus>
                {t('transfers.confirm.pushCheck')}
              </Button>
            ) : (
              <Button type="submit" loading={confirm.isPending}>
                {operation.declined
                  ? t('businessApprovals.code.confirmDecline')
                  : t('businessApprovals.code.confirmApprove')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
