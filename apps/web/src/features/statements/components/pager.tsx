import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Previous / Next over numbered pages, with where the list stands ("Page 2 of 5"). */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label}>
      <Group justify="space-between" gap="sm">
        <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('statements.pager.previous')}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('statements.pager.position', { page, pages })}
        </Text>
        <Button
          variant="default"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('statements.pager.next')}
        </Button>
      </Group>
    </nav>
  );
}
