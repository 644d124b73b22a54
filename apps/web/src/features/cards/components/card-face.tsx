import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account } from '@ledgerline/contract';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { brandName, cardTitle, formatExpiry, lastFour } from '../card-format';
import classes from './cards.module.css';

/** The card as a picture: kind, name, masked number, expiry and scheme. Faded when it cannot be used. */
export function CardFace({ account }: { account: Account }) {
  const { t } = useTranslation();
  const expiry = formatExpiry(account.cardExpiryMonth, account.cardExpiryYear);
  const usable = account.accountStatusId === CARD_STATUS.active;
  const ending = lastFour(account);
  const className = [
    classes.face,
    account.cardIsVirtual ? classes.virtual : '',
    usable ? '' : classes.inactive,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className={classes.faceTop}>
        <span className={classes.faceTitle}>{cardTitle(t, account)}</span>
        <span className={classes.faceKind}>
          {t(account.cardIsVirtual ? 'cards.kind.virtual' : 'cards.kind.physical')}
        </span>
      </div>
      <div className={classes.faceNumber}>
        <span aria-hidden="true">{account.maskedCardNumber ?? '•••• ••••'}</span>
        <VisuallyHidden>
          {ending ? t('cards.tile.ending', { digits: ending }) : t('cards.tile.noNumberYet')}
        </VisuallyHidden>
      </div>
      <div className={classes.faceBottom}>
        <span className={classes.faceExpiry}>
          {expiry ? t('cards.tile.expires', { date: expiry }) : ''}
        </span>
        <span className={classes.faceBrand}>{brandName(account.cardBrand)}</span>
      </div>
    </div>
  );
}
