import { Button, Group, NativeSelect, PasswordInput, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, type ControllerRenderProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UploadedDocument } from '@ledgerline/contract';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_PARTS,
  type DocumentPart,
} from '@ledgerline/domain';
import { isApiError } from '@/lib/api-error';
import { FormDateField } from '@/ui/date-field';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { useCountries, useDocumentCategories } from '../api/dictionaries';
import { useUploadDocument } from '../api/upload-document';
import { FileField } from '@/ui/file-field';

interface UploadValues {
  countryCode: string;
  categoryId: string;
  documentTypeId: string;
  expiresDate: string;
  mainDocument: File | null;
  additionalDocument: File | null;
  documentPassword: string;
  additionalDocumentPassword: string;
}

const EXTENSIONS = /\.(pdf|jpe?g|png|heic|heif)$/i;

/** A hint before sending: the server reads the content and decides. */
function fileHint(file: File | null, required: boolean): string | true {
  if (!file) return required ? 'validation.required' : true;
  if (file.size > DOCUMENT_MAX_BYTES) return 'validation.fileTooLarge';
  if (!EXTENSIONS.test(file.name)) return 'validation.fileType';
  return true;
}

/**
 * A select's props from its form field. The options come from dictionaries that arrive after the
 * form mounts (and change with the country), so the select is controlled by the form's value and
 * shows the first option until the value is among them, as React shows it. Registering the select
 * instead let react-hook-form read the element's value while the options were missing: on Preact
 * that read '' and replaced the default country (decision 115).
 */
function selectProps(
  field: ControllerRenderProps<UploadValues, 'countryCode' | 'categoryId' | 'documentTypeId'>,
  options: readonly { value: string }[],
) {
  const value = String(field.value);
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    onChange: field.onChange,
    value: options.some((option) => option.value === value) ? value : (options[0]?.value ?? ''),
  };
}

/**
 * Uploads one document for a /kyc item: country, category (when the item allows several) and
 * type from the dictionaries, the expiry date, the file and, for types 4, 5 and 88, the
 * additional (photo) page. A password field appears for a file the server finds protected.
 */
