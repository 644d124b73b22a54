import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '@/ui/icons';
import classes from './profile.module.css';

/**
 * A success said in words in a live region, until the next change or until closed. The region
 * is always there (empty in between), so screen readers announce the text when it appears.
 */
export function SuccessNotice({
  text,
  onClose,
}: {
  text: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={classes.live}>
      {text && (
        <Alert
          color="teal"
          variant="light"
          icon={<CheckCircleIcon />}
          withCloseButton
          closeButtonLabel={t('profile.close')}
          onClose={onClose}
        >
          {text}
        </Alert>
      )}
    </div>
  );
}
