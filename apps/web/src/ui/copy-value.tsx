import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, CopyIcon } from './icons';

/**
 * A copy button named after what it copies ("Copy IBAN") that says so once copied ("IBAN
 * copied"), for bank details a payer types into another bank's form.
 */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('copyValue.copied') : t('copyValue.copy')} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'subtle'}
            color={copied ? 'green.9' : 'gray.8'}
            onClick={copy}
            aria-label={
              copied
                ? t('copyValue.copiedField', { field: label })
                : t('copyValue.copyField', { field: label })
            }
          >
            {copied ? <CheckCircleIcon size={16} /> : <CopyIcon size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
