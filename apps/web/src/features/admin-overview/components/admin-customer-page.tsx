import {
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AdminCustomer } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import { formatMoney } from '@ledgerline/domain/money';
import { DOCUMENT_STATUS, type DocumentStatusKey } from '@ledgerline/domain/verification';
import type { TFunction } from 'i18next';
import { translateErrorMessage, useLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { LoadFailed } from '@/ui/load-failed';
import { PageFrame } from '@/ui/page-frame';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useStartActing } from '../api/acting';
import { useAdminCustomer } from '../api/get-admin-customer';
import { useAdminPowers } from '../api/powers';
import { customerTypeLabel, StandingBadge } from './labels';
import classes from './admin-overview.module.css';

const KNOWN_KINDS = new Set([
  'betweenAccounts',
  'p2p',
  'wire',
  'eft',
  'oct',
  'crypto_eft',
  'instant_payment',
  'interac',
  'openingBalance',
  'incoming_transfer',
  'railReturn',
  // Issue 18: a merchant's refund (pay) and pull within a pre-approval (preapproved).
  'refund',
  'preapprovedPull',
]);
const KNOWN_STATUSES = new Set(['pending', 'settled', 'rejected', 'reversed']);

function documentStatusKey(statusId: number): DocumentStatusKey {
  const found = (Object.entries(DOCUMENT_STATUS) as [DocumentStatusKey, number][]).find(
    ([, id]) => id === statusId,
  );
  return found ? found[0] : 'submitted';
}

function formatDate(value: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'ua' ? 'uk' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}

/** A field code the server answered (validation.*) in the page's language, else the message as it came. */
function errorText(t: TFunction, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return /^validation\.[A-Za-z]+$/.test(message) ? t(message) : translateErrorMessage(t, error);
}

type Confirming =
  | { kind: 'assign'; documentId: number }
  | { kind: 'remove'; documentId: number }
  | { kind: 'representative'; userId: number; name: string };

/**
 * /admin-overview/customers/:customerId (issue 15): one customer of the administrator's brand —
 * accounts with balances, verification, recent activity, documents and representatives — with
 * "Act for this customer" and the admin powers of spec 2 §6, each behind a confirmation.
 */
