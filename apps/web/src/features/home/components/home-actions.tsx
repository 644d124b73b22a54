import { Menu, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import {
  homeActions,
  type PrimaryAction,
  type QuickAction,
} from '@ledgerline/domain/quick-actions';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DotsIcon, ExchangeIcon, PlusIcon, SendIcon } from '@/ui/icons';
import classes from './home.module.css';

/** Where each link-type action goes; the apply dialog opens from `?apply=1` on any cards screen. */
const ACTION_LINKS: Partial<Record<QuickAction, string>> = {
  cards: '/cards',
  applyForCard: '/cards?apply=1',
  linkExternalCard: '/add-card',
  transferBetweenAccounts: '/transfer/account',
  sendToPerson: '/transfer/p2p',
  transferExternal: '/transfer/external',
};

const PRIMARY_ICONS: Record<PrimaryAction, ReactNode> = {
  send: <SendIcon size={22} />,
  addMoney: <PlusIcon size={22} />,
  exchange: <ExchangeIcon size={22} />,
};

export interface ActionHandlers {
  onAddMoney: () => void;
  onAddCurrency: () => void;
  onCreateWallet: () => void;
}

/**
 * Home's actions (issue 13): send, add money and exchange as round buttons under the total, the
 * rest of what the customer may do in the "More actions" menu. packages/domain decides which.
 */
export function HomeActions({
  actions,
  handlers,
}: {
  actions: QuickAction[];
  handlers: ActionHandlers;
}) {
  const { t } = useTranslation();
  const { primary, more } = homeActions(actions);
  if (actions.length === 0) return null;
  const onClick: Partial<Record<QuickAction, () => void>> = {
    addMoney: handlers.onAddMoney,
    addCurrency: handlers.onAddCurrency,
    createWallet: handlers.onCreateWallet,
  };
  const label = (text: string, icon: ReactNode) => (
    <>
      <span className={classes.actionIcon}>{icon}</span>
      <span className={classes.actionLabel}>{text}</span>
    </>
  );
  return (
    <ul className={classes.primaryActions} aria-label={t('home.quickActions.label')}>
      {primary.map(({ action, opens }, index) => {
        const to = ACTION_LINKS[opens];
        // The first action is the main one: filled with the brand colour.
        const className = `${classes.action} ${index === 0 ? classes.actionPrimary : ''}`;
        const content = label(t(`home.primaryActions.${action}`), PRIMARY_ICONS[action]);
        return (
          <li key={action}>
            {to ? (
              <UnstyledButton component={Link} to={to} className={className}>
                {content}
              </UnstyledButton>
            ) : (
              <UnstyledButton onClick={onClick[opens]} className={className}>
                {content}
              </UnstyledButton>
            )}
          </li>
        );
      })}
      {more.length > 0 && (
        <li>
          <Menu position="bottom-end" shadow="md" width={240} withinPortal>
            <Menu.Target>
              <UnstyledButton className={classes.action}>
                {label(t('home.primaryActions.more'), <DotsIcon size={22} />)}
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {more.map((action) => {
                const to = ACTION_LINKS[action];
                return to ? (
                  <Menu.Item key={action} component={Link} to={to}>
                    {t(`home.quickActions.${action}`)}
                  </Menu.Item>
                ) : (
                  <Menu.Item key={action} onClick={onClick[action]}>
                    {t(`home.quickActions.${action}`)}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        </li>
      )}
    </ul>
  );
}
