import {
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useActingRights } from '@/app/session';
import { LoadFailed as SharedLoadFailed } from '@/ui/load-failed';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { APPLY_PARAM } from './apply-card-dialog';

/** The search string that opens the application over the current screen. */
export function useApplyHref(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(APPLY_PARAM, '1');
  return `${location.pathname}?${params.toString()}`;
}

/** Frame of every cards screen: the page heading, the screen's own buttons, then its content. */
export function CardsPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/**
 * "Apply for a card" and "Link a card from another bank": offered on the card screens to a user
 * whose access lets them manage the customer's cards (useActingRights), else nothing.
 */
export function CardsPageActions() {
  const { t } = useTranslation();
  const applyHref = useApplyHref();
  const { rights } = useActingRights();
  if (!rights?.managesCards) return null;
  return (
    <>
      <Button component={Link} to="/add-card" variant="default">
        {t('cards.actions.linkExternal')}
      </Button>
      <Button component={Link} to={applyHref} replace>
        {t('cards.actions.apply')}
      </Button>
    </>
  );
}

/** Placeholders the size of card tiles while the accounts load. */
export function CardsSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{t('cards.loading')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {[0, 1].map((item) => (
          <Paper key={item} withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Skeleton radius={14} style={{ aspectRatio: '1.586' }} />
              <Skeleton height={20} width="50%" />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </div>
  );
}

/** A failed load said plainly, with a way to try again. */
export function LoadFailed({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SharedLoadFailed
      title={t('cards.loadFailed')}
      error={error}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
