import type { CardRoute } from '@ledgerline/domain/cards';

/** The path of each place a card route leads to (spec 2 §2 "Card routing rules"). */
export function cardRoutePath(route: CardRoute): string {
  switch (route.to) {
    case 'physicalList':
      return '/cards/physical';
    case 'virtualList':
      return '/cards/virtual';
    case 'details':
      return `/cards/${route.accountId ?? ''}`;
    case 'list':
      return '/cards';
    case 'home':
      return '/home';
  }
}

export const cardDetailsPath = (accountId: number) => `/cards/${accountId}`;
export const cardPinPath = (accountId: number) => `/card/${accountId}/pin`;
export const confirmExternalCardPath = (cardId: number) => `/confirm-card/${cardId}`;
/** Issue 16: the transfer screens that move money onto a prepaid card and back. */
export const loadPrepaidCardPath = (accountId: number) => `/card/${accountId}/load`;
export const unloadPrepaidCardPath = (accountId: number) => `/card/${accountId}/unload`;
