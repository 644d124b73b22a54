export { CardsLayout } from './components/cards-layout';
export { CardsIndexPage } from './components/cards-index-page';
export { PhysicalCardsPage, VirtualCardsPage } from './components/card-list-page';
export { CardDetailsPage } from './components/card-details-page';
export { CardPinPage } from './components/card-pin-page';
export { AddCardPage } from './components/add-card-page';
export { ConfirmCardPage } from './components/confirm-card-page';
