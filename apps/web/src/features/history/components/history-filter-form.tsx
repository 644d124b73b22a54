import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { HISTORY_STATUSES, type TransactionType } from '@ledgerline/contract';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '@/ui/date-field';
import { ChevronDownIcon } from '@/ui/icons';
import { EMPTY_FILTER, filterFormSchema, isFiltered, type FilterValues } from '../filter';
import classes from './history.module.css';

const selectProps = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none',
} as const;

/**
 * The history filter of spec 2 §3 (the account is chosen above it). Nothing is asked while typing:
 * "Show" applies the fields, "Clear filters" empties them. Messages are i18n keys from the schema.
 */
export function HistoryFilterForm({
  values,
  types,
  onApply,
  onInvalid,
}: {
  values: FilterValues;
  types: readonly TransactionType[];
  onApply: (values: FilterValues) => void;
  /** "Show" was pressed on a filter that does not hold (e.g. the end date before the start). */
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FilterValues>({
    resolver: schemaResolver(filterFormSchema),
    defaultValues: values,
  });
  // The address may change without this form (back button, a link): show what it now holds. Not
  // after the form's own apply, which the form already shows (and the customer may be typing on).
  const shown = useRef(JSON.stringify(values));
  useEffect(() => {
    const next = JSON.stringify(values);
    if (next === shown.current) return;
    shown.current = next;
    reset(values);
  }, [values, reset]);
  const apply = (applied: FilterValues) => {
    shown.current = JSON.stringify(applied);
    onApply(applied);
  };
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const all = { value: '', label: t('history.filter.all') };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={handleSubmit(apply, () => onInvalid())}
        noValidate
        role="search"
        aria-label={t('history.filter.label')}
      >
        <div className={classes.filterGrid}>
          <TextInput
            className={classes.wide}
            label={t('history.filter.keyword')}
            description={t('history.filter.keywordHint')}
            error={message(errors.keyword?.message)}
            {...register('keyword')}
          />
          <NativeSelect
            label={t('history.filter.type')}
            data={[all, ...types.map((type) => ({ value: type.code, label: type.name }))]}
            error={message(errors.transactionType?.message)}
            {...selectProps}
            {...register('transactionType')}
          />
          <NativeSelect
            label={t('history.filter.direction')}
            data={[
              all,
              { value: 'in', label: t('history.moneyIn') },
              { value: 'out', label: t('history.moneyOut') },
            ]}
            {...selectProps}
            {...register('direction')}
          />
          <FormDateField
            control={control}
            name="fromDate"
            label={t('history.filter.fromDate')}
            error={message(errors.fromDate?.message)}
          />
          <FormDateField
            control={control}
            name="toDate"
            label={t('history.filter.toDate')}
            error={message(errors.toDate?.message)}
          />
          <TextInput
            label={t('history.filter.amountFrom')}
            inputMode="decimal"
            autoComplete="off"
            error={message(errors.amountFrom?.message)}
            {...register('amountFrom')}
          />
          <TextInput
            label={t('history.filter.amountTo')}
            inputMode="decimal"
            autoComplete="off"
            error={message(errors.amountTo?.message)}
            {...register('amountTo')}
          />
          <NativeSelect
            label={t('history.filter.status')}
            data={[
              all,
              ...HISTORY_STATUSES.map((status) => ({
                value: status,
                label: t(`history.status.${status}`),
              })),
            ]}
            {...selectProps}
            {...register('status')}
          />
          <TextInput
            className={classes.wide}
            type="email"
            label={t('history.filter.email')}
            autoComplete="off"
            error={message(errors.email?.message)}
            {...register('email')}
          />
        </div>
        <Group gap="xs" mt="md">
          <Button type="submit">{t('history.filter.apply')}</Button>
          {isFiltered(values) && (
            <Button
              variant="default"
              onClick={() => {
                reset(EMPTY_FILTER);
                apply(EMPTY_FILTER);
              }}
            >
              {t('history.filter.clear')}
            </Button>
          )}
        </Group>
      </form>
    </Paper>
  );
}
