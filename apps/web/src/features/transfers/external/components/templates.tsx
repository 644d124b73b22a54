import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  eftBankDetailsSchema,
  wireBankDetailsSchema,
  type EftBankDetails,
  type WireBankDetails,
  type PaymentTemplate,
} from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPopup } from '@/ui/error-popup';
import { useDeletePaymentTemplate, usePaymentTemplates } from '../api/lookups';
import { localizedApiError } from '../format';
import type { ExternalFormValues } from '../form-model';
import { SELECT_LOOK, type ExternalForm } from './select-look';

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** A template's type and bank details (what savePaymentTemplate takes beside the name). */
export type TemplateDetails =
  { type: 'wire'; bankDetails: WireBankDetails } | { type: 'eft'; bankDetails: EftBankDetails };

/**
 * The payee of a wire or EFT as a template's bank details, or null when the form's payee cannot
 * be one (e.g. an ACH wire has no IBAN and no BIC to save).
 */
export function templateDetailsOf(
  type: 'wire' | 'eft',
  values: ExternalFormValues,
  currency: string,
): TemplateDetails | null {
  if (type === 'wire') {
    const parsed = wireBankDetailsSchema.safeParse({
      beneficiaryName: values.beneficiaryName,
      countryCode: values.countryCode,
      iban: blankToUndefined(values.iban),
      accountNumber: values.iban.trim() === '' ? blankToUndefined(values.accountNumber) : undefined,
      swift: blankToUndefined(values.swift),
      bankName: blankToUndefined(values.bankName),
      bankAddress: blankToUndefined(values.bankAddress),
      currency,
    });
    return parsed.success ? { type: 'wire', bankDetails: parsed.data } : null;
  }
  const parsed = eftBankDetailsSchema.safeParse({
    beneficiaryName: values.beneficiaryName,
    countryCode: values.countryCode,
    accountNumber: values.accountNumber,
    bankCode: values.bankCode,
    branchCode: blankToUndefined(values.branchCode),
    currency,
  });
  return parsed.success ? { type: 'eft', bankDetails: parsed.data } : null;
}

/** Fills the payee from a template (the country first: the wire's scheme and EFT's codes depend on it). */
function applyTemplate(form: ExternalForm, template: PaymentTemplate) {
  const details = template.bankDetails;
  const set = (
    name: keyof Omit<ExternalFormValues, 'extra' | 'toOwnAccount'>,
    value: string | undefined,
  ) => form.setValue(name, value ?? '', { shouldDirty: true });
  set('countryCode', details.countryCode);
  set('beneficiaryName', details.beneficiaryName);
  set('accountNumber', details.accountNumber);
  if (template.type === 'wire') {
    set('iban', template.bankDetails.iban);
    set('swift', template.bankDetails.swift);
    set('bankName', template.bankDetails.bankName);
    set('bankAddress', template.bankDetails.bankAddress);
  } else {
    set('bankCode', template.bankDetails.bankCode);
    set('branchCode', template.bankDetails.branchCode);
  }
}

/** Saved payees of this type: pick one to fill the form, or delete it. Disabled templates are listed but cannot be used. */
export function TemplatePicker({ type, form }: { type: 'wire' | 'eft'; form: ExternalForm }) {
  const { t } = useTranslation();
  const templates = usePaymentTemplates(type);
  const remove = useDeletePaymentTemplate(type);
  const [chosen, setChosen] = useState('');
  const list = templates.data ?? [];
  if (list.length === 0) return null;
  const template = list.find((item) => String(item.id) === chosen);
  const statusOf = (item: PaymentTemplate) =>
    item.type === 'wire' ? item.wireStatus : item.eftStatus;
  return (
    <Stack gap="xs">
      <NativeSelect
        {...SELECT_LOOK}
        label={t('externalTransfer.templates.label')}
        value={chosen}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setChosen(value);
          const picked = list.find((item) => String(item.id) === value);
          if (picked && statusOf(picked) === 'active') applyTemplate(form, picked);
        }}
        data={[
          { value: '', label: t('externalTransfer.templates.none') },
          ...list.map((item) => ({
            value: String(item.id),
            label:
              statusOf(item) === 'active'
                ? item.name
                : t('externalTransfer.templates.disabledOption', { name: item.name }),
            disabled: statusOf(item) !== 'active',
          })),
        ]}
      />
      {template && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('externalTransfer.templates.filled', { name: template.name })}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            loading={remove.isPending}
            onClick={() => remove.mutate(template.id, { onSuccess: () => setChosen('') })}
          >
            {t('externalTransfer.templates.delete')}
          </Button>
        </Group>
      )}
      <ErrorPopup
        error={remove.error ? localizedApiError(t, remove.error) : null}
        onClose={() => remove.reset()}
      />
    </Stack>
  );
}
