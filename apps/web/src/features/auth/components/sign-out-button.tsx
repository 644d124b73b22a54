import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignOutIcon } from '@/ui/icons';
import { useSignOut } from '../api/logout';
import classes from './sign-out-button.module.css';

export function SignOutButton({
  isLabelAlwaysShown = false,
  fullWidth = false,
}: {
  /** Keep the text on a phone too (the phone navigation's "More" sheet has the room for it). */
  isLabelAlwaysShown?: boolean;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Button
      variant="default"
      size="sm"
      fullWidth={fullWidth}
      leftSection={<SignOutIcon size={16} />}
      loading={signOut.isPending}
      onClick={() => signOut.mutate()}
      classNames={isLabelAlwaysShown ? undefined : { root: classes.root, section: classes.section }}
    >
      {/* On phones only the icon shows; the text stays as the button's accessible name. */}
      <span className={isLabelAlwaysShown ? undefined : classes.label}>{t('session.signOut')}</span>
    </Button>
  );
}
