import { Button } from '@mantine/core';
import type { QuickAction } from '@ledgerline/domain/quick-actions';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
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

/** The quick actions the customer may use (packages/domain quickActions decides which). */
export function QuickActionsBar({
  actions,
  onAddMoney,
  onAddCurrency,
  onCreateWallet,
}: {
  actions: QuickAction[];
  onAddMoney: () => void;
  onAddCurrency: () => void;
  onCreateWallet: () => void;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  const handlers: Partial<Record<QuickAction, () => void>> = {
    addMoney: onAddMoney,
    addCurrency: onAddCurrency,
    createWallet: onCreateWallet,
  };
  return (
    <div role="group" aria-label={t('home.quickActions.label')}>
      <ul className={classes.quickActions} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {actions.map((action, index) => {
          const to = ACTION_LINKS[action];
          const onClick = handlers[action];
          const variant = index === 0 ? 'filled' : 'default';
          return (
            <li key={action}>
              {to ? (
                <Button component={Link} to={to} variant={variant} radius="xl">
                  {t(`home.quickActions.${action}`)}
                </Button>
              ) : (
                <Button onClick={onClick} variant={variant} radius="xl">
                  {t(`home.quickActions.${action}`)}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
