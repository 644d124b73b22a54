import { useTranslation } from 'react-i18next';
import { cardStatusKey } from '@ledgerline/domain/cards';

/**
 * The one text of each card status (spec 2 §4 "Card status ids"), for every screen that names one:
 * home's card summary and the card screens say the same words (issue 13: home said "On its way"
 * where Cards said "Shipped"). An id the spec does not list says so with its number.
 */
export function useCardStatusName(): (statusId: number) => string {
  const { t } = useTranslation();
  return (statusId) => {
    const key = cardStatusKey(statusId);
    return key ? t(`cards.status.${key}`) : t('cards.status.unknown', { id: statusId });
  };
}
