import {
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { MASS_MAX_BYTES, type MassUploadResult } from '@ledgerline/contract';
import type { MassTransferKind } from '@ledgerline/domain/quick-actions';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { useSessionManager } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { apiLink } from '@/lib/download-file';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferAccounts } from '../../api/accounts';
import { AccountSelect } from '../../components/account-select';
import { WithTransferAccounts } from '../../components/with-transfer-accounts';
import { useMassSampleLinks } from '../api/batch';
import { useUploadMassBatch } from '../api/upload';
import { massConfirmPath } from '../paths';
import { IdenticalBatchDialog } from './identical-batch-dialog';
import classes from './mass.module.css';
import { FileField } from '@/ui/file-field';

/** The kinds uploaded here: global payouts have their own screen (issue 17D). */
type UploadKind = Exclude<MassTransferKind, 'global'>;

const FILE_NAME = /\.(csv|xlsx)$/i;

/** Spec 2 §5: a mass transfer needs a file or pasted text. */
const uploadSchema = z
  .object({
    accountId: z.string().min(1, 'validation.required'),
    batchName: z.string().trim().min(1, 'validation.required').max(128, 'validation.tooLong'),
    file: z
      .instanceof(File)
      .nullable()
      .refine((file) => !file || file.size <= MASS_MAX_BYTES, 'validation.fileTooLarge')
      .refine((file) => !file || FILE_NAME.test(file.name), 'validation.fileType'),
    text: z.string().max(MASS_MAX_BYTES, 'validation.fileTooLarge'),
  })
  .refine((values) => values.file !== null || values.text.trim() !== '', {
    path: ['text'],
    message: 'massTransfers.upload.fileOrText',
  });
type UploadInput = z.input<typeof uploadSchema>;
type UploadValues = z.output<typeof uploadSchema>;
const EMPTY: UploadInput = { accountId: '', batchName: '', file: null, text: '' };

/** The kind an upload path names (/transfer/mass/wire … /p2p). */
function kindOfPath(pathname: string): UploadKind {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'eft' || last === 'oct' || last === 'digital' || last === 'p2p' ? last : 'wire';
}

/**
 * /transfer/mass/{wire,eft,oct,digital} and /transfer/mass/p2p (issue 17): the account to pay
 * from, the batch's name and its rows as a CSV or XLSX file or pasted text, with the sample files
 * of the kind. The upload only reads the file: the workbench shows every row before anything moves.
 */
export function MassUploadPage() {
  const { t } = useTranslation();
  const kind = kindOfPath(useLocation().pathname);
  useDocumentTitle(t('massTransfers.upload.pageTitle', { kind: t(`massTransfers.kinds.${kind}`) }));
  return (
    <WithTransferAccounts>
      <UploadForm key={kind} kind={kind} />
    </WithTransferAccounts>
  );
}

