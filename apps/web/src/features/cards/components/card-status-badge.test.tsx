import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { renderWithTranslations } from '../test/render-with-providers';
import { CardStatusBadge } from './card-status-badge';

const ENGLISH: Record<keyof typeof CARD_STATUS, string> = {
  submitted: 'Submitted',
  active: 'Active',
  canceled: 'Blocked',
  fraud: 'Blocked for fraud',
  printing: 'Being printed',
  printed: 'Printed',
  shipped: 'Shipped',
  pending: 'Pending',
  limited: 'Limited',
  expired: 'Expired',
  processing: 'Processing',
  pendingDocument: 'Document needed',
  paused: 'Paused',
};

describe('card status badge', () => {
  it.each(Object.entries(CARD_STATUS))('names status %s (id %i) in words', async (key, id) => {
    await renderWithTranslations(<CardStatusBadge statusId={id} />);
    expect(screen.getByText(ENGLISH[key as keyof typeof CARD_STATUS])).toBeInTheDocument();
  });

  it('gives every status its own name', async () => {
    await renderWithTranslations(
      <>
        {Object.values(CARD_STATUS).map((id) => (
          <CardStatusBadge key={id} statusId={id} />
        ))}
      </>,
    );
    const names = Object.values(ENGLISH).map((name) => screen.getByText(name).textContent);
    expect(new Set(names).size).toBe(Object.keys(CARD_STATUS).length);
  });

  it('says the number of a status the spec does not list', async () => {
    await renderWithTranslations(<CardStatusBadge statusId={99} />);
    expect(screen.getByText('Status 99')).toBeInTheDocument();
  });

  it('names statuses in the page language', async () => {
    await renderWithTranslations(
      <>
        <CardStatusBadge statusId={CARD_STATUS.paused} />
        <CardStatusBadge statusId={CARD_STATUS.shipped} />
      </>,
      'ru',
    );
    expect(screen.getByText('Приостановлена')).toBeInTheDocument();
    expect(screen.getByText('Отправлена')).toBeInTheDocument();
  });
});