export function UploadForm({
  categoryIds,
  defaultCountry,
  addressId,
  replaces,
  onUploaded,
  onCancel,
}: {
  categoryIds: readonly number[];
  defaultCountry: string;
  addressId?: number | undefined;
  /** The rejected or expired document this upload replaces. */
  replaces?: UploadedDocument | undefined;
  onUploaded: (document: UploadedDocument) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  const countries = useCountries();
  const form = useForm<UploadValues>({
    defaultValues: {
      countryCode: replaces?.countryCode ?? defaultCountry,
      categoryId: String(replaces?.categoryId ?? categoryIds[0] ?? ''),
      documentTypeId: replaces ? String(replaces.documentTypeId) : '',
      expiresDate: '',
      mainDocument: null,
      additionalDocument: null,
      documentPassword: '',
      additionalDocumentPassword: '',
    },
  });
  const countryCode = form.watch('countryCode');
  const categoryId = Number(form.watch('categoryId'));
  const documentTypeId = Number(form.watch('documentTypeId'));
  const categories = useDocumentCategories(countryCode);
  const offered = useMemo(
    () => (categories.data ?? []).filter((category) => categoryIds.includes(category.id)),
    [categories.data, categoryIds],
  );
  const types = offered.find((category) => category.id === categoryId)?.customerDocumentTypes ?? [];
  const type = types.find((item) => item.id === documentTypeId);
  const needsAdditional = type?.needsAdditionalDocument ?? false;
  const errors = form.formState.errors;
  const passwordAsked = (part: DocumentPart) =>
    isApiError(upload.error) &&
    upload.error.validationErrors?.[part] === 'validation.filePasswordRequired';

  const onSubmit = form.handleSubmit((values) => {
    const files: Partial<Record<DocumentPart, File>> = {};
    if (values.mainDocument) files.mainDocument = values.mainDocument;
    if (needsAdditional && values.additionalDocument)
      files.additionalDocument = values.additionalDocument;
    upload.mutate(
      {
        data: {
          categoryId: Number(values.categoryId),
          documentTypeId: Number(values.documentTypeId),
          countryCode: values.countryCode,
          ...(values.expiresDate ? { expiresDate: values.expiresDate } : {}),
          ...(addressId !== undefined ? { addressId } : {}),
          ...(replaces ? { replacesDocumentId: replaces.id } : {}),
          ...(values.documentPassword ? { documentPassword: values.documentPassword } : {}),
          ...(values.additionalDocumentPassword
            ? { additionalDocumentPassword: values.additionalDocumentPassword }
            : {}),
        },
        files,
      },
      {
        onSuccess: (document) => {
          form.reset();
          onUploaded(document);
        },
        onError: (error) => {
          // The server's field errors land on the fields.
          if (!isApiError(error) || !error.validationErrors) return;
          for (const [field, message] of Object.entries(error.validationErrors)) {
            if (field in values)
              form.setError(field as keyof UploadValues, { type: 'server', message });
          }
        },
      },
    );
  });

  const countryOptions = [
    { value: '', label: countries.isPending ? t('kycDocs.loading') : t('kycDocs.choose') },
    ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
  ];
  const typeOptions = [
    { value: '', label: categories.isPending ? t('kycDocs.loading') : t('kycDocs.choose') },
    ...types.map((item) => ({ value: String(item.id), label: item.name })),
  ];
  const err = (field: keyof UploadValues) => fieldMessage(t, errors[field]?.message);
  const unplacedError =
    upload.isError &&
    !(
      isApiError(upload.error) &&
      Object.keys(upload.error.validationErrors ?? {}).some((field) =>
        ['countryCode', 'categoryId', 'documentTypeId', 'expiresDate', ...DOCUMENT_PARTS].includes(
          field,
        ),
      )
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('kycDocs.uploadFormLabel')}>
      <fieldset disabled={upload.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="countryCode"
            rules={{ required: 'validation.required' }}
            render={({ field }) => (
              <NativeSelect
                label={t('kycDocs.country')}
                data={countryOptions}
                error={err('countryCode')}
                {...selectProps(field, countryOptions)}
                onChange={(event) => {
                  field.onChange(event);
                  form.setValue('documentTypeId', '');
                }}
              />
            )}
          />
          {offered.length > 1 && (
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field }) => {
                const categoryOptions = offered.map((category) => ({
                  value: String(category.id),
                  label: category.name,
                }));
                return (
                  <NativeSelect
                    label={t('kycDocs.category')}
                    data={categoryOptions}
                    {...selectProps(field, categoryOptions)}
                    onChange={(event) => {
                      field.onChange(event);
                      form.setValue('documentTypeId', '');
                    }}
                  />
                );
              }}
            />
          )}
          <Controller
            control={form.control}
            name="documentTypeId"
            rules={{ required: 'validation.required' }}
            render={({ field }) => (
              <NativeSelect
                label={t('kycDocs.documentType')}
                data={typeOptions}
                error={err('documentTypeId')}
                {...selectProps(field, typeOptions)}
              />
            )}
          />
          <FormDateField
            control={form.control}
            name="expiresDate"
            label={t('kycDocs.expiresDate')}
            description={t('kycDocs.expiresDateHint')}
            error={err('expiresDate')}
          />
          <Controller
            control={form.control}
            name="mainDocument"
            rules={{ validate: (file) => fileHint(file, true) }}
            render={({ field }) => (
              <FileField
                label={needsAdditional ? t('kycDocs.addressPage') : t('kycDocs.file')}
                description={t('kycDocs.fileHint')}
                placeholder={t('kycDocs.chooseFile')}
                accept={DOCUMENT_ACCEPT}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={err('mainDocument')}
              />
            )}
          />
          {passwordAsked('mainDocument') && (
            <PasswordInput
              label={t('kycDocs.filePassword')}
              description={t('kycDocs.filePasswordHint')}
              {...form.register('documentPassword')}
            />
          )}
          {needsAdditional && (
            <Controller
              control={form.control}
              name="additionalDocument"
              rules={{ validate: (file) => fileHint(file, true) }}
              render={({ field }) => (
                <FileField
                  label={t('kycDocs.photoPage')}
                  description={t('kycDocs.photoPageHint')}
                  placeholder={t('kycDocs.chooseFile')}
                  accept={DOCUMENT_ACCEPT}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={err('additionalDocument')}
                />
              )}
            />
          )}
          {needsAdditional && passwordAsked('additionalDocument') && (
            <PasswordInput
              label={t('kycDocs.additionalPassword')}
              {...form.register('additionalDocumentPassword')}
            />
          )}
          {unplacedError && (
            <Text c="red.9" size="sm" role="alert">
              {describeApiError(t, upload.error)}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" loading={upload.isPending}>
              {replaces ? t('kycDocs.uploadAgain') : t('kycDocs.upload')}
            </Button>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('kycDocs.cancel')}
              </Button>
            )}
          </Group>
          {upload.isPending && (
            <Text size="sm" c="dimmed" role="status">
              {t('kycDocs.uploading')}
            </Text>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