export function AdminCustomerPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const params = useParams();
  const customerId = Number(params.customerId);
  const valid = Number.isSafeInteger(customerId) && customerId > 0;
  const summary = useAdminCustomer(valid ? customerId : 0);
  const act = useStartActing();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  useDocumentTitle(summary.data?.customer.name ?? t('adminOverview.customerTitle'));

  const back = (
    <Anchor component={Link} to="/admin-overview" size="sm">
      {t('adminOverview.backToSearch')}
    </Anchor>
  );
  if (!valid || (isApiError(summary.error) && summary.error.status === 404))
    return (
      <PageFrame title={t('adminOverview.notFoundTitle')} intro={t('adminOverview.notFound')}>
        {back}
      </PageFrame>
    );
  if (summary.isPending)
    return (
      <PageFrame title={t('adminOverview.customerTitle')}>
        <Stack gap="sm" aria-busy="true">
          <Text role="status" size="sm" c="dimmed">
            {t('adminOverview.loadingCustomer')}
          </Text>
          <Skeleton height={96} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      </PageFrame>
    );
  if (summary.isError)
    return (
      <PageFrame title={t('adminOverview.customerTitle')}>
        {back}
        <LoadFailed
          title={t('adminOverview.customerFailed')}
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      </PageFrame>
    );

  const data: AdminCustomer = summary.data;
  const { customer } = data;
  return (
    <PageFrame
      title={customer.name || t('adminOverview.customerNumber', { id: customer.id })}
      intro={[
        t('adminOverview.customerNumber', { id: customer.id }),
        customerTypeLabel(t, customer.customerType),
        isBrandId(customer.brandId) ? getBrand(customer.brandId).projectName : customer.brandId,
        customer.email,
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      {back}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group gap="xs">
            <StandingBadge customer={customer} t={t} />
            {/* "Checked" would only repeat the badge's "Verified". */}
            {customer.verificationState !== 'checked' && (
              <Text size="sm">
                {t(`complianceDesk.verificationStates.${customer.verificationState}`)}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('adminOverview.actExplained')}
          </Text>
          {act.isError && (
            <Text size="sm" c="red.8" role="alert">
              {errorText(t, act.error)}
            </Text>
          )}
          <Button w="fit-content" loading={act.isPending} onClick={() => act.mutate(customer.id)}>
            {t('adminOverview.actFor')}
          </Button>
        </Stack>
      </Paper>

      <Section title={t('adminOverview.accounts')} empty={t('adminOverview.noAccounts')}>
        {data.accounts.map((account) => (
          <Group key={account.accountId} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} className={classes.text}>
              <Text size="sm" fw={600}>
                {account.name || t('adminOverview.accountIn', { currency: account.currencyCode })}
              </Text>
              {account.accountNumber && (
                <Text size="xs" c="dimmed" ff="monospace" className={classes.name}>
                  {account.accountNumber}
                </Text>
              )}
            </Stack>
            <Text size="sm" fw={600}>
              {formatMoney(String(account.balance), account.currencyCode, language)}
            </Text>
          </Group>
        ))}
      </Section>

      <Section title={t('adminOverview.recentActivity')} empty={t('adminOverview.noActivity')}>
        {data.recentActivity.map((item) => (
          <Group key={item.id} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} className={classes.text}>
              <Text size="sm">
                {KNOWN_KINDS.has(item.kind)
                  ? t(`adminOverview.kinds.${item.kind}`)
                  : t('adminOverview.kinds.other')}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(item.createdAt, language)} ·{' '}
                {KNOWN_STATUSES.has(item.status)
                  ? t(`adminOverview.statuses.${item.status}`)
                  : item.status}
              </Text>
            </Stack>
            <Text size="sm">{formatMoney(String(item.amount), item.currencyCode, language)}</Text>
          </Group>
        ))}
      </Section>

      <Section title={t('adminOverview.documents')} empty={t('adminOverview.noDocuments')}>
        {data.documents.map((document) => (
          <Group key={document.id} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} className={classes.text}>
              <Text size="sm">
                #{document.id} ·{' '}
                {t(`complianceDesk.categories.${document.categoryId}`, {
                  defaultValue: t('complianceDesk.categoryId', { id: document.categoryId }),
                })}
              </Text>
              <div>
                <StatusBadge tone="gray" size="sm">
                  {t(`complianceDesk.documentStatuses.${documentStatusKey(document.statusId)}`)}
                </StatusBadge>
              </div>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => setConfirming({ kind: 'assign', documentId: document.id })}
              >
                {t('adminOverview.reassign')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setConfirming({ kind: 'remove', documentId: document.id })}
              >
                {t('adminOverview.remove')}
              </Button>
            </Group>
          </Group>
        ))}
      </Section>

      <Section
        title={t('adminOverview.representatives')}
        empty={t('adminOverview.noRepresentatives')}
      >
        {data.representatives.map((person) => (
          <Group key={person.userId} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} className={classes.text}>
              <Text size="sm" fw={600} className={classes.name}>
                {person.name}
              </Text>
              <Text size="xs" c="dimmed" className={classes.name}>
                {t(`adminOverview.positions.${person.representativePositionId}`, {
                  defaultValue: String(person.representativePositionId),
                })}{' '}
                · {person.email}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() =>
                setConfirming({ kind: 'representative', userId: person.userId, name: person.name })
              }
            >
              {t('adminOverview.deleteRepresentative')}
            </Button>
          </Group>
        ))}
      </Section>

      <ConfirmPower
        customerId={customer.id}
        confirming={confirming}
        onClose={() => setConfirming(null)}
      />
    </PageFrame>
  );
}

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: React.ReactNode[];
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** The confirmation each admin power asks for; the reassign names the customer the document goes to. */
function ConfirmPower({
  customerId,
  confirming,
  onClose,
}: {
  customerId: number;
  confirming: Confirming | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const powers = useAdminPowers();
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);
  const running =
    powers.assignDocument.isPending ||
    powers.removeDocument.isPending ||
    powers.deleteRepresentative.isPending;
  const failure =
    powers.assignDocument.error ?? powers.removeDocument.error ?? powers.deleteRepresentative.error;

  const close = () => {
    setTarget('');
    setTargetError(null);
    powers.assignDocument.reset();
    powers.removeDocument.reset();
    powers.deleteRepresentative.reset();
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) return;
    try {
      if (confirming.kind === 'assign') {
        const targetCustomerId = Number(target.trim());
        if (!/^\d{1,10}$/.test(target.trim()) || targetCustomerId < 1) {
          setTargetError(t('adminOverview.targetInvalid'));
          return;
        }
        await powers.assignDocument.mutateAsync({
          documentId: confirming.documentId,
          targetCustomerId,
        });
      } else if (confirming.kind === 'remove') {
        await powers.removeDocument.mutateAsync(confirming.documentId);
      } else {
        await powers.deleteRepresentative.mutateAsync({ customerId, userId: confirming.userId });
      }
      close();
    } catch {
      // The reason shows in the dialog (failure below).
    }
  };

  const title =
    confirming?.kind === 'assign'
      ? t('adminOverview.confirmAssignTitle', { id: confirming.documentId })
      : confirming?.kind === 'remove'
        ? t('adminOverview.confirmRemoveTitle', { id: confirming.documentId })
        : t('adminOverview.confirmRepresentativeTitle');
  return (
    <Dialog
      opened={confirming !== null}
      onClose={close}
      title={title}
      closeLabel={t('adminOverview.close')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {confirming?.kind === 'assign' && (
            <TextInput
              data-autofocus
              label={t('adminOverview.targetCustomer')}
              inputMode="numeric"
              autoComplete="off"
              value={target}
              error={targetError}
              onChange={(event) => setTarget(event.currentTarget.value)}
            />
          )}
          <Text size="sm">
            {confirming?.kind === 'assign'
              ? t('adminOverview.confirmAssign')
              : confirming?.kind === 'remove'
                ? t('adminOverview.confirmRemove')
                : t('adminOverview.confirmRepresentative', {
                    name: confirming?.name ?? '',
                  })}
          </Text>
          {failure && (
            <Text size="sm" c="red.8" role="alert">
              {errorText(t, failure)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={running}>
              {t('adminOverview.cancel')}
            </Button>
            <Button
              type="submit"
              color={confirming?.kind === 'assign' ? undefined : 'red'}
              loading={running}
              data-autofocus={confirming?.kind === 'assign' ? undefined : true}
            >
              {confirming?.kind === 'assign'
                ? t('adminOverview.reassign')
                : confirming?.kind === 'remove'
                  ? t('adminOverview.remove')
                  : t('adminOverview.deleteRepresentative')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
