import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MassRow } from '@ledgerline/contract';
import { MASS_ROW_ERROR_KEY } from '@ledgerline/domain/mass-transfers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { useUpdateMassRow } from '../api/rows';
import { rowMessage } from '../texts';
import type { MassColumn } from './row-table';
import classes from './mass.module.css';

/**
 * Fixes one row in place (issue 17): a field per column of the type's file, each with the error
 * the server found on that cell. Saving validates the row again; a row still wrong stays open with
 * its new errors, a valid one closes.
 */
export function RowDialog({
  batchId,
  row,
  columns,
  onClose,
}: {
  batchId: number;
  row: MassRow | null;
  columns: readonly MassColumn[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={row !== null}
      onClose={onClose}
      title={row ? t('massTransfers.fix.title', { row: row.rowNumber }) : ''}
      closeLabel={t('massTransfers.close')}
      size="lg"
    >
      {row && (
        <RowForm
          key={row.rowNumber}
          batchId={batchId}
          row={row}
          columns={columns}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RowForm({
  batchId,
  row,
  columns,
  onClose,
}: {
  batchId: number;
  row: MassRow;
  columns: readonly MassColumn[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateMassRow();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((column) => [column.key, row.fields[column.key] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>(row.errors);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { batchId, rowNumber: row.rowNumber, fields: values },
      {
        onSuccess: ({ row: checked }) => {
          if (checked.status === 'valid') onClose();
          else setErrors(checked.errors);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.validationErrors : undefined;
          if (fields)
            setErrors(
              Object.fromEntries(
                Object.entries(fields).map(([key, message]) => [
                  key.replace(/^fields\./, ''),
                  message,
                ]),
              ),
            );
        },
      },
    );
  };
  const rowError = errors[MASS_ROW_ERROR_KEY];

  return (
    <form noValidate onSubmit={save}>
      <fieldset disabled={update.isPending} className={classes.fieldset}>
        <Stack gap="sm">
          {rowError && (
            <Text role="alert" c="red.9" size="sm">
              {rowMessage(t, rowError)}
            </Text>
          )}
          {columns.map((column, index) => {
            const message = errors[column.key];
            return (
              <TextInput
                key={column.key}
                label={column.header}
                required={column.required}
                value={values[column.key] ?? ''}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setValues((current) => ({ ...current, [column.key]: text }));
                }}
                error={message ? rowMessage(t, message) : undefined}
                maxLength={256}
                data-autofocus={
                  (message !== undefined && Object.keys(errors)[0] === column.key) ||
                  (Object.keys(errors).length === 0 && index === 0)
                    ? true
                    : undefined
                }
              />
            );
          })}
          {update.isError && !isApiError(update.error) && (
            <Text role="alert" c="red.9" size="sm">
              {describeApiError(t, update.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('massTransfers.fix.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('massTransfers.fix.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
