import { Checkbox, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ASSIGNABLE_ACCESS_LEVELS } from '@ledgerline/domain/company-users';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/ui/icons';
import classes from './company-users.module.css';

export interface RightsValue {
  accessRight: number;
  permissions: string[];
}

type Group = keyof typeof TRANSFER_PERMISSION_GROUPS;
const GROUPS = Object.keys(TRANSFER_PERMISSION_GROUPS) as Group[];

/**
 * The access level (levels 1 to 4: spec 2 §5 hides option 5 and every user needs nonzero rights)
 * and the transfer permission flags grouped as spec 2 §6 lists them. Flags count only for full
 * access (2) and initiate (3): for the other levels they are kept but shown as not in force.
 */
export function RightsFields({
  value,
  onChange,
  error,
}: {
  value: RightsValue;
  onChange: (next: RightsValue) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const flagsCount = value.accessRight === 2 || value.accessRight === 3;
  const toggle = (flag: string, on: boolean) =>
    onChange({
      ...value,
      permissions: on
        ? [...new Set([...value.permissions, flag])]
        : value.permissions.filter((item) => item !== flag),
    });
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('companyUsers.level')}
        description={t(`companyUsers.levelHelp.${value.accessRight}`)}
        value={String(value.accessRight)}
        onChange={(event) => onChange({ ...value, accessRight: Number(event.currentTarget.value) })}
        data={ASSIGNABLE_ACCESS_LEVELS.map((level) => ({
          value: String(level),
          label: t(`companyUsers.levels.${level}`),
        }))}
        error={error}
        rightSection={<ChevronDownIcon size={16} />}
        rightSectionPointerEvents="none"
      />
      {!flagsCount && (
        <Text size="sm" c="dimmed">
          {t('companyUsers.flagsNotInForce')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {GROUPS.map((group) => (
          <fieldset key={group} className={classes.flagGroup}>
            <legend className={classes.legend}>{t(`companyUsers.groups.${group}`)}</legend>
            <Stack gap={6}>
              {TRANSFER_PERMISSION_GROUPS[group].map((name) => {
                const flag = `${group}.${name}`;
                return (
                  <Checkbox
                    key={flag}
                    label={t(`companyUsers.operations.${name}`)}
                    checked={value.permissions.includes(flag)}
                    onChange={(event) => toggle(flag, event.currentTarget.checked)}
                  />
                );
              })}
            </Stack>
          </fieldset>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
