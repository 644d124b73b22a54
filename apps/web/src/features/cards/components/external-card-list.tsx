import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExternalCard } from '@ledgerline/contract';
import { Dialog } from '@/ui/dialog';
import { ErrorPopup } from '@/ui/error-popup';
import { useDeleteExternalCard, useExternalCards } from '../api/external-cards';
import { brandName, formatExpiry } from '../card-format';
import { confirmExternalCardPath } from '../card-paths';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { LoadFailed } from './cards-page';

const STATUS_COLORS: Record<ExternalCard['status'], BadgeTone> = {
  pendingVerification: 'blue',
  verified: 'teal',
  failed: 'red',
};

export function ExternalCardStatusBadge({ status }: { status: ExternalCard['status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={STATUS_COLORS[status]}>{t(`cards.external.status.${status}`)}</StatusBadge>
  );
}

/** The cards from other banks the customer linked, with their state and a way to remove each. */
export function ExternalCardList() {
  const { t } = useTranslation();
  const cards = useExternalCards();
  const remove = useDeleteExternalCard();
  const [removing, setRemoving] = useState<ExternalCard | null>(null);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('cards.external.title')}
        </Title>
        {cards.isPending && (
          <Stack gap="sm" aria-busy="true">
            <Text role="status" size="sm" c="dimmed">
              {t('cards.loading')}
            </Text>
            <Skeleton height={56} radius="md" />
          </Stack>
        )}
        {cards.isError && (
          <LoadFailed
            error={cards.error}
            onRetry={() => void cards.refetch()}
            retrying={cards.isFetching}
          />
        )}
        {cards.isSuccess && cards.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('cards.external.empty')}
          </Text>
        )}
        {cards.isSuccess && cards.data.length > 0 && (
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t('cards.external.title')}
          >
            {cards.data.map((card) => (
              <Paper key={card.cardId} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Text fw={600}>
                      {[brandName(card.cardBrand), card.maskedCardNumber].filter(Boolean).join(' ')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {[
                        card.issuer,
                        t('cards.tile.expires', {
                          date: formatExpiry(card.expiryMonth, card.expiryYear),
                        }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <ExternalCardStatusBadge status={card.status} />
                    {card.status === 'pendingVerification' && (
                      <Anchor component={Link} to={confirmExternalCardPath(card.cardId)} size="sm">
                        {t('cards.external.confirm')}
                      </Anchor>
                    )}
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => setRemoving(card)}
                      aria-label={t('cards.external.removeCard', { card: card.maskedCardNumber })}
                    >
                      {t('cards.external.remove')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <Dialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('cards.external.removeTitle')}
        closeLabel={t('cards.dialogClose')}
        size="sm"
      >
        <Stack gap="md">
          <Text size="sm">
            {t('cards.external.removeText', { card: removing?.maskedCardNumber ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} data-autofocus>
              {t('cards.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                removing && remove.mutate(removing.cardId, { onSuccess: () => setRemoving(null) })
              }
            >
              {t('cards.external.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
      <ErrorPopup error={remove.error} onClose={() => remove.reset()} />
    </Paper>
  );
}
