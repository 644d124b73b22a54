import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useDocumentTitle } from '@/ui/use-document-title';
import { cardRoutePath } from '../card-paths';
import { CardsPage, CardsSkeleton, LoadFailed } from './cards-page';
import { useCardRouting } from './use-card-routing';

/**
 * /cards is not a screen of its own: it opens the physical list, the virtual list or the one
 * card's details (spec 2 §2 "Card routing rules"), keeping the query (`?apply=1`).
 */
export function CardsIndexPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const routing = useCardRouting('list');
  useDocumentTitle(t('cards.title'));
  if (routing.state === 'ready')
    return <Navigate to={`${cardRoutePath(routing.route)}${search}`} replace />;
  return (
    <CardsPage title={t('cards.title')}>
      {routing.state === 'loading' ? (
        <CardsSkeleton />
      ) : (
        <LoadFailed error={routing.error} onRetry={routing.retry} retrying={routing.retrying} />
      )}
    </CardsPage>
  );
}
