import { Button, Group } from '@mantine/core';

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
