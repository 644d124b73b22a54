import type { TFunction } from 'i18next';
import type { CustomerSearchItem } from '@ledgerline/contract';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';

/** A customer's standing in a word: limited, waiting for KYC, verified or not yet. */
export function standingOf(
  customer: Pick<CustomerSearchItem, 'verified' | 'limited' | 'isNeedKyc'>,
): { key: 'limited' | 'needsKyc' | 'verified' | 'unverified'; tone: BadgeTone } {
  if (customer.limited) return { key: 'limited', tone: 'orange' };
  if (customer.isNeedKyc) return { key: 'needsKyc', tone: 'blue' };
  if (customer.verified) return { key: 'verified', tone: 'teal' };
  return { key: 'unverified', tone: 'gray' };
}

export function StandingBadge({
  customer,
  t,
}: {
  customer: Pick<CustomerSearchItem, 'verified' | 'limited' | 'isNeedKyc'>;
  t: TFunction;
}) {
  const standing = standingOf(customer);
  return (
    <StatusBadge tone={standing.tone} size="sm">
      {t(`adminOverview.standing.${standing.key}`)}
    </StatusBadge>
  );
}

/** Personal (0) or business (1 old, 2 new). */
export function customerTypeLabel(t: TFunction, customerType: number): string {
  return t(customerType === 0 ? 'adminOverview.type.personal' : 'adminOverview.type.business');
}
