import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GLOBAL_PAY_FILE_COLUMNS } from '@ledgerline/contract';
import { isApiError } from '@/lib/api-error';
import { useAccountName } from '@/lib/account-name';
import { Dialog } from '@/ui/dialog';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { ListSkeleton } from '@/ui/list-skeleton';
import { useCreateBatch, useSenderAccounts, type CreateAnswer } from '../api/sender';
import { useFormatDate, useFormatMoney } from '../format';
import { describeGlobalPayError, globalPayMessage } from '../messages';
import {
  EMPTY_PAYMENT,
  FormError,
  PaymentFields,
  showPaymentErrors,
  usePaymentForm,
} from './payment-form';
import { FileField } from '@/ui/file-field';

const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none',
} as const;

/** The main API takes 1 MB bodies: a CSV up to 900,000 characters (the contract's limit). */
const MAX_FILE_BYTES = 900_000;

/** A sample file with the columns the upload reads, in their order (spec 2 §7 sample links). */
const SAMPLE_CSV = [
  GLOBAL_PAY_FILE_COLUMNS.join(','),
  'Maria Lopez,maria@example.com,ES,120.00,Design work May,individual,sender',
  'Studio Nord GmbH,billing@example.com,DE,80.50,Affiliate payout,business,beneficiary',
].join('\n');
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${SAMPLE_CSV}\n`)}`;

type Mode = 'list' | 'file';

/**
 * A new global payout batch: its name and the account it is paid from, then either the first
 * payment typed in (more are added in the batch) or a CSV file. An identical batch made before
 * answers 92: a dialog asks before making it again (spec 2 §4, §8).
 */
