import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BatchTransfer, MainResponse } from '@ledgerline/contract';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { useTransferScreens } from '../../api/access';
import { useFormatMoney } from '../../format';
import {
  useBatchesAwaitingApproval,
  useBatchPayees,
  useConfirmMassDecision,
  useStartMassDecision,
} from '../api/approvals';
import { massConfirmPath } from '../paths';
import { rowPayee } from '../texts';

type Operation = MainResponse<'massApprove'>;
type Outcome = MainResponse<'massApproveConfirm'> & { name: string };

/**
 * On the approvals screen (issue 17): the company's batches waiting for an approver, each with its
 * rows, total and whom it pays. A full-access user approves or declines the whole batch
 * (massApprove) and proves it with their own code; the approval is bound to the batch's total and
 * payees, so a batch changed since cannot be paid.
 */
export function BatchApprovals() {
  const { t } = useTranslation();
  const { fullAccess } = useTransferScreens();
  const batches = useBatchesAwaitingApproval(fullAccess);
  const start = useStartMassDecision();
  const [deciding, setDeciding] = useState<{ batch: BatchTransfer; operation: Operation } | null>(
    null,
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!fullAccess || !batches.data || (batches.data.length === 0 && !outcome)) return null;

  const begin = (batch: BatchTransfer, declined: boolean) => {
    setOutcome(null);
    start.mutate(
      { batchId: batch.batchId, declined },
      { onSuccess: (operation) => setDeciding({ batch, operation }) },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="batch-approvals"
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id="batch-approvals">
          {t('massTransfers.approvals.title')}
        </Title>
        {outcome && (
          <Alert
            color={outcome.status === 'failed' ? 'orange' : 'teal'}
            variant="light"
            icon={outcome.status === 'failed' ? <AlertIcon /> : <CheckCircleIcon />}
            role="status"
            withCloseButton
            closeButtonLabel={t('massTransfers.close')}
            onClose={() => setOutcome(null)}
          >
            {outcome.status === 'failed'
              ? (outcome.message ?? t('massTransfers.approvals.failed'))
              : t(`massTransfers.approvals.${outcome.status}`, { name: outcome.name })}
          </Alert>
        )}
        {start.isError && (
          <Text role="alert" c="red.9" size="sm">
            {describeApiError(t, start.error)}
          </Text>
        )}
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {batches.data.map((batch) => (
            <BatchRequest
              key={batch.batchId}
              batch={batch}
              starting={start.isPending && start.variables?.batchId === batch.batchId}
              onDecide={(declined) => begin(batch, declined)}
            />
          ))}
        </Stack>
      </Stack>
      {deciding && (
        <MassDecisionDialog
          batch={deciding.batch}
          operation={deciding.operation}
          onDone={(answer) => {
            setOutcome({ ...answer, name: deciding.batch.name });
            setDeciding(null);
          }}
          onClose={() => setDeciding(null)}
        />
      )}
    </Paper>
  );
}

function BatchRequest({
  batch,
  starting,
  onDecide,
}: {
  batch: BatchTransfer;
  starting: boolean;
  onDecide: (declined: boolean) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const payees = useBatchPayees(batch.batchId);
  const names = (payees.data?.rows ?? []).map(rowPayee).filter(Boolean);
  const more = Math.max(0, batch.paymentsCount - names.length);
  return (
    <li data-testid="batch-approval">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={600}>{batch.name}</Text>
          <Text size="sm">
            {t('massTransfers.approvals.facts', {
              count: batch.paymentsCount,
              total: money(String(batch.totalAmount), batch.currency),
            })}
          </Text>
          {names.length > 0 && (
            <Text size="sm" c="dimmed" truncate>
              {more > 0
                ? t('massTransfers.approvals.payeesMore', { payees: names.join(', '), count: more })
                : names.join(', ')}
            </Text>
          )}
          <Anchor component={Link} to={massConfirmPath(batch.type, batch.batchId)} size="sm">
            {t('massTransfers.approvals.open', { name: batch.name })}
          </Anchor>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            size="sm"
            disabled={starting}
            onClick={() => onDecide(true)}
            aria-label={t('massTransfers.approvals.declineBatch', { name: batch.name })}
          >
            {t('massTransfers.approvals.decline')}
          </Button>
          <Button
            size="sm"
            loading={starting}
            onClick={() => onDecide(false)}
            aria-label={t('massTransfers.approvals.approveBatch', { name: batch.name })}
          >
            {t('massTransfers.approvals.approve')}
          </Button>
        </Group>
      </Group>
    </li>
  );
}

const codeSchema = z.object({ code: sixDigitCodeSchema });

/** The approver's own code for a started batch decision (push: the phone's answer, then check). */
function MassDecisionDialog({
  batch,
  operation,
  onDone,
  onClose,
}: {
  batch: BatchTransfer;
  operation: Operation;
  onDone: (answer: MainResponse<'massApproveConfirm'>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const confirm = useConfirmMassDecision();
  const isPush = operation.approveType === 1;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: schemaResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const finish = (code?: string) =>
    confirm.mutate(
      { approvalTransactionId: operation.approvalTransactionId, ...(code ? { code } : {}) },
      {
        onSuccess: onDone,
        onError: (error) => {
          const message = isApiError(error) ? error.validationErrors?.code : undefined;
          if (message) setError('code', { type: 'server', message }, { shouldFocus: true });
        },
      },
    );
  const onField = isApiError(confirm.error) && !!confirm.error.validationErrors?.code;
  return (
    <Dialog
      opened
      onClose={onClose}
      title={
        operation.declined
          ? t('massTransfers.approvals.declineTitle')
          : t('massTransfers.approvals.approveTitle')
      }
      closeLabel={t('massTransfers.close')}
      size="sm"
    >
      <form
        noValidate
        aria-busy={confirm.isPending}
        onSubmit={(event) => void handleSubmit(({ code }) => finish(code))(event)}
      >
        <Stack gap="md">
          <Text size="sm">
            {isPush
              ? t('massTransfers.approvals.pushText')
              : t('massTransfers.approvals.codeText', { sentTo: operation.approvalSentTo ?? '' })}
          </Text>
          <Text size="sm" fw={600}>
            {t('massTransfers.approvals.facts', {
              count: batch.paymentsCount,
              total: money(String(batch.totalAmount), batch.currency),
            })}
          </Text>
          {!isPush && (
            <OneTimeCodeField
              label={t('massTransfers.approvals.code')}
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('massTransfers.approvals.cancel')}
            </Button>
            <Button
              type={isPush ? 'button' : 'submit'}
              onClick={isPush ? () => finish() : undefined}
              loading={confirm.isPending}
            >
              {operation.declined
                ? t('massTransfers.approvals.confirmDecline')
                : t('massTransfers.approvals.confirmApprove')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