function UploadForm({ kind }: { kind: UploadKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = useTransferAccounts().data ?? [];
  const upload = useUploadMassBatch();
  const [identical, setIdentical] = useState<{
    values: UploadValues;
    answer: MassUploadResult;
  } | null>(null);
  const resolver = useMemo(() => schemaResolver(uploadSchema), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UploadInput, unknown, UploadValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const accountId = useWatch({ control, name: 'accountId' });
  const err = (message: string | undefined) =>
    message?.startsWith('massTransfers.') ? t(message) : fieldMessage(t, message);

  const send = (values: UploadValues, ignoreIdenticalBatch: boolean) => {
    upload.mutate(
      {
        data: {
          batchName: values.batchName,
          accountId: Number(values.accountId),
          type: kind,
          ...(ignoreIdenticalBatch ? { ignoreIdenticalBatch: true } : {}),
          ...(values.file ? {} : { text: values.text }),
        },
        file: values.file,
      },
      {
        onSuccess: (answer) => {
          if (answer.responseCode === '92') {
            setIdentical({ values, answer });
            return;
          }
          setIdentical(null);
          void navigate(massConfirmPath(kind, answer.batchId));
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.validationErrors : undefined;
          if (!fields) return;
          const names = {
            batchName: 'batchName',
            accountId: 'accountId',
            attachedFile: 'file',
            text: 'text',
          } as const;
          for (const [name, field] of Object.entries(names)) {
            const message = fields[name];
            if (message) setError(field, { type: 'server', message });
          }
        },
      },
    );
  };

  const fieldErrors = isApiError(upload.error) ? upload.error.validationErrors : undefined;
  const placed =
    fieldErrors &&
    ['batchName', 'accountId', 'attachedFile', 'text'].some((name) => fieldErrors[name]);

  return (
    <div className={classes.uploadLayout}>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        className={classes.uploadPanel}
        component="form"
        noValidate
        aria-labelledby="mass-upload-title"
        onSubmit={(event) => void handleSubmit((values) => send(values, false))(event)}
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="mass-upload-title">
            {t('massTransfers.upload.title', { kind: t(`massTransfers.kinds.${kind}`) })}
          </Title>
          <AccountSelect
            label={t('massTransfers.upload.account')}
            accounts={accounts}
            error={err(errors.accountId?.message)}
            value={accountId}
            field={register('accountId')}
          />
          <TextInput
            label={t('massTransfers.upload.batchName')}
            description={t('massTransfers.upload.batchNameHint')}
            size="md"
            maxLength={128}
            error={err(errors.batchName?.message)}
            {...register('batchName')}
          />
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <FileField
                label={t('massTransfers.upload.file')}
                description={t('massTransfers.upload.fileHint')}
                placeholder={t('massTransfers.upload.chooseFile')}
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                size="md"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={err(errors.file?.message)}
              />
            )}
          />
          <Textarea
            label={t('massTransfers.upload.text')}
            description={t('massTransfers.upload.textHint')}
            rows={5}
            resize="vertical"
            classNames={{ input: classes.mono }}
            error={err(errors.text?.message)}
            {...register('text')}
          />
          {upload.isError && !placed && (
            <Text role="alert" c="red.9" size="sm">
              {describeApiError(t, upload.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={upload.isPending}>
              {t('massTransfers.upload.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <SampleFiles kind={kind} />
      <IdenticalBatchDialog
        answer={identical?.answer ?? null}
        kind={kind}
        sending={upload.isPending}
        onConfirm={() => identical && send(identical.values, true)}
        onClose={() => setIdentical(null)}
      />
    </div>
  );
}

/** The sample files of the kind (CSV and XLSX) and the columns a file has (spec 2 §7 "Mass sample link list"). */
function SampleFiles({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const { baseUrl } = useSessionManager();
  const samples = useMassSampleLinks();
  const sample = samples.data?.samples.find((item) => item.type === kind);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="aside"
      aria-labelledby="mass-samples-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="mass-samples-title">
          {t('massTransfers.samples.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('massTransfers.samples.intro')}
        </Text>
        {samples.isPending && <Text size="sm">{t('massTransfers.samples.loading')}</Text>}
        {samples.isError && <Text size="sm">{t('massTransfers.samples.failed')}</Text>}
        {sample && (
          <>
            <Group gap="md">
              <Anchor href={apiLink(baseUrl, sample.csvUrl)} download>
                {t('massTransfers.samples.csv')}
              </Anchor>
              <Anchor href={apiLink(baseUrl, sample.xlsxUrl)} download>
                {t('massTransfers.samples.xlsx')}
              </Anchor>
            </Group>
            <Text size="sm" fw={600}>
              {t('massTransfers.samples.columns')}
            </Text>
            <ul className={classes.columns}>
              {sample.columns.map((column) => (
                <li key={column.key}>
                  <code>{column.header}</code>
                  {column.required ? '' : ` ${t('massTransfers.samples.optional')}`}
                </li>
              ))}
            </ul>
          </>
        )}
      </Stack>
    </Paper>
  );
}
