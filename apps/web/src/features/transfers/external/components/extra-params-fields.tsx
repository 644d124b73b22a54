import { NativeSelect, Stack, TextInput } from '@mantine/core';
import type { ExtraParam } from '@ledgerline/contract';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { externalMessage } from '../format';
import { visibleExtraParams } from '../form-model';
import { SELECT_LOOK, type ExternalForm } from './select-look';

/**
 * The extra parameters a transfer of this type to this country asks for (getExtraParams), in the
 * server's order and words. A select's nested list (options.extraParams) appears under it once
 * the answer that opens it is chosen.
 */
export function ExtraParamsFields({
  params,
  form,
}: {
  params: readonly ExtraParam[];
  form: ExternalForm;
}) {
  const { t } = useTranslation();
  const answers = useWatch({ control: form.control, name: 'extra' });
  const visible = visibleExtraParams(params, answers ?? {});
  const errors = form.formState.errors.extra as
    Record<string, { message?: string } | undefined> | undefined;
  return (
    <Stack gap="sm">
      {visible.map((param) => {
        const error = externalMessage(t, errors?.[param.name]?.message);
        const field = form.register(`extra.${param.name}`);
        return param.type === 'select' ? (
          <NativeSelect
            key={param.name}
            {...SELECT_LOOK}
            label={param.label}
            withAsterisk={param.required}
            data={[{ value: '', label: t('externalTransfer.chooseOption') }, ...param.values]}
            error={error}
            {...field}
          />
        ) : (
          <TextInput
            key={param.name}
            label={param.label}
            withAsterisk={param.required}
            maxLength={param.maxLength ?? undefined}
            autoComplete="off"
            error={error}
            {...field}
          />
        );
      })}
    </Stack>
  );
}
