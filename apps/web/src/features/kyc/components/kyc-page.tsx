import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { KycInfo, UploadedDocument } from '@ledgerline/contract';
import {
  COMPANY_DOCUMENT_CATEGORIES,
  DOCUMENT_STATUS,
  PROOF_OF_ADDRESS_CATEGORY,
  PROOF_OF_IDENTITY_CATEGORY,
  documentCategoryId,
  type KycChecklistEntry,
  type KycItem,
  type KycItemState,
} from '@ledgerline/domain';
import { isBusinessCustomerType } from '@ledgerline/domain/constants';
import { customerInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { useBrand } from '@/brands';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useKycInfo } from '../api/kyc-info';
import { DocumentList } from './document-list';
import { IdentityItem } from './identity-item';
import { UploadForm } from './upload-form';

const STATE_TONE: Record<KycItemState, BadgeTone> = {
  todo: 'orange',
  inReview: 'blue',
  done: 'teal',
};

const IDENTITY_CATEGORIES = [PROOF_OF_IDENTITY_CATEGORY, documentCategoryId('ResidencePermit')];

/** The categories an item's uploads belong to. */
function categoriesOf(item: KycItem, info: KycInfo): readonly number[] {
  switch (item) {
    case 'identity':
      return IDENTITY_CATEGORIES;
    case 'proofOfAddress':
      return [PROOF_OF_ADDRESS_CATEGORY];
    case 'companyDocuments':
      return COMPANY_DOCUMENT_CATEGORIES;
    case 'renewedDocuments':
      return [
        ...new Set(
          info.documents
            .filter((doc) => doc.statusId === DOCUMENT_STATUS.expired)
            .map((doc) => doc.categoryId),
        ),
      ];
    case 'representatives':
    case 'phone':
    case 'taxForms':
      return [];
  }
}

function documentsOf(item: KycItem, info: KycInfo): UploadedDocument[] {
  if (item === 'renewedDocuments')
    return info.documents.filter((doc) => doc.statusId === DOCUMENT_STATUS.expired);
  const categories = categoriesOf(item, info);
  // Expired documents are renewed from their own item, so they are listed there only.
  const renewing = info.checklist.some((entry) => entry.item === 'renewedDocuments');
  return info.documents.filter(
    (doc) =>
      categories.includes(doc.categoryId) &&
      doc.statusId !== DOCUMENT_STATUS.canceled &&
      !(renewing && doc.statusId === DOCUMENT_STATUS.expired),
  );
}

function KycItemCard({
  entry,
  info,
  defaultCountry,
  open,
  identityCheck,
}: {
  entry: KycChecklistEntry;
  info: KycInfo;
  defaultCountry: string;
  open: boolean;
  identityCheck: ReactNode | undefined;
}) {
  const { t } = useTranslation();
  const { item, state } = entry;
  const [uploading, setUploading] = useState(open);
  const categories = categoriesOf(item, info);
  const documents = documentsOf(item, info);
  const headingId = `kyc-${item}-title`;
  // Renewed documents are uploaded from the expired document's own row (it names what it replaces).
  const canUpload = categories.length > 0 && item !== 'renewedDocuments' && state !== 'done';
  const address = item === 'proofOfAddress' ? info.address : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      id={`kyc-${item}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="lg" id={headingId}>
            {t(`kycDocs.items.${item}.title`)}
          </Title>
          <StatusBadge tone={STATE_TONE[state]} size="sm">
            {t(`kycDocs.itemState.${state}`)}
          </StatusBadge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`kycDocs.items.${item}.text`)}
        </Text>
        {address && (
          <Text size="sm">
            {t('kycDocs.addressLine', {
              address: [address.address1, address.city, address.countryCode].join(', '),
              status: t(`kycDocs.addressStatus.${address.addressStatus}`),
            })}
          </Text>
        )}
        {item === 'identity' && (
          <IdentityItem identity={info.identity} state={state} identityCheck={identityCheck} />
        )}
        {(item === 'phone' || item === 'taxForms') && (
          <Button component={Link} to="/profile" variant="default" w="fit-content">
            {t('kycDocs.openProfile')}
          </Button>
        )}
        <DocumentList
          documents={documents}
          defaultCountry={defaultCountry}
          categoryIds={categories}
          addressId={info.address?.addressId}
          allDocuments={info.documents}
        />
        {canUpload &&
          (uploading ? (
            <UploadForm
              categoryIds={categories}
              defaultCountry={address?.countryCode ?? defaultCountry}
              addressId={address?.addressId}
              onUploaded={() => setUploading(false)}
              onCancel={() => setUploading(false)}
            />
          ) : (
            <Button variant="light" w="fit-content" onClick={() => setUploading(true)}>
              {item === 'identity'
                ? t('kycDocs.uploadIdentityDocument')
                : t('kycDocs.uploadFor', { item: t(`kycDocs.items.${item}.title`) })}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}

/**
 * /kyc (spec 1 §2; spec 2 §4): what is needed now, from the verification state and required
 * actions (the domain's kycChecklist), each item done right here. Business users get the business
 * variant: company documents and the representatives' identities too. `?item=` opens one item
 * (the limited and unverified pages link to the exact action). `identityCheck` is the identity
 * check control the app passes in (features do not import each other); it sits in the identity item.
 */
export function KycPage({ identityCheck }: { identityCheck?: ReactNode } = {}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const client = useApiClient();
  const { customerId } = useSessionState();
  const customer = useQuery(customerInfoQueryOptions(client, customerId));
  const info = useKycInfo();
  const [params] = useSearchParams();
  const focus = params.get('item');
  useDocumentTitle(t('kyc.pageTitle'));
  const isBusiness = info.data ? isBusinessCustomerType(info.data.customerType) : false;

  useEffect(() => {
    if (!focus || !info.isSuccess) return;
    document.getElementById(`kyc-${focus}`)?.scrollIntoView({ block: 'start' });
  }, [focus, info.isSuccess]);

  const defaultCountry =
    info.data?.address?.countryCode ?? customer.data?.customer.residenceCountryCode ?? '';
  const isForced = customer.data?.customer.isNeedKyc ?? true;

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t(isBusiness ? 'kycDocs.titleBusiness' : 'kycDocs.titlePersonal')}
          </Title>
          <Text c="dimmed" size="sm">
            {t(isBusiness ? 'kycDocs.introBusiness' : 'kycDocs.introPersonal', {
              brand: brand.projectName,
            })}
          </Text>
        </Stack>
        {info.isPending && <ListSkeleton rows={3} label={t('kycDocs.loading')} />}
        {info.isError && (
          <LoadFailed
            title={t('kycDocs.loadFailed')}
            error={info.error}
            onRetry={() => void info.refetch()}
            retrying={info.isFetching}
          />
        )}
        {info.data && (
          <>
            <Text size="sm" role="status">
              {t(`kycDocs.state.${info.data.state}`)}
            </Text>
            {info.data.checklist.map((entry) => (
              <KycItemCard
                key={entry.item}
                entry={entry}
                info={info.data}
                defaultCountry={defaultCountry}
                open={focus === entry.item}
                identityCheck={identityCheck}
              />
            ))}
          </>
        )}
        {!isForced && (
          <Button component={Link} to="/home" variant="default" w="fit-content">
            {t('kycDocs.backHome')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
