import { Button, Container, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerAccessInfo } from '@ledgerline/contract';
import { accessInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useStopActing } from '../api/acting';
import classes from './admin-overview.module.css';

/**
 * Staff acts for the customer when the customer the session acts for is none the user may act for
 * by right (their own, or a company that granted them access): only an administrator gets there
 * (the server refuses anyone else), and the server audits every such request.
 */
export function isStaffActing(info: CustomerAccessInfo | undefined): boolean {
  if (!info) return false;
  return !info.accessibleCustomers.some((customer) => customer.id === info.customer.id);
}

/**
 * The banner on every page of the main layout while an administrator acts for a customer: whom
 * they act for, and "Stop acting", which returns to /admin-overview. It reads the access info the
 * layout's guard has already loaded, so it is there at the first paint.
 */
export function ActingBanner() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { customerId } = useSessionState();
  const access = useQuery(accessInfoQueryOptions(client, customerId));
  const stop = useStopActing();
  if (!isStaffActing(access.data) || !access.data) return null;
  const { customer } = access.data;
  return (
    <section className={classes.banner} aria-label={t('adminOverview.bannerLabel')}>
      <Container size={PAGE_CONTAINER_SIZE} className={classes.bannerInner}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600} className={classes.bannerText}>
            {t('adminOverview.actingFor', {
              name: customer.name || customer.username,
              id: customer.id,
            })}
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={stop.isPending}
            onClick={() => stop.mutate(customer.id)}
          >
            {t('adminOverview.stopActing')}
          </Button>
        </Group>
      </Container>
    </section>
  );
}
