import { FileInput, type FileInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file field whose chosen file can be removed again: Mantine's FileInput with its clear
 * button named in the page's language (a bare clear button is a button without a name to a
 * screen reader). The forms' one way to ask for a single file.
 */
export function FileField({
  ref,
  ...props
}: FileInputProps<false> & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  return (
    <FileInput
      ref={ref}
      clearable
      clearButtonProps={{ 'aria-label': t('fileField.clear') }}
      {...props}
    />
  );
}
