import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignOutIcon } from '@/ui/icons';
import { useSignOut } from '../api/logout';

export function SignOutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<SignOutIcon size={16} />}
      loading={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      {t('session.signOut')}
    </Button>
  );
}
