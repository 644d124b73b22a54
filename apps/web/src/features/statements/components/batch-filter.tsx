import { Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { BATCH_TRANSFER_TYPES } from '@ledgerline/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDateField } from '@/ui/date-field';
import { fieldMessage } from '@/ui/field-message';
import type { BatchFilter } from '../keys';
import classes from './statements.module.css';
import frame from '@/ui/page-frame.module.css';

const DAY = /^$|^\d{4}-\d{2}-\d{2}$/;

const filterSchema = z
  .object({
    search: z.string().trim().max(100, 'validation.tooLong'),
    types: z.array(z.enum(BATCH_TRANSFER_TYPES)),
    from: z.string().regex(DAY, 'validation.date'),
    to: z.string().regex(DAY, 'validation.date'),
  })
  .refine((value) => !value.from || !value.to || value.to >= value.from, {
    path: ['to'],
    message: 'validation.dateRangeOrder',
  });
export type BatchFilterValues = z.infer<typeof filterSchema>;

/** The batch filter of spec 2 §3: search text, types, from and to; applied with "Show". */
export function BatchFilterForm({
  filter,
  onApply,
}: {
  filter: BatchFilter;
  onApply: (values: BatchFilterValues) => void;
}) {
  const { t } = useTranslation();
  const empty: BatchFilterValues = { search: '', types: [], from: '', to: '' };
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BatchFilterValues>({
    resolver: schemaResolver(filterSchema),
    defaultValues: {
      search: filter.search ?? '',
      types: filter.types.filter((type): type is BatchFilterValues['types'][number] =>
        (BATCH_TRANSFER_TYPES as readonly string[]).includes(type),
      ),
      from: filter.from ?? '',
      to: filter.to ?? '',
    },
  });
  const filtered = !!filter.search || filter.types.length > 0 || !!filter.from || !!filter.to;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(event) => void handleSubmit(onApply)(event)}
        noValidate
        role="search"
        aria-label={t('statements.batches.filter.label')}
      >
        <Stack gap="md">
          <div className={classes.filterRow}>
            <TextInput
              label={t('statements.batches.filter.search')}
              error={fieldMessage(t, errors.search?.message)}
              {...register('search')}
            />
            <FormDateField
              control={control}
              name="from"
              label={t('statements.batches.filter.from')}
              error={fieldMessage(t, errors.from?.message)}
            />
            <FormDateField
              control={control}
              name="to"
              label={t('statements.batches.filter.to')}
              error={fieldMessage(t, errors.to?.message)}
            />
          </div>
          <Controller
            control={control}
            name="types"
            render={({ field }) => (
              <fieldset className={frame.fieldset}>
                <legend className={classes.legend}>{t('statements.batches.filter.types')}</legend>
                <Checkbox.Group value={field.value} onChange={(value) => field.onChange(value)}>
                  <div className={classes.typeGrid}>
                    {BATCH_TRANSFER_TYPES.map((type) => (
                      <Checkbox
                        key={type}
                        value={type}
                        label={t(`statements.batches.types.${type}`)}
                      />
                    ))}
                  </div>
                </Checkbox.Group>
              </fieldset>
            )}
          />
          <Group gap="xs">
            <Button type="submit">{t('statements.batches.filter.apply')}</Button>
            {filtered && (
              <Button
                variant="default"
                onClick={() => {
                  reset(empty);
                  onApply(empty);
                }}
              >
                {t('statements.batches.filter.clear')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
