import { Button, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/ui/status-badge';

export interface RowAction {
  /** The button's text ("Delete"). */
  label: string;
  /** Its accessible name, naming the row ("Delete Web shop"). */
  name: string;
  onClick: () => void;
  loading?: boolean;
}

/** A row's actions (enable/disable, rename, delete …) as small text buttons at its end. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} wrap="wrap" justify="flex-end">
      {actions.map((action) => (
        <Button
          key={action.label}
          size="compact-sm"
          variant="subtle"
          loading={action.loading ?? false}
          onClick={action.onClick}
          aria-label={action.name}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/** A row that can be switched on and off (a key, a range, an endpoint). */
interface Switchable {
  id: number;
  name: string;
  enabled: boolean;
}

/** The update call of the row's collection, as far as switching needs it. */
interface SwitchCall {
  isPending: boolean;
  variables: { id: number } | undefined;
  mutate: (variables: { id: number; change: { enabled: boolean } }) => void;
}

/**
 * "Enable" or "Disable" for a row: the accessible names come from the screen's keys (each with
 * {{name}}); the button spins while this row's switch is on its way.
 */
export function switchAction(
  t: TFunction,
  row: Switchable,
  names: { enable: string; disable: string },
  update: SwitchCall,
): RowAction {
  return {
    label: t(row.enabled ? 'merchant.disable' : 'merchant.enable'),
    name: t(row.enabled ? names.disable : names.enable, { name: row.name }),
    loading: update.isPending && update.variables?.id === row.id,
    onClick: () => update.mutate({ id: row.id, change: { enabled: !row.enabled } }),
  };
}

/** Enabled or Disabled, as a badge. */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={enabled ? 'teal' : 'gray'} size="sm">
      {t(enabled ? 'merchant.enabled' : 'merchant.disabled')}
    </StatusBadge>
  );
}