export function NewBatchForm({ onCreated }: { onCreated: (batchId: number) => void }) {
  const { t } = useTranslation();
  const accounts = useSenderAccounts();
  const accountName = useAccountName();
  const money = useFormatMoney();
  const create = useCreateBatch();
  const [mode, setMode] = useState<Mode>('list');
  const [batchName, setBatchName] = useState('');
  const [accountId, setAccountId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [identical, setIdentical] = useState<{ answer: CreateAnswer; retry: () => void } | null>(
    null,
  );
  const form = usePaymentForm(EMPTY_PAYMENT);
  const account = accounts.data?.find((candidate) => String(candidate.accountId) === accountId);

  if (accounts.isPending) return <ListSkeleton rows={4} label={t('globalPayouts.batch.loading')} />;
  if (accounts.isError)
    return (
      <LoadFailed
        title={t('globalPayouts.batch.accountsFailed')}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isFetching}
      />
    );

  /** Checks the batch's own fields; answers them when they are good. */
  const checkBatch = (): { batchName: string; accountId: number } | null => {
    const found: Record<string, string> = {};
    if (batchName.trim() === '') found.batchName = 'validation.required';
    if (!account) found.accountId = 'validation.required';
    if (mode === 'file' && !file) found.attachedFile = 'validation.required';
    else if (mode === 'file' && file && file.size > MAX_FILE_BYTES)
      found.attachedFile = 'globalPay.fileTooLarge';
    setProblems(found);
    return Object.keys(found).length === 0 && account
      ? { batchName: batchName.trim(), accountId: account.accountId }
      : null;
  };

  const send = (body: Parameters<typeof create.mutate>[0]) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        if (answer.responseCode === '92') {
          setIdentical({ answer, retry: () => send({ ...body, ignoreIdenticalBatch: true }) });
          return;
        }
        setIdentical(null);
        onCreated(answer.batchId);
      },
      onError: (error) => {
        if (body.kind === 'list') showPaymentErrors(form, error);
        if (isApiError(error) && error.validationErrors) {
          const own: Record<string, string> = {};
          for (const [path, message] of Object.entries(error.validationErrors))
            if (['batchName', 'accountId'].includes(path) || path.startsWith('attachedFile'))
              own[path.startsWith('attachedFile') ? 'attachedFile' : path] = message;
          setProblems(own);
        }
      },
    });

  const submitList = form.handleSubmit(
    (payment) => {
      const batch = checkBatch();
      if (batch) send({ kind: 'list', ...batch, payments: [payment] });
    },
    () => checkBatch(),
  );
  const submitFile = async () => {
    const batch = checkBatch();
    if (!batch || !file) return;
    const content = await file.text();
    send({ kind: 'file', ...batch, attachedFile: { fileName: file.name, content } });
  };

  const isOnFields =
    isApiError(create.error) && Object.keys(create.error.validationErrors ?? {}).length > 0;
  const problem = (name: string) => globalPayMessage(t, problems[name]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        aria-busy={create.isPending}
        onSubmit={(event) => {
          if (mode === 'list') void submitList(event);
          else {
            event.preventDefault();
            void submitFile();
          }
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('globalPayouts.batch.newTitle')}
          </Title>
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('globalPayouts.field.batchName')}
              withAsterisk
              maxLength={100}
              value={batchName}
              onChange={(event) => setBatchName(event.currentTarget.value)}
              error={problem('batchName')}
              disabled={create.isPending}
              miw={220}
            />
            <NativeSelect
              {...SELECT_LOOK}
              label={t('globalPayouts.field.account')}
              withAsterisk
              value={accountId}
              onChange={(event) => setAccountId(event.currentTarget.value)}
              error={problem('accountId')}
              disabled={create.isPending}
              miw={220}
              data={[
                { value: '', label: t('globalPayouts.batch.chooseAccount') },
                ...accounts.data.map((candidate) => ({
                  value: String(candidate.accountId),
                  label: `${accountName(candidate)} · ${money(String(candidate.balance), candidate.currencyCode)}`,
                })),
              ]}
            />
          </Group>
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            disabled={create.isPending}
            aria-label={t('globalPayouts.batch.modeLabel')}
            data={[
              { value: 'list', label: t('globalPayouts.batch.modeList') },
              { value: 'file', label: t('globalPayouts.batch.modeFile') },
            ]}
          />
          {mode === 'list' ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('globalPayouts.batch.listHint')}
              </Text>
              <PaymentFields
                form={form}
                currencyCode={account?.currencyCode ?? null}
                disabled={create.isPending}
              />
            </Stack>
          ) : (
            <Stack gap="xs">
              <FileField
                label={t('globalPayouts.field.file')}
                description={t('globalPayouts.batch.fileHint', {
                  columns: GLOBAL_PAY_FILE_COLUMNS.join(', '),
                })}
                withAsterisk
                accept=".csv,text/csv"
                value={file}
                onChange={setFile}
                error={problem('attachedFile')}
                disabled={create.isPending}
                placeholder={t('globalPayouts.batch.filePlaceholder')}
              />
              <Anchor href={SAMPLE_HREF} download="global-payout-sample.csv" size="sm">
                {t('globalPayouts.batch.sample')}
              </Anchor>
            </Stack>
          )}
          <FormError error={create.error} isOnFields={isOnFields} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('globalPayouts.batch.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      <IdenticalBatchDialog
        identical={identical?.answer ?? null}
        isPending={create.isPending}
        error={identical ? create.error : null}
        onOpen={(batchId) => {
          setIdentical(null);
          onCreated(batchId);
        }}
        onConfirm={() => identical?.retry()}
        onClose={() => setIdentical(null)}
      />
    </Paper>
  );
}

/** 92: an identical batch exists (its date and id); open it, or make this one anyway. */
function IdenticalBatchDialog({
  identical,
  isPending,
  error,
  onOpen,
  onConfirm,
  onClose,
}: {
  identical: CreateAnswer | null;
  isPending: boolean;
  error: unknown;
  onOpen: (batchId: number) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const day = useFormatDate();
  return (
    <Dialog
      opened={identical !== null}
      onClose={onClose}
      title={t('globalPayouts.batch.identicalTitle')}
      closeLabel={t('globalPayouts.close')}
      size="sm"
    >
      {identical && (
        <Stack gap="md">
          <Text size="sm">
            {t('globalPayouts.batch.identicalText', {
              date: day(identical.date),
              batchId: identical.batchId,
            })}
          </Text>
          {error !== null && error !== undefined && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeGlobalPayError(t, error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => onOpen(identical.batchId)}
              disabled={isPending}
              data-autofocus
            >
              {t('globalPayouts.batch.openIdentical')}
            </Button>
            <Button onClick={onConfirm} loading={isPending}>
              {t('globalPayouts.batch.createAnyway')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
