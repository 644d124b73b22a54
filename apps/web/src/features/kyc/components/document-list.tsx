import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedDocument } from '@ledgerline/contract';
import {
  DOCUMENT_STATUS,
  PROOF_OF_ADDRESS_CATEGORY,
  isDocumentRejectReason,
  isReplaced,
  needsReupload,
} from '@ledgerline/domain';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { translateErrorMessage } from '@/i18n';
import { useCancelDocument, useDownloadDocumentFile } from '../api/upload-document';
import { UploadForm } from './upload-form';

const TONE: Record<number, BadgeTone> = {
  [DOCUMENT_STATUS.submitted]: 'blue',
  [DOCUMENT_STATUS.pending]: 'blue',
  [DOCUMENT_STATUS.underInvestigation]: 'blue',
  [DOCUMENT_STATUS.confirmed]: 'teal',
  [DOCUMENT_STATUS.rejected]: 'red',
  [DOCUMENT_STATUS.nameMismatch]: 'red',
  [DOCUMENT_STATUS.expired]: 'orange',
};

/** A document's status id in words (spec 2 §4 "Document status ids"). */
export function DocumentStatus({ statusId }: { statusId: number }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[statusId] ?? 'gray'} size="sm">
      {t(`kycDocs.status.${statusId}`, { defaultValue: t('kycDocs.status.other') })}
    </StatusBadge>
  );
}

/** Compliance's reason: a known code in the customer's language, else its own words. */
export function RejectReason({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <Text size="sm" c="red.9">
      {t('kycDocs.rejectReason', {
        reason: isDocumentRejectReason(reason) ? t(`kycDocs.rejectReasons.${reason}`) : reason,
      })}
    </Text>
  );
}

function DocumentRow({
  document,
  defaultCountry,
  categoryIds,
  addressId,
  replaced,
}: {
  document: UploadedDocument;
  defaultCountry: string;
  categoryIds: readonly number[];
  addressId: number | undefined;
  replaced: boolean;
}) {
  const { t } = useTranslation();
  const [reuploading, setReuploading] = useState(false);
  const cancel = useCancelDocument();
  const download = useDownloadDocumentFile();
  // Once a newer upload stands in its place, the old one asks for nothing more.
  const canReupload = needsReupload(document.statusId) && !replaced;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={document.documentType}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {document.documentType}
          </Text>
          <DocumentStatus statusId={document.statusId} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('kycDocs.uploadedOn', { date: document.uploaded.slice(0, 10) })}
          {document.expiresDate && ` · ${t('kycDocs.expiresOn', { date: document.expiresDate })}`}
          {document.files.length > 0 &&
            ` · ${document.files.map((file) => file.fileName).join(', ')}`}
        </Text>
        {document.files.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {document.files.map((file) => (
              <Button
                key={file.part}
                size="xs"
                variant="subtle"
                loading={download.isPending && download.variables.part === file.part}
                onClick={() => download.mutate({ documentId: document.id, part: file.part })}
              >
                {t('kycDocs.downloadFile', { fileName: file.fileName })}
              </Button>
            ))}
          </Group>
        )}
        {download.isError && (
          <Text size="sm" c="red.9" role="alert">
            {translateErrorMessage(t, download.error)}
          </Text>
        )}
        {document.expiry === 'expiringSoon' && document.statusId === DOCUMENT_STATUS.confirmed && (
          <Text size="sm" c="orange.9">
            {t('kycDocs.expiringSoon')}
          </Text>
        )}
        {(document.statusId === DOCUMENT_STATUS.rejected ||
          document.statusId === DOCUMENT_STATUS.nameMismatch) && (
          <RejectReason reason={document.rejectReason} />
        )}
        {replaced && (
          <Text size="sm" c="dimmed">
            {t('kycDocs.replacedByNewer')}
          </Text>
        )}
        {(canReupload || document.canCancel) && !reuploading && (
          <Group gap="xs">
            {canReupload && (
              <Button size="xs" onClick={() => setReuploading(true)}>
                {t('kycDocs.uploadAgainFor', { type: document.documentType })}
              </Button>
            )}
            {document.canCancel && (
              <Button
                size="xs"
                variant="default"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(document.id)}
              >
                {t('kycDocs.withdraw')}
              </Button>
            )}
          </Group>
        )}
        {reuploading && (
          <UploadForm
            categoryIds={categoryIds}
            defaultCountry={document.countryCode ?? defaultCountry}
            addressId={
              document.addressId ??
              (document.categoryId === PROOF_OF_ADDRESS_CATEGORY ? addressId : undefined)
            }
            replaces={document}
            onUploaded={() => setReuploading(false)}
            onCancel={() => setReuploading(false)}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The documents of one /kyc item, newest first, each with its status and what can be done. */
export function DocumentList({
  documents,
  defaultCountry,
  categoryIds,
  addressId,
  allDocuments = documents,
}: {
  documents: readonly UploadedDocument[];
  defaultCountry: string;
  categoryIds: readonly number[];
  /** The address a new proof of address is for, when the document itself names none. */
  addressId?: number | undefined;
  /** All the customer's documents: a newer one may replace a listed one from another item. */
  allDocuments?: readonly UploadedDocument[];
}) {
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {documents.map((document) => (
        <DocumentRow
          key={document.id}
          document={document}
          defaultCountry={defaultCountry}
          categoryIds={categoryIds}
          addressId={addressId}
          replaced={isReplaced(document, allDocuments)}
        />
      ))}
    </Stack>
  );
}
