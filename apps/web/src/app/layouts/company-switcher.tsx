import { Menu, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AccessibleCustomer } from '@ledgerline/contract';
import { isBusinessCustomerType } from '@ledgerline/domain/constants';
import { sessionKeys, useActingRights, useSessionStore } from '@/app/session';
import { BuildingIcon, CheckCircleIcon, ChevronDownIcon, PersonIcon } from '@/ui/icons';
import classes from './company-switcher.module.css';

/**
 * The header's switch between the customers the user may act for (their own and each company,
 * from the access info): the choice becomes the session's Customer-Id at once, without signing in
 * again, and home opens for it. Shown only to a user with more than one customer.
 */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const { access } = useActingRights();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const info = access.data;
  if (!info || info.accessibleCustomers.length < 2) return null;
  const current = info.customer.id;
  const actingName =
    info.accessibleCustomers.find((customer) => customer.id === current)?.name ||
    info.customer.name;

  const choose = (customer: AccessibleCustomer) => {
    if (customer.id === current) return;
    // Nothing cached for the previous customer may show for this one.
    queryClient.removeQueries({ queryKey: sessionKeys.all });
    session.setCustomerId(customer.isOwn ? undefined : customer.id);
    void navigate('/home');
  };

  const kind = (customer: AccessibleCustomer) =>
    customer.isOwn && !isBusinessCustomerType(customer.customerType)
      ? t('acting.switcher.own')
      : t('acting.switcher.company');

  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.target}
          aria-label={`${t('acting.switcher.choose')}: ${actingName}`}
        >
          <span className={classes.label}>{t('acting.switcher.label')}</span>
          <span className={classes.name}>{actingName}</span>
          <ChevronDownIcon size={14} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('acting.switcher.listLabel')}>
        {info.accessibleCustomers.map((customer) => (
          <Menu.Item
            key={customer.id}
            onClick={() => choose(customer)}
            leftSection={
              customer.isOwn && !isBusinessCustomerType(customer.customerType) ? (
                <PersonIcon size={16} />
              ) : (
                <BuildingIcon size={16} />
              )
            }
            rightSection={customer.id === current ? <CheckCircleIcon size={16} /> : undefined}
            aria-current={customer.id === current ? 'true' : undefined}
          >
            <span className={classes.itemName}>{customer.name || customer.username}</span>
            <span className={classes.itemKind}>{kind(customer)}</span>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
