import { NativeSelect } from '@mantine/core';
import type { Account } from '@ledgerline/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/ui/icons';
import { useAccountLabel } from '../format';

/**
 * A choice of the customer's accounts, each with its balance. Values are account ids as text
 * (a form field); the first option asks to choose. `disabledId` greys out the account chosen in
 * the other field, so the same account cannot be both source and target. `value` is the form's
 * current value: the select always shows what the form holds, also when a refetch redraws the
 * options (Mantine keys them by position, so a changed list could otherwise move the choice).
 */
export function AccountSelect({
  label,
  accounts,
  error,
  disabledId,
  value,
  field,
}: {
  label: string;
  accounts: readonly Account[];
  error: string | undefined;
  disabledId?: string;
  value: string;
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  const accountLabel = useAccountLabel();
  const data = [
    { value: '', label: t('transfers.form.chooseAccount') },
    ...accounts.map((account) => ({
      value: String(account.accountId),
      label: accountLabel(account),
      disabled: String(account.accountId) === disabledId,
    })),
  ];
  return (
    <NativeSelect
      label={label}
      data={data}
      error={error}
      size="md"
      rightSection={<ChevronDownIcon size={16} />}
      rightSectionPointerEvents="none"
      {...field}
      value={value}
    />
  );
}
