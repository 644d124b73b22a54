import {
  Alert,
  Button,
  Checkbox,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/InlineInput.css';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { logoNameSchema, type Logo } from '@ledgerline/contract';
import { LOGO_MAX_BYTES, LOGO_NAME_MAX } from '@ledgerline/domain/merchant-buttons';
import { useSessionManager } from '@/app/session';
import { apiLink } from '@/lib/download-file';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDeleteLogo, useLogos, useUpdateLogo, useUploadLogo } from '../api/buttons';
import { ConfirmDialog } from './confirm-dialog';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { FileField } from '@/ui/file-field';

const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** The upload form: a PNG or JPEG of at most 1 MB (the server tells the type by content). */
const uploadFormSchema = z.object({
  name: logoNameSchema,
  isDefault: z.boolean(),
  file: z
    .instanceof(File, { message: 'validation.required' })
    .nullable()
    .refine((file) => file !== null, 'validation.required')
    .refine((file) => file === null || LOGO_TYPES.includes(file.type), 'validation.logoFileType')
    .refine((file) => file === null || file.size <= LOGO_MAX_BYTES, 'validation.logoTooLarge'),
});

/** A local preview of the chosen image (released when it changes). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function UploadForm({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const upload = useUploadLogo(customerId);
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: schemaResolver(uploadFormSchema),
    defaultValues: { name: '', isDefault: false, file: null as File | null },
  });
  const preview = usePreview(watch('file'));
  const submit = handleSubmit(({ name, isDefault, file }) => {
    if (!file) return;
    upload.mutate(
      { data: { name, isDefault }, file },
      {
        onSuccess: () => reset(),
        onError: (error) => {
          const fields = isApiError(error) ? (error.validationErrors ?? {}) : {};
          if (fields['file[]']) setError('file', { message: fields['file[]'] });
          if (fields.name) setError('name', { message: fields.name });
        },
      },
    );
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('merchantButtons.logos.uploadTitle')}
    >
      <fieldset className={frame.fieldset} disabled={upload.isPending}>
        <Stack gap="md">
          <Title order={3} fz="md">
            {t('merchantButtons.logos.uploadTitle')}
          </Title>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Stack gap="md" style={{ flex: '1 1 260px' }}>
              <Controller
                control={control}
                name="file"
                render={({ field }) => (
                  <FileField
                    label={t('merchantButtons.logos.file')}
                    description={t('merchantButtons.logos.fileHint')}
                    placeholder={t('merchantButtons.logos.chooseFile')}
                    accept={LOGO_TYPES.join(',')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                    error={fieldMessage(t, errors.file?.message)}
                    required
                  />
                )}
              />
              <TextInput
                label={t('merchantButtons.logos.name')}
                maxLength={LOGO_NAME_MAX}
                error={fieldMessage(t, errors.name?.message)}
                required
                {...register('name')}
              />
              <Checkbox label={t('merchantButtons.logos.makeDefault')} {...register('isDefault')} />
            </Stack>
            {preview && (
              <Image
                src={preview}
                alt={t('merchantButtons.logos.preview')}
                w={120}
                h={120}
                fit="contain"
                radius="md"
                className={classes.logoPreview}
              />
            )}
          </Group>
          {upload.isError && !(isApiError(upload.error) && upload.error.validationErrors) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, upload.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={upload.isPending}>
              {t('merchantButtons.logos.upload')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

const renameSchema = z.object({ name: logoNameSchema });

function RenameDialog({
  customerId,
  logo,
  onClose,
}: {
  customerId: number;
  logo: Logo;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateLogo(customerId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: schemaResolver(renameSchema), defaultValues: { name: logo.name } });
  const submit = handleSubmit(({ name }) =>
    update.mutate({ id: logo.id, name }, { onSuccess: onClose }),
  );
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('merchantButtons.logos.renameTitle', { name: logo.name })}
      closeLabel={t('merchant.close')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={frame.fieldset} disabled={update.isPending}>
          <Stack gap="md">
            <TextInput
              label={t('merchantButtons.logos.name')}
              maxLength={LOGO_NAME_MAX}
              error={fieldMessage(t, errors.name?.message)}
              required
              data-autofocus
              {...register('name')}
            />
            {update.isError && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, update.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('merchant.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('merchantButtons.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}

/** /merchant/buttons/business_logos (spec 2 §3 "Logo", §7): upload, list, default, rename, delete. */
export function BusinessLogosPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const { baseUrl } = useSessionManager();
  const logos = useLogos(customerId);
  const update = useUpdateLogo(customerId);
  const remove = useDeleteLogo(customerId);
  const [renaming, setRenaming] = useState<Logo | null>(null);
  const [deleting, setDeleting] = useState<Logo | null>(null);
  useDocumentTitle(t('merchantButtons.logos.title'));

  const thumbnail = (logo: Logo) => (
    <Image
      src={apiLink(baseUrl, logo.file)}
      alt={logo.name}
      w={48}
      h={48}
      fit="contain"
      radius="sm"
      className={classes.logoPreview}
    />
  );
  const badge = (logo: Logo) =>
    logo.isDefault ? (
      <StatusBadge tone="teal" size="sm">
        {t('merchantButtons.logos.default')}
      </StatusBadge>
    ) : null;
  const actions = (logo: Logo) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {!logo.isDefault && (
        <Button
          size="compact-sm"
          variant="subtle"
          loading={update.isPending && update.variables.id === logo.id}
          onClick={() => update.mutate({ id: logo.id, isDefault: true })}
          aria-label={t('merchantButtons.logos.makeDefaultNamed', { name: logo.name })}
        >
          {t('merchantButtons.logos.setDefault')}
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setRenaming(logo)}
        aria-label={t('merchantButtons.logos.renameNamed', { name: logo.name })}
      >
        {t('merchantButtons.logos.rename')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setDeleting(logo)}
        aria-label={t('merchantButtons.deleteNamed', { name: logo.name })}
      >
        {t('merchant.delete')}
      </Button>
    </Group>
  );
  const columns: DataColumn<Logo>[] = [
    { id: 'image', header: t('merchantButtons.logos.image'), cell: thumbnail },
    {
      id: 'name',
      header: t('merchantButtons.logos.name'),
      rowHeader: true,
      cell: (logo) => logo.name,
    },
    { id: 'default', header: t('merchantButtons.logos.default'), cell: badge },
    {
      id: 'actions',
      header: t('merchant.actions'),
      headerHidden: true,
      align: 'right',
      cell: actions,
    },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('merchantButtons.logos.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('merchantButtons.logos.intro')}
            </Text>
          </Stack>
          {update.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, update.error)}
            </Alert>
          )}
          {logos.isPending && <ListSkeleton rows={3} label={t('merchantButtons.logos.loading')} />}
          {logos.isError && (
            <LoadFailed
              title={t('merchantButtons.logos.loadFailed')}
              error={logos.error}
              onRetry={() => void logos.refetch()}
              retrying={logos.isFetching}
            />
          )}
          {logos.isSuccess && logos.data.length === 0 && (
            <Stack gap={2}>
              <Text fw={600}>{t('merchantButtons.logos.emptyTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('merchantButtons.logos.emptyText')}
              </Text>
            </Stack>
          )}
          {logos.isSuccess && logos.data.length > 0 && (
            <DataTable
              rows={logos.data}
              rowKey={(logo) => logo.id}
              columns={columns}
              caption={t('merchantButtons.logos.caption')}
              minWidth={560}
              card={{
                listClassName: classes.list,
                itemClassName: `${frame.card} ${frame.cardWithActions}`,
                render: (logo) => (
                  <>
                    <Group gap="sm" wrap="nowrap">
                      {thumbnail(logo)}
                      <Text fw={600} size="sm">
                        {logo.name}
                      </Text>
                      {badge(logo)}
                    </Group>
                    {actions(logo)}
                  </>
                ),
              }}
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <UploadForm customerId={customerId} />
      </Paper>
      {renaming && (
        <RenameDialog
          key={renaming.id}
          customerId={customerId}
          logo={renaming}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('merchantButtons.logos.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('merchantButtons.logos.deleteText')}
        confirmLabel={t('merchantButtons.logos.deleteConfirm')}
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
