import { Divider, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useTranslation } from 'react-i18next';
import type { ReviewItemDetail } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import type { ReviewItemKind } from '@ledgerline/domain/compliance-review';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useReviewItem } from '../api/get-item';
import { DecisionPanel } from './decision-panel';
import { DeskFiles } from './desk-files';
import { documentStatusKey } from './labels';

function brandName(brandId: string): string {
  return isBrandId(brandId) ? getBrand(brandId).projectName : brandId;
}

const STATUS_TONE: Record<string, BadgeTone> = {
  confirmed: 'teal',
  validated: 'teal',
  rejected: 'red',
  nameMismatch: 'red',
  expired: 'orange',
  canceled: 'gray',
  deleted: 'gray',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function CustomerFacts({ detail }: { detail: ReviewItemDetail }) {
  const { t } = useTranslation();
  const { customer } = detail;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      <Fact label={t('complianceDesk.customerNumber')} value={String(customer.id)} />
      <Fact label={t('complianceDesk.brand')} value={brandName(customer.brandId)} />
      <Fact
        label={t('complianceDesk.customerType')}
        value={t(
          customer.customerType === 0 ? 'complianceDesk.personal' : 'complianceDesk.business',
        )}
      />
      <Fact
        label={t('complianceDesk.country')}
        value={customer.residenceCountryCode ?? t('complianceDesk.none')}
      />
      <Fact
        label={t('complianceDesk.birthDay')}
        value={customer.birthDay ?? t('complianceDesk.none')}
      />
      <Fact
        label={t('complianceDesk.verificationState')}
        value={t(`complianceDesk.verificationStates.${customer.verificationState}`)}
      />
    </SimpleGrid>
  );
}

/** One desk item beside its customer: who they are, where they live, what else they sent, and the decision. */
export function ItemView({ selected }: { selected: { kind: ReviewItemKind; id: number } }) {
  const { t } = useTranslation();
  const query = useReviewItem(selected);
  if (query.isPending) return <ListSkeleton rows={6} label={t('complianceDesk.loadingItem')} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t('complianceDesk.itemFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const detail = query.data;
  const { item, customer } = detail;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {customer.name || t('complianceDesk.unnamed')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`complianceDesk.kinds.${item.kind}`)} #{item.id} ·{' '}
            {t('complianceDesk.typeId', { id: item.typeId })}
            {item.categoryId !== null &&
              ` · ${t(`complianceDesk.categories.${item.categoryId}`, {
                defaultValue: t('complianceDesk.categoryId', { id: item.categoryId }),
              })}`}
          </Text>
        </div>
        <DeskFiles detail={detail} />
        <DecisionPanel
          key={`${item.kind}-${item.id}`}
          kind={item.kind}
          id={item.id}
          waiting={detail.waiting}
        />
        <Divider />
        <Title order={3} fz="md">
          {t('complianceDesk.customer')}
        </Title>
        <CustomerFacts detail={detail} />
        <Title order={3} fz="md">
          {t('complianceDesk.addresses')}
        </Title>
        {detail.addresses.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('complianceDesk.noAddresses')}
          </Text>
        ) : (
          <List spacing="xs" size="sm">
            {detail.addresses.map((address) => (
              <List.Item key={address.id}>
                {[
                  address.address1,
                  address.address2,
                  address.postalCode,
                  address.city,
                  address.countryCode,
                ]
                  .filter(Boolean)
                  .join(', ')}{' '}
                ·{' '}
                {t(`complianceDesk.addressStates.${address.addressStatus}`, {
                  defaultValue: address.addressStatus,
                })}
              </List.Item>
            ))}
          </List>
        )}
        <Title order={3} fz="md">
          {t('complianceDesk.documents')}
        </Title>
        {detail.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('complianceDesk.noDocuments')}
          </Text>
        ) : (
          <Stack gap="xs">
            {detail.documents.map((document) => {
              const status = documentStatusKey(document.statusId);
              return (
                <Stack key={document.id} gap={2}>
                  <Text size="sm">
                    #{document.id} ·{' '}
                    {t(`complianceDesk.categories.${document.categoryId}`, {
                      defaultValue: t('complianceDesk.categoryId', { id: document.categoryId }),
                    })}{' '}
                    · {t('complianceDesk.typeId', { id: document.documentTypeId })}
                    {document.expiresDate &&
                      ` · ${t('complianceDesk.expires', { date: document.expiresDate })}`}
                  </Text>
                  <div>
                    <StatusBadge tone={STATUS_TONE[status] ?? 'blue'} size="sm">
                      {t(`complianceDesk.documentStatuses.${status}`)}
                    </StatusBadge>
                  </div>
                  {document.rejectReason && (
                    <Text size="xs" c="dimmed">
                      {document.rejectReason}
                    </Text>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
        <Title order={3} fz="md">
          {t('complianceDesk.identities')}
        </Title>
        {detail.identities.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('complianceDesk.noIdentities')}
          </Text>
        ) : (
          <Stack gap="xs">
            {detail.identities.map((identity) => (
              <Stack key={identity.id} gap={2}>
                <Text size="sm">
                  #{identity.id} · {t('complianceDesk.typeId', { id: identity.typeId })}
                  {identity.number && ` · ${identity.number}`}
                </Text>
                <div>
                  <StatusBadge tone={STATUS_TONE[identity.status] ?? 'blue'} size="sm">
                    {t(`complianceDesk.identityStatuses.${identity.status}`, {
                      defaultValue: identity.status,
                    })}
                  </StatusBadge>
                </div>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
