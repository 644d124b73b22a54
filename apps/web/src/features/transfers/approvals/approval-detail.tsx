import { Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import type { ApprovalParty, BusinessApproval } from '@ledgerline/contract';
import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useFormatMoney, useFormatRate } from '../format';
import classes from './approvals.module.css';

export const STATUS_TONE: Record<BusinessApproval['status'], BadgeTone> = {
  pending: 'orange',
  approved: 'teal',
  declined: 'gray',
};

/** The total leaving the company's account: the amount and the fee. */
export function totalOf(item: BusinessApproval): string {
  return new Decimal(item.amount).plus(item.fee ?? '0').toFixed();
}

/** How the code and the list name the payee: name, then e-mail, IBAN or account. */
export function usePayeeText(): (party: ApprovalParty | null) => string {
  const { t } = useTranslation();
  return (party) => {
    if (!party) return '';
    const where =
      party.email ??
      party.iban ??
      (party.accountId !== null
        ? t('businessApprovals.detail.account', { id: party.accountId })
        : '');
    return [partyName(t, party), where].filter(Boolean).join(' · ');
  };
}

/** A party's name; an own account without one goes by its currency ("EUR account", as everywhere). */
function partyName(t: TFunction, party: ApprovalParty): string | null {
  if (party.name) return party.name;
  return party.kind === 'ownAccount' ? t('accountNames.other', { currency: party.currency }) : null;
}

function Party({ party }: { party: ApprovalParty | null }) {
  const { t } = useTranslation();
  if (!party) return <>—</>;
  const name = partyName(t, party);
  return (
    <>
      {name ?? party.email ?? '—'}
      {party.email && name && <span className={classes.sub}>{party.email}</span>}
      {party.accountId !== null && (
        <span className={classes.sub}>
          {t('businessApprovals.detail.account', { id: party.accountId })}
        </span>
      )}
      {party.iban && <span className={classes.sub}>{party.iban}</span>}
    </>
  );
}

/**
 * One request opened (issue 15): what the approver approves — source and destination, both
 * amounts, the rate, the fee, the reference, who asked and when, the approvals so far — and the
 * approve and decline actions when the user may decide it.
 */
export function ApprovalDetail({
  item,
  onClose,
  onApprove,
  onDecline,
  starting,
}: {
  item: BusinessApproval | null;
  onClose: () => void;
  onApprove: (item: BusinessApproval) => void;
  onDecline: (item: BusinessApproval) => void;
  starting: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useFormatMoney();
  const rate = useFormatRate();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={item ? t('businessApprovals.detail.title', { id: item.id }) : ''}
      closeButtonProps={{ 'aria-label': t('transfers.confirm.close') }}
    >
      {item && (
        <Stack gap="lg">
          <Group justify="space-between" align="center">
            <Title order={3} fz="xl" className="tabular">
              {money(totalOf(item), item.currency)}
            </Title>
            <StatusBadge tone={STATUS_TONE[item.status]}>
              {t(`transfers.approvals.statuses.${item.status}`)}
            </StatusBadge>
          </Group>
          <dl className={classes.facts}>
            <div>
              <dt>{t('businessApprovals.detail.type')}</dt>
              <dd>{t(`businessApprovals.types.${item.transactionType}`)}</dd>
            </div>
            <div>
              <dt>{t('businessApprovals.detail.from')}</dt>
              <dd>
                <Party party={item.source} />
              </dd>
            </div>
            <div>
              <dt>{t('businessApprovals.detail.to')}</dt>
              <dd>
                <Party party={item.destination} />
              </dd>
            </div>
            <div>
              <dt>{t('businessApprovals.detail.amount')}</dt>
              <dd>{money(item.amount, item.currency)}</dd>
            </div>
            {item.fee !== null && (
              <div>
                <dt>{t('businessApprovals.detail.fee')}</dt>
                <dd>{money(item.fee, item.currency)}</dd>
              </div>
            )}
            <div>
              <dt>{t('businessApprovals.detail.total')}</dt>
              <dd>{money(totalOf(item), item.currency)}</dd>
            </div>
            {item.rate !== null &&
              item.toCurrency !== null &&
              item.toCurrency !== item.currency && (
                <div>
                  <dt>{t('businessApprovals.detail.rate')}</dt>
                  <dd>
                    {t('businessApprovals.detail.rateValue', {
                      from: item.currency,
                      rate: rate(item.rate),
                      to: item.toCurrency,
                    })}
                  </dd>
                </div>
              )}
            {item.toAmount !== null && item.toCurrency !== null && (
              <div>
                <dt>{t('businessApprovals.detail.received')}</dt>
                <dd>{money(item.toAmount, item.toCurrency)}</dd>
              </div>
            )}
            {item.description && (
              <div>
                <dt>{t('businessApprovals.detail.reference')}</dt>
                <dd>{item.description}</dd>
              </div>
            )}
            <div>
              <dt>{t('businessApprovals.detail.requestedBy')}</dt>
              <dd>
                {item.createdByName}
                <span className={classes.sub}>{item.createdBy}</span>
              </dd>
            </div>
            <div>
              <dt>{t('businessApprovals.detail.requestedAt')}</dt>
              <dd>{when(item.created)}</dd>
            </div>
            <div>
              <dt>{t('businessApprovals.detail.approvals')}</dt>
              <dd>
                {t('businessApprovals.detail.approvalsValue', {
                  count: item.approvals.length,
                  required: item.requiredApprovals,
                })}
                {item.approvals.map((approval) => (
                  <span className={classes.sub} key={approval.by}>
                    {approval.by} · {when(approval.at)}
                  </span>
                ))}
              </dd>
            </div>
            {item.status === 'declined' && (
              <div>
                <dt>{t('businessApprovals.detail.declinedBy')}</dt>
                <dd>
                  {item.decidedBy ?? '—'}
                  {item.decidedAt && <span className={classes.sub}>{when(item.decidedAt)}</span>}
                </dd>
              </div>
            )}
            {item.declineReason && (
              <div>
                <dt>{t('businessApprovals.detail.reason')}</dt>
                <dd>{item.declineReason}</dd>
              </div>
            )}
          </dl>
          {item.canDecide ? (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => onDecline(item)} disabled={starting}>
                {t('transfers.approvals.decline')}
              </Button>
              <Button onClick={() => onApprove(item)} loading={starting}>
                {t('transfers.approvals.approve')}
              </Button>
            </Group>
          ) : (
            item.status === 'pending' && (
              <Text size="sm" c="dimmed">
                {t('businessApprovals.detail.notYours')}
              </Text>
            )
          )}
        </Stack>
      )}
    </Drawer>
  );
}
